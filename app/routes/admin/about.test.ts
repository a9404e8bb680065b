// The about page editor's loader and action, signed in (issue 6: mission, values, contact
// e-mail and phone are required, 'Mission and values are required.', 'Contact email and phone
// are required.'): every validation message, team rows added and removed by conform's intent
// buttons without JavaScript, team portraits posted with the form, removed or replaced
// portraits deleted once unused, and no session.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import {
  ABOUT_CONTACT_REQUIRED,
  ABOUT_EMAIL_INVALID,
  aboutPage,
  MISSION_VALUES_REQUIRED,
  TEAM_IMAGE_INVALID,
  TEAM_NAME_REQUIRED,
} from "~/content/about-page";
import { signInFresh } from "../../../tests/support/admin-request";
import {
  callMultipart,
  clearStoredImages,
  pngFile as png,
  SVG_REFUSED,
  storedImages,
  storedImageUrls,
} from "../../../tests/support/admin-upload";
import { loader as publicLoader } from "../about";
import { action } from "./about";

afterAll(closeDatabase);

let cookie: string;
beforeEach(async () => {
  const { aboutPage } = await getCollections();
  await Promise.all([aboutPage.deleteMany({}), clearStoredImages()]);
  ({ cookie } = await signInFresh("about@bureau.test"));
  await aboutPage.insertOne({
    _id: SINGLETON_ID,
    title: "Old title",
    content: "Old intro",
    mission: "Old mission",
    values: "Old value",
    team: [{ name: "Old member", role: "Old role", image: "/demo/team-elena-vasquez.webp" }],
    contact: { email: "old@bureau.test", phone: "+49 1" },
    updatedAt: new Date("2026-01-01T00:00:00Z"),
  });
});

const save = (fields: Record<string, string | Blob>) =>
  callMultipart(action, "/admin/dashboard/about?edit", { cookie, fields });
const pngFile = (name: string, size = 24) => png(name, size, size);
const doc = async () => (await getCollections()).aboutPage.findOne({ _id: SINGLETON_ID });

const valid = {
  title: "About Acme",
  content: "Acme builds websites.",
  mission: "We make the web better.",
  values: "Clarity: plain words.\r\nCraft: work that lasts.",
  "team[0].name": "Ada Lovelace",
  "team[0].role": "Engineer",
  "team[0].image": "/demo/team-amara-okafor.webp",
  "team[0].imageAlt": "Ada at her desk",
  "team[1].name": "",
  "team[1].role": "",
  "team[1].image": "",
  "contact.email": "hello@acme.test",
  "contact.phone": "+49 30 123",
};

const intent = (value: object) => JSON.stringify(value);

describe("about page editor", () => {
  it("saves (blank rows dropped), records who and when, and /about shows it next", async () => {
    const response = await save(valid);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard/about");
    expect(response.headers.get("Set-Cookie")).toContain("flash");
    expect(aboutPage.texts.saved).toBe("About page updated.");
    const saved = await doc();
    expect(saved).toMatchObject({
      title: "About Acme",
      content: "Acme builds websites.",
      mission: "We make the web better.",
      values: "Clarity: plain words.\nCraft: work that lasts.",
      team: [{ name: "Ada Lovelace", role: "Engineer", image: "/demo/team-amara-okafor.webp" }],
      updatedBy: "about@bureau.test",
    });
    // The contact line is the site settings' e-mail and phone: saved there, not twice.
    expect(saved).not.toHaveProperty("contact");
    const settings = await (await getCollections()).siteSettings.findOne({ _id: SINGLETON_ID });
    expect(settings).toMatchObject({ email: "hello@acme.test", phone: "+49 30 123" });
    expect(saved?.updatedAt.getTime()).toBeGreaterThan(Date.parse("2026-01-02"));
    expect(saved?.createdAt).toBeUndefined();

    const page = await publicLoader();
    expect(page.about?.title).toBe("About Acme");
    expect(page.values).toEqual(["Clarity: plain words.", "Craft: work that lasts."]);
    expect(page.about?.team.map((m) => m.name)).toEqual(["Ada Lovelace"]);
    expect(page.about?.contact).toEqual({ email: "hello@acme.test", phone: "+49 30 123" });
  });

  it("creates the document the first time, with createdAt", async () => {
    await (await getCollections()).aboutPage.deleteMany({});
    expect((await save(valid)).status).toBe(302);
    const saved = await doc();
    expect(saved?.createdAt).toBeInstanceOf(Date);
    expect(saved?.updatedBy).toBe("about@bureau.test");
  });

  it("may empty the team by leaving its one row blank", async () => {
    const response = await save({
      ...valid,
      "team[0].name": "",
      "team[0].role": "",
      "team[0].image": "",
    });
    expect(response.status).toBe(302);
    expect((await doc())?.team).toEqual([]);
  });

  it.each([
    ["no mission", { mission: "" }, "mission", MISSION_VALUES_REQUIRED],
    ["a blank mission", { mission: "  \r\n " }, "mission", MISSION_VALUES_REQUIRED],
    ["no values", { values: "" }, "values", MISSION_VALUES_REQUIRED],
    ["no contact email", { "contact.email": "" }, "contact.email", ABOUT_CONTACT_REQUIRED],
    ["no contact phone", { "contact.phone": " " }, "contact.phone", ABOUT_CONTACT_REQUIRED],
    ["an email that is not one", { "contact.email": "x@" }, "contact.email", ABOUT_EMAIL_INVALID],
    ["a role without a name", { "team[1].role": "Designer" }, "team[1].name", TEAM_NAME_REQUIRED],
    [
      "a javascript: portrait",
      { "team[0].image": "javascript:alert(1)" },
      "team[0].image",
      TEAM_IMAGE_INVALID,
    ],
  ])("refuses %s with 400 beside the field, saving nothing", async (_, change, field, message) => {
    const before = await doc();
    const result = await save({ ...valid, ...change });
    expect(result.init.status).toBe(400);
    expect(result.data.result.error[field]).toEqual([message]);
    expect(await doc()).toEqual(before);
  });

  it("gives each missing field its message when all are missing", async () => {
    const result = await save({ title: "Only a title" });
    expect(result.init.status).toBe(400);
    const { error } = result.data.result;
    expect(error.mission).toEqual([MISSION_VALUES_REQUIRED]);
    expect(error.values).toEqual([MISSION_VALUES_REQUIRED]);
    expect(error["contact.email"]).toEqual([ABOUT_CONTACT_REQUIRED]);
    expect(error["contact.phone"]).toEqual([ABOUT_CONTACT_REQUIRED]);
  });

  it("adds and removes team rows without JavaScript (intent buttons), saving nothing", async () => {
    const before = await doc();
    const insert = await save({
      ...valid,
      __intent__: intent({
        type: "insert",
        payload: { name: "team", defaultValue: { name: "", role: "", image: "" } },
      }),
    });
    expect(insert.init.status).toBe(200);
    expect(insert.data.result.initialValue.team).toHaveLength(3);
    // What was typed comes back.
    expect(insert.data.result.initialValue.team[0].name).toBe("Ada Lovelace");
    expect(insert.data.result.initialValue.mission).toBe(valid.mission);

    const remove = await save({
      ...valid,
      __intent__: intent({ type: "remove", payload: { name: "team", index: 0 } }),
    });
    expect(remove.init.status).toBe(200);
    expect(remove.data.result.initialValue.team).toHaveLength(1);
    expect(await doc()).toEqual(before);
    expect(await storedImages()).toHaveLength(0);
  });

  it("keeps a portrait picked without JavaScript when a row is added, not one in a removed row", async () => {
    const added = await save({
      ...valid,
      "team[0].imageFile": await pngFile("ada.png"),
      __intent__: intent({ type: "insert", payload: { name: "team" } }),
    });
    expect(added.init.status).toBe(200);
    const kept = added.data.result.initialValue.team[0].image;
    expect(kept).toMatch(/^\/images\/[0-9a-f]{24}$/);
    expect(await storedImageUrls()).toEqual([kept]);

    const removed = await save({
      ...valid,
      "team[1].name": "Grace",
      "team[1].imageFile": await pngFile("grace.png"),
      __intent__: intent({ type: "remove", payload: { name: "team", index: 1 } }),
    });
    expect(removed.data.result.initialValue.team).toHaveLength(1);
    expect(await storedImageUrls()).toEqual([kept]);
  });

  it("stores portraits posted with the form (no JavaScript) and /about shows them", async () => {
    const response = await save({
      ...valid,
      "team[0].imageFile": await pngFile("ada.png"),
      "team[1].name": "Grace Hopper",
      "team[1].role": "Admiral",
      "team[1].imageFile": await pngFile("grace.png", 30),
      "team[1].imageDecorative": "on",
    });
    expect(response.status).toBe(302);
    const team = (await doc())?.team ?? [];
    expect(team.map((m) => m.name)).toEqual(["Ada Lovelace", "Grace Hopper"]);
    for (const member of team) expect(member.image).toMatch(/^\/images\/[0-9a-f]{24}$/);
    expect((await storedImageUrls()).sort()).toEqual(team.map((m) => m.image).sort());
    const page = await publicLoader();
    expect(page.about?.team.map((m) => m.image)).toEqual(team.map((m) => m.image));
  });

  it("deletes the portraits of removed rows and replaced or removed portraits once unused", async () => {
    await save({
      ...valid,
      "team[0].imageFile": await pngFile("a.png"),
      "team[1].name": "Grace",
      "team[1].imageFile": await pngFile("b.png"),
      "team[1].imageAlt": "Grace on deck",
    });
    const [a, b] = ((await doc())?.team ?? []).map((m) => m.image) as [string, string];
    // Row 2 removed (only row 1 posted): its portrait goes.
    await save({ ...valid, "team[0].image": a, "team[1].name": "" });
    expect(await storedImageUrls()).toEqual([a]);
    expect(b).not.toBe(a);
    // Replaced: the old one goes.
    await save({ ...valid, "team[0].image": a, "team[0].imageFile": await pngFile("c.png") });
    const c = (await doc())?.team[0]?.image as string;
    expect(await storedImageUrls()).toEqual([c]);
    // The same file used elsewhere stays when the row lets it go.
    const { heroSection } = await getCollections();
    await heroSection.insertOne({
      _id: SINGLETON_ID,
      title: "T",
      subtitle: "",
      image: c,
      ctaText: "",
      ctaLink: "",
      updatedAt: new Date(),
    });
    await save({ ...valid, "team[0].image": c, "team[0].imageRemove": "on" });
    expect((await doc())?.team[0]?.image).toBe("");
    expect(await storedImageUrls()).toEqual([c]);
    await heroSection.deleteMany({});
  });

  it("refuses a portrait without a name, and a file that is not an image, storing nothing", async () => {
    const unnamed = await save({ ...valid, "team[1].imageFile": await pngFile("x.png") });
    expect(unnamed.init.status).toBe(400);
    expect(unnamed.data.result.error["team[1].name"]).toEqual([TEAM_NAME_REQUIRED]);

    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "a.svg", {
      type: "image/svg+xml",
    });
    const refused = await save({
      ...valid,
      "team[0].imageFile": await pngFile("ok.png"),
      "team[1].name": "Grace",
      "team[1].imageFile": svg,
    });
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error["team[1].image"]).toEqual([SVG_REFUSED]);
    // Row 1's file, stored before row 2 was refused, is gone too.
    expect(await storedImages()).toHaveLength(0);
    expect((await doc())?.title).toBe("Old title");
  });
});
