// Resources admin: what only resources do. The image is optional (the card shows a default one),
// the link is required with its own message, the texts have their maximum lengths, and
// /resources shows a new resource first on the next request. Everything the content kit gives
// every type (list, search, paging, 404s, the session, flashes, failed writes, audit, link and
// image address checks, image files) is proved once in app/content/kit/kit*.test.ts.
import { expect, it } from "vitest";
import { getCollections } from "#db/client.server";
import { RESOURCE_LINK_REQUIRED, RESOURCE_REQUIRED } from "~/content/resources";
import { freshAdminEachTest, statusOf } from "../../../tests/support/admin-request";
import { callMultipart } from "../../../tests/support/admin-upload";
import { itKeepsTextsUpToTheirMaximum } from "../../../tests/support/text-limits";
import { loader as resourcesLoader } from "../resources";
import { action } from "./resources";

const me = freshAdminEachTest(["resources"]);

const post = (fields: Record<string, string>) =>
  callMultipart(action, "/admin/dashboard/resources", { cookie: me.cookie, fields });
const stored = async () => (await getCollections()).resources.find({}).toArray();

const DEMO_IMAGE = "/demo/resource-mdn.webp";
const valid = {
  intent: "save",
  title: "The accessibility handbook",
  description: "Everything about WCAG, with examples.",
  link: "https://www.w3.org/WAI/",
  image: DEMO_IMAGE,
  imageAlt: "The MDN logo",
};

it("needs no image (the card shows the default one)", async () => {
  expect((await post({ ...valid, image: "" })).status).toBe(302);
  expect((await stored())[0]?.image).toBe("");
});

it("says which texts are missing: one message for title and description, one for the link", async () => {
  const outcome = await post({ intent: "save", title: " ", description: "", link: "" });
  expect(statusOf(outcome)).toBe(400);
  expect(outcome.data.result.error).toEqual({
    title: [RESOURCE_REQUIRED],
    description: [RESOURCE_REQUIRED],
    link: [RESOURCE_LINK_REQUIRED],
  });
  expect(await stored()).toEqual([]);
});

itKeepsTextsUpToTheirMaximum(
  [
    ["title", 160],
    ["description", 1000],
  ],
  { valid, post, stored },
);

it("shows first on /resources on the next request", async () => {
  const { resources } = await getCollections();
  const earlier = new Date(Date.UTC(2026, 0, 1));
  await resources.insertOne({
    ...valid,
    title: "Earlier",
    createdAt: earlier,
    updatedAt: earlier,
  } as never);
  await post(valid);
  const page = await resourcesLoader();
  expect(page.resources.map((r) => r.title)).toEqual([valid.title, "Earlier"]);
  expect(page.resources[0]).toMatchObject({ link: valid.link, image: DEMO_IMAGE });
});
