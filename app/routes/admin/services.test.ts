// The service page editor's loader and action, signed in (issue 6: 'Hero title is required.',
// each list's rows added and removed without JavaScript, the last row kept, the hero image
// uploaded, replaced and removed, unknown fields ignored, nobody signed out let in).
import { GridFSBucket } from "mongodb";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { servicePageStore } from "~/content/documents.server";
import {
  SERVICE_HERO_TITLE_REQUIRED,
  SERVICE_ICON_REQUIRED,
  SERVICE_IMAGE_INVALID,
  SERVICE_LINK_INVALID,
  servicePage,
} from "~/content/service-page";
import { IMAGE_BUCKET } from "~/domain/image.server";
import { FORM_UNREADABLE, INTENT_REFUSED } from "~/lib/form-data.server";
import { loader as publicLoader } from "~/routes/services";
import { signInFresh } from "../../../tests/support/admin-request";
import { REFUSED_FILES } from "../../../tests/support/admin-upload";
import { action } from "./services";

const getServicePage = () => servicePageStore.get();

afterAll(closeDatabase);

const PAGE = "http://localhost/admin/dashboard/services?edit";
const EMAIL = "services@bureau.test";
let cookie: string;

const bucket = async () => new GridFSBucket(await getDb(), { bucketName: IMAGE_BUCKET });
const storedFiles = async () => (await bucket()).find({}).toArray();

beforeEach(async () => {
  const { servicePage } = await getCollections();
  await servicePage.deleteMany({});
  for (const file of await storedFiles()) await (await bucket()).delete(file._id);
  ({ cookie } = await signInFresh(EMAIL));
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();

type Fields = Record<string, string | Blob>;

/** Runs the action with a multipart post of `fields`, as the browser sends the form. */
async function post(fields: Fields, withCookie = true) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(PAGE, {
    method: "POST",
    headers: withCookie ? { Cookie: cookie } : {},
    body,
  });
  try {
    // biome-ignore lint/suspicious/noExplicitAny: data() or a Response, depending on the branch.
    return (await action({ request, params: {}, context: {} } as never)) as any;
  } catch (thrown) {
    // biome-ignore lint/suspicious/noExplicitAny: a thrown redirect.
    return thrown as any;
  }
}

const statusOf = (res: { status?: number; init?: { status?: number } }) =>
  res instanceof Response ? res.status : (res.init?.status ?? 200);

const valid: Fields = {
  "hero.title": "What we build",
  "hero.subtitle": "Websites and apps.",
  "hero.image": "/demo/services-hero.webp",
  "hero.imageAlt": "A designer sketching an app screen",
  "services[0].title": "Web Development",
  "services[0].description": "Fast websites.",
  "services[0].icon": "globe",
  "services[1].title": "",
  "services[1].description": "",
  "services[1].icon": "briefcase",
  "benefits[0].title": "Senior team",
  "benefits[0].description": "No juniors learning on your budget.",
  "benefits[0].icon": "trophy",
  "processSteps[0].title": "Discover",
  "processSteps[0].description": "We listen first.",
  "processSteps[1].title": "Build",
  "processSteps[1].description": "In small steps.",
  "cta.title": "Ready?",
  "cta.subtitle": "Tell us about it.",
  "cta.buttons[0].label": "Get a quote",
  "cta.buttons[0].link": "/quote",
  "cta.buttons[1].label": "Our work",
  "cta.buttons[1].link": "https://example.com/work",
};

const intent = (value: object) => ({ __intent__: JSON.stringify(value) });

describe("service page editor", () => {
  it("saves the page, drops blank rows, stamps who and when, and the public page shows it", async () => {
    const res = await post(valid);
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/dashboard/services");
    expect(res.headers.get("Set-Cookie")).toContain("flash");
    expect(servicePage.texts.saved).toBe("Service page updated.");
    const doc = await (await getCollections()).servicePage.findOne({ _id: SINGLETON_ID });
    expect(doc).toMatchObject({
      hero: {
        title: "What we build",
        subtitle: "Websites and apps.",
        image: "/demo/services-hero.webp",
      },
      services: [{ title: "Web Development", description: "Fast websites.", icon: "globe" }],
      benefits: [{ title: "Senior team", icon: "trophy" }],
      processSteps: [{ title: "Discover" }, { title: "Build" }],
      cta: {
        title: "Ready?",
        subtitle: "Tell us about it.",
        buttons: [
          { label: "Get a quote", link: "/quote" },
          { label: "Our work", link: "https://example.com/work" },
        ],
      },
      updatedBy: EMAIL,
    });
    expect(Date.now() - (doc?.updatedAt.getTime() ?? 0)).toBeLessThan(60_000);
    expect(doc?.createdAt).toBeInstanceOf(Date);
    const { page } = await publicLoader();
    expect(page?.hero.title).toBe("What we build");
    expect(page?.services.map((s) => s.title)).toEqual(["Web Development"]);
  });

  it("keeps createdAt on a second save and updates updatedAt", async () => {
    await post(valid);
    const first = await (await getCollections()).servicePage.findOne({ _id: SINGLETON_ID });
    await post({ ...valid, "hero.title": "Again" });
    const second = await (await getCollections()).servicePage.findOne({ _id: SINGLETON_ID });
    expect(second?.createdAt).toEqual(first?.createdAt);
    expect(second?.hero.title).toBe("Again");
    expect(second?.updatedAt.getTime()).toBeGreaterThanOrEqual(first?.updatedAt.getTime() ?? 0);
  });

  it.each([
    ["a blank hero title", { "hero.title": "   " }, "hero.title", SERVICE_HERO_TITLE_REQUIRED],
    ["no hero at all", { "hero.title": undefined }, "hero.title", SERVICE_HERO_TITLE_REQUIRED],
    [
      "a hero title over 200 characters",
      { "hero.title": "x".repeat(201) },
      "hero.title",
      "Hero title must be at most 200 characters.",
    ],
    [
      "a subtitle over 1000 characters",
      { "hero.subtitle": "x".repeat(1001) },
      "hero.subtitle",
      "Subtitle must be at most 1000 characters.",
    ],
    [
      "a javascript: image",
      { "hero.image": "javascript:alert(1)" },
      "hero.image",
      SERVICE_IMAGE_INVALID,
    ],
    [
      "a protocol-relative image",
      { "hero.image": "//evil.example/x.png" },
      "hero.image",
      SERVICE_IMAGE_INVALID,
    ],
    [
      "a service without a title",
      { "services[1].description": "Only a description" },
      "services[1].title",
      "Service title is required.",
    ],
    [
      "a service without a description",
      { "services[1].title": "Only a title" },
      "services[1].description",
      "Service description is required.",
    ],
    [
      "a service with an unknown icon",
      { "services[0].icon": "skull" },
      "services[0].icon",
      SERVICE_ICON_REQUIRED,
    ],
    [
      "a benefit without a title",
      { "benefits[0].title": "" },
      "benefits[0].title",
      "Benefit title is required.",
    ],
    [
      "a benefit without a description",
      { "benefits[0].description": "" },
      "benefits[0].description",
      "Benefit description is required.",
    ],
    [
      "a benefit with an unknown icon",
      { "benefits[0].icon": "<script>" },
      "benefits[0].icon",
      SERVICE_ICON_REQUIRED,
    ],
    [
      "a step without a title",
      { "processSteps[1].title": "" },
      "processSteps[1].title",
      "Step title is required.",
    ],
    [
      "a step without a description",
      { "processSteps[0].description": "" },
      "processSteps[0].description",
      "Step description is required.",
    ],
    [
      "a service description over 1000 characters",
      { "services[0].description": "x".repeat(1001) },
      "services[0].description",
      "Description must be at most 1000 characters.",
    ],
    [
      "a button without a label",
      { "cta.buttons[0].label": "" },
      "cta.buttons[0].label",
      "Button label is required.",
    ],
    [
      "a button without a link",
      { "cta.buttons[1].link": "" },
      "cta.buttons[1].link",
      "Button link is required.",
    ],
    [
      "a javascript: button link",
      { "cta.buttons[0].link": "javascript:alert(1)" },
      "cta.buttons[0].link",
      SERVICE_LINK_INVALID,
    ],
    [
      "a protocol-relative button link",
      { "cta.buttons[0].link": "//evil.example" },
      "cta.buttons[0].link",
      SERVICE_LINK_INVALID,
    ],
    [
      "a mailto: button link",
      { "cta.buttons[0].link": "mailto:a@b.c" },
      "cta.buttons[0].link",
      SERVICE_LINK_INVALID,
    ],
    [
      "a button label over 80 characters",
      { "cta.buttons[0].label": "x".repeat(81) },
      "cta.buttons[0].label",
      "Label must be at most 80 characters.",
    ],
  ])("refuses %s with 400 beside the field, saving nothing", async (_, change, field, message) => {
    const fields = Object.fromEntries(
      Object.entries({ ...valid, ...change }).filter(([, v]) => v !== undefined),
    ) as Fields;
    const res = await post(fields);
    expect(statusOf(res)).toBe(400);
    expect(res.data.result.error[field]).toEqual([message]);
    expect(await getServicePage()).toBeNull();
  });

  it("refuses more than 4 buttons", async () => {
    const extra: Fields = {};
    for (let i = 2; i < 5; i++) {
      extra[`cta.buttons[${i}].label`] = `B${i}`;
      extra[`cta.buttons[${i}].link`] = "/contact";
    }
    const res = await post({ ...valid, ...extra });
    expect(statusOf(res)).toBe(400);
    expect(res.data.result.error["cta.buttons"]).toEqual(["At most 4 buttons."]);
  });

  it("adds a row to each list without JavaScript, keeping what was typed, saving nothing", async () => {
    for (const [name, size] of [
      ["services", 3],
      ["benefits", 2],
      ["processSteps", 3],
      ["cta.buttons", 3],
    ] as const) {
      const res = await post({
        ...valid,
        // Even with a blank hero title: adding a row is not saving, so no error shows.
        "hero.title": "",
        ...intent({ type: "insert", payload: { name, defaultValue: { title: "evil" } } }),
      });
      expect(statusOf(res), name).toBe(200);
      const { result } = res.data;
      expect(result.error).toBeUndefined();
      const rows =
        name === "cta.buttons" ? result.initialValue.cta.buttons : result.initialValue[name];
      expect(rows, name).toHaveLength(size);
      // The server's blank row, not what the client asked to insert.
      expect(rows.at(-1)?.title, name).toBeUndefined();
      expect(result.initialValue.services[0].title).toBe("Web Development");
    }
    expect(await getServicePage()).toBeNull();
  });

  it("removes a row without JavaScript, saving nothing", async () => {
    const res = await post({
      ...valid,
      ...intent({ type: "remove", payload: { name: "processSteps", index: 0 } }),
    });
    expect(statusOf(res)).toBe(200);
    expect(res.data.result.initialValue.processSteps).toEqual([
      { title: "Build", description: "In small steps." },
    ]);
    expect(res.data.result.intent).toEqual({
      type: "remove",
      payload: { name: "processSteps", index: 0 },
    });
    expect(await getServicePage()).toBeNull();
  });

  it("moves a row without JavaScript (Move up), saving nothing", async () => {
    const res = await post({
      ...valid,
      ...intent({ type: "reorder", payload: { name: "processSteps", from: 1, to: 0 } }),
    });
    expect(statusOf(res)).toBe(200);
    expect(res.data.result.initialValue.processSteps).toEqual([
      { title: "Build", description: "In small steps." },
      { title: "Discover", description: "We listen first." },
    ]);
    expect(await getServicePage()).toBeNull();
  });

  it.each([
    ["not JSON", "{oops"],
    [
      "an update of any path",
      JSON.stringify({ type: "update", payload: { name: "hero", value: 1 } }),
    ],
    [
      "a list that does not exist",
      JSON.stringify({ type: "insert", payload: { name: "__proto__" } }),
    ],
    [
      "a removal past the end",
      JSON.stringify({ type: "remove", payload: { name: "services", index: 9 } }),
    ],
    [
      "a move past the end",
      JSON.stringify({ type: "reorder", payload: { name: "services", from: 0, to: 9 } }),
    ],
  ])("refuses an intent that is %s with 400, saving nothing", async (_, value) => {
    const res = await post({ ...valid, __intent__: value });
    expect(statusOf(res)).toBe(400);
    // Shapes no button of the form sends are the small refusal of lib/form-data.server.ts; a
    // removal past the end is a real list that can be answered with the form.
    if (res instanceof Response) expect(await res.text()).toBe(INTENT_REFUSED);
    else expect(res.data.result.error[""]).toEqual([FORM_UNREADABLE]);
    expect(await getServicePage()).toBeNull();
  });

  it("ignores fields it does not know", async () => {
    const res = await post({
      ...valid,
      updatedBy: "mallory@evil.example",
      _id: "x",
      "hero.extra": "x",
      "services[0].price": "9",
      "cta.buttons[0].onclick": "alert(1)",
    });
    expect(res.status).toBe(302);
    const doc = await (await getCollections()).servicePage.findOne({ _id: SINGLETON_ID });
    expect(doc?.updatedBy).toBe(EMAIL);
    expect(doc?.hero).toEqual({
      title: "What we build",
      subtitle: "Websites and apps.",
      image: "/demo/services-hero.webp",
      imageAlt: "A designer sketching an app screen",
      imageDecorative: false,
    });
    expect(doc?.services[0]).toEqual({
      title: "Web Development",
      description: "Fast websites.",
      icon: "globe",
    });
    expect(doc?.cta.buttons[0]).toEqual({ label: "Get a quote", link: "/quote" });
    expect(doc).not.toHaveProperty("extra");
  });

  it("stores, keeps, replaces and removes the hero image; an unused one is deleted", async () => {
    // Uploaded without JavaScript: the file rides along with the form.
    let res = await post({ ...valid, "hero.imageFile": new File([await png(40, 30)], "a.png") });
    expect(res.status).toBe(302);
    const first = (await getServicePage())?.hero.image as string;
    expect(first).toMatch(/^\/images\/[0-9a-f]{24}$/);
    expect(await storedFiles()).toHaveLength(1);
    // Kept: the hidden field carries the address back.
    await post({ ...valid, "hero.image": first });
    expect((await getServicePage())?.hero.image).toBe(first);
    // Replaced: the old file goes.
    res = await post({
      ...valid,
      "hero.image": first,
      "hero.imageFile": new File([await png(20, 20)], "b.png"),
    });
    const second = (await getServicePage())?.hero.image as string;
    expect(second).not.toBe(first);
    expect((await storedFiles()).map((f) => `/images/${f._id.toHexString()}`)).toEqual([second]);
    // Removed: the page has no image and the file is gone.
    await post({ ...valid, "hero.image": second, "hero.imageRemove": "on" });
    expect((await getServicePage())?.hero.image).toBe("");
    expect(await storedFiles()).toHaveLength(0);
  });

  it.each(REFUSED_FILES)(
    "refuses %s as the hero image: nothing stored",
    async (_, file, message) => {
      const res = await post({ ...valid, "hero.imageFile": file() });
      expect(statusOf(res)).toBe(400);
      const errors = res.data.result.error;
      expect(errors["hero.image"] ?? errors[""]).toEqual([message]);
      expect(await storedFiles()).toHaveLength(0);
      expect(await getServicePage()).toBeNull();
    },
  );

  it("stores nothing when another field is wrong", async () => {
    const res = await post({
      ...valid,
      "hero.title": "",
      "hero.imageFile": new File([await png(10, 10)], "a.png"),
    });
    expect(res.data.result.error["hero.title"]).toEqual([SERVICE_HERO_TITLE_REQUIRED]);
    expect(await storedFiles()).toHaveLength(0);
  });

  it("keeps a file picked without JavaScript when a row is added before saving", async () => {
    const res = await post({
      ...valid,
      "hero.imageFile": new File([await png(16, 16)], "a.png"),
      ...intent({ type: "insert", payload: { name: "services" } }),
    });
    expect(statusOf(res)).toBe(200);
    const url = res.data.result.initialValue.hero.image;
    expect(url).toMatch(/^\/images\/[0-9a-f]{24}$/);
    expect(await getServicePage()).toBeNull();
    const saved = await post({ ...valid, "hero.image": url });
    expect(saved.status).toBe(302);
    expect((await getServicePage())?.hero.image).toBe(url);
  });

  it("drops an unsaved upload that a later add/remove replaces, never a saved image", async () => {
    const addRow = intent({ type: "insert", payload: { name: "benefits" } });
    let res = await post({
      ...valid,
      "hero.imageFile": new File([await png(8, 8)], "a.png"),
      ...addRow,
    });
    const first = res.data.result.initialValue.hero.image as string;
    res = await post({
      ...valid,
      "hero.image": first,
      "hero.imageFile": new File([await png(9, 9)], "b.png"),
      ...addRow,
    });
    const second = res.data.result.initialValue.hero.image as string;
    expect(second).not.toBe(first);
    expect((await storedFiles()).map((f) => `/images/${f._id.toHexString()}`)).toEqual([second]);
    // Saved, then "Remove image" ticked before adding a row: the saved file stays until Save.
    await post({ ...valid, "hero.image": second });
    res = await post({ ...valid, "hero.image": second, "hero.imageRemove": "on", ...addRow });
    expect(res.data.result.initialValue.hero?.image).toBeUndefined();
    expect(await storedFiles()).toHaveLength(1);
    expect((await getServicePage())?.hero.image).toBe(second);
  });
});
