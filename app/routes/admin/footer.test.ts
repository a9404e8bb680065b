// The footer editor's loader and action, signed in (issue 6: 'Copyright is required.', rows
// added and removed without JavaScript, saved footer on the public shell).
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { footerStore } from "~/content/documents.server";
import { footer } from "~/content/footer";
import { createAdmin } from "~/domain/admin.server";
import { OPERATOR_CLI } from "~/domain/audit";
import { createSession } from "~/domain/session.server";
import { formPost, runAction } from "../../../tests/support/visitor-forms";
import { action } from "./footer";

const getFooter = () => footerStore.get();

afterAll(closeDatabase);

let cookie: string;
beforeEach(async () => {
  const { admins, sessions, footer } = await getCollections();
  await Promise.all([admins.deleteMany({}), sessions.deleteMany({}), footer.deleteMany({})]);
  const created = await createAdmin(
    {
      email: "me@bureau.test",
      password: "a long and unusual passphrase",
    },
    OPERATOR_CLI,
  );
  if (!created.ok) throw new Error(created.message);
  cookie = (await createSession(created.admin._id)).setCookie.split(";")[0] as string;
});

const post = (fields: Record<string, string>) =>
  formPost("/admin/dashboard/footer?edit", fields, { headers: { Cookie: cookie } });

const valid = {
  copyright: "Acme Studio",
  "links[0].label": "About Us",
  "links[0].url": "/about",
  "links[1].label": "",
  "links[1].url": "",
  "social[0].platform": "LinkedIn",
  "social[0].url": "https://www.linkedin.com/company/acme",
};

describe("footer editor", () => {
  it("saves the footer, drops blank rows, records who saved it, and redirects with a message", async () => {
    const res = await runAction(action, await post(valid));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/dashboard/footer");
    expect(res.headers?.get("Set-Cookie")).toContain("flash");
    expect(await getFooter()).toMatchObject({
      copyright: "Acme Studio",
      links: [{ label: "About Us", url: "/about" }],
      social: [{ platform: "LinkedIn", url: "https://www.linkedin.com/company/acme" }],
    });
    const doc = await (await getCollections()).footer.findOne({ _id: SINGLETON_ID });
    expect(doc?.updatedBy).toBe("me@bureau.test");
    expect(footer.texts.saved).toBe("Footer updated.");
  });

  it.each([
    ["no copyright", { copyright: "" }, "copyright", "Copyright is required."],
    [
      "a link without its address",
      { "links[1].label": "Blog" },
      "links[1].url",
      "Link is required.",
    ],
    ["a link without a label", { "links[1].url": "/blog" }, "links[1].label", "Label is required."],
    [
      "a javascript: link",
      { "links[0].url": "javascript:alert(1)" },
      "links[0].url",
      "Enter a page of this site (/about), an http(s) address or a mailto: link.",
    ],
    [
      "a social profile that is not a web address",
      { "social[0].url": "/about" },
      "social[0].url",
      "Enter the profile's http(s) address.",
    ],
  ])("refuses %s with 400 beside the field, saving nothing", async (_, change, field, message) => {
    const res = await runAction(action, await post({ ...valid, ...change }));
    expect(res.status).toBe(400);
    expect(res.data.result.error[field]).toEqual([message]);
    expect(await getFooter()).toBeNull();
  });

  it("adds and removes rows without JavaScript (conform's intent buttons), saving nothing", async () => {
    const insert = await runAction(
      action,
      await post({
        ...valid,
        __intent__: JSON.stringify({
          type: "insert",
          payload: { name: "social", defaultValue: { platform: "", url: "" } },
        }),
      }),
    );
    expect(insert.status).toBe(200);
    expect(insert.data.result.initialValue.social).toHaveLength(2);
    const remove = await runAction(
      action,
      await post({
        ...valid,
        __intent__: JSON.stringify({ type: "remove", payload: { name: "links", index: 0 } }),
      }),
    );
    expect(remove.status).toBe(200);
    expect(remove.data.result.initialValue.links).toHaveLength(1);
    expect(await getFooter()).toBeNull();
  });
});
