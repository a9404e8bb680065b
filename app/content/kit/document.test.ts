// The kit's single documents (kit/document.ts), every registered one (content/registry.ts
// DOCUMENT_TYPES) through the same rules: nothing saved reads as blank; a valid save from the
// editor redirects with the document's flash, records who saved it in the audit log and moves the
// content generation on (the caches); a refused value is a 400 with the field's message and
// nothing written; nobody signed out gets in; the JSON API reads without a token and writes only
// with one; the screen opens in view mode and in edit mode with ?edit; a save that fails keeps
// the form (and discards the files posted with it) and an outage goes through to the 503 page; a
// hand-made intent is a small 400. What a single document does besides stays in its own tests
// (routes/admin/*.test.ts).
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { DISCARD_INTENT, SAVE_AS_DRAFT } from "~/components/admin/publishing";
import { issueApiToken } from "~/domain/api-token.server";
import { clientIpContext } from "~/lib/client-ip.server";
import { contentGeneration } from "~/lib/content-version.server";
import { lastRowMessage } from "~/lib/form-data.server";
import { runAsPreview } from "~/lib/preview-context.server";
import { flashCarried, signInFresh } from "../../../tests/support/admin-request";
import { clearStoredImages, pngFile, storedImages } from "../../../tests/support/admin-upload";
import {
  DRIVER_DETAIL,
  type FailureMode,
  failingWrites,
} from "../../../tests/support/failing-writes";
import { DOCUMENT_STORES } from "../documents.server";
import { DOCUMENT_TYPES } from "../registry";
import { type DocumentType, imagePaths, type RowsField, rowLists, valueAt } from "./document";
import { documentAdmin } from "./document-admin.server";
import { documentApi } from "./document-api.server";
import type { DocumentStore } from "./document-store.server";
import { DRAFT_SAVED } from "./publishing";

afterAll(closeDatabase);

interface Case {
  /** A valid form as the editor posts it. */
  form: Record<string, string>;
  /** A valid PUT body. */
  body: Record<string, unknown>;
  /** A form field the schema refuses, and the message beside it. */
  refused: { field: string; value: string; message: string };
}

/** One case per registered document: a new document is not done until it has one. */
const CASES: Record<string, Case> = {
  hero: {
    form: { title: "Shared hero", subtitle: "Sub", image: "", ctaText: "", ctaLink: "/contact" },
    body: { title: "API hero", subtitle: "", image: "", ctaText: "Go", ctaLink: "/services" },
    refused: { field: "title", value: " ", message: "Title is required." },
  },
  "service-page": {
    form: {
      "hero.title": "Shared services",
      "services[0].title": "Web",
      "services[0].description": "Sites",
      "services[0].icon": "globe",
      "cta.buttons[0].label": "Call",
      "cta.buttons[0].link": "/contact",
    },
    body: {
      hero: { title: "API services", subtitle: "", image: "" },
      services: [{ title: "Web", description: "Sites", icon: "globe" }],
      benefits: [],
      processSteps: [],
      cta: { title: "", subtitle: "", buttons: [] },
    },
    refused: {
      field: "cta.buttons[0].link",
      value: "javascript:alert(1)",
      message: "Enter a page of this site (/contact) or an http(s) address.",
    },
  },
  "about-page": {
    form: {
      title: "Shared about",
      mission: "M",
      values: "V",
      "team[0].name": "Ada",
      "contact.email": "a@b.test",
      "contact.phone": "1",
    },
    body: {
      title: "API about",
      content: "",
      mission: "M",
      values: "A\nB",
      team: [{ name: "Ada", role: "Dev", image: "" }],
      contact: { email: "a@b.test", phone: "1" },
    },
    refused: { field: "mission", value: "", message: "Mission and values are required." },
  },
  "contact-info": {
    form: { address: "Here", email: "shared@b.test", phone: "1" },
    body: { address: "", email: "api@b.test", phone: "2", mapEmbedUrl: "", image: "" },
    refused: {
      field: "mapEmbedUrl",
      value: "https://evil.example/maps/embed",
      message:
        "Only a Google Maps or OpenStreetMap embed address can be shown: one starting with https://www.google.com/maps/embed or https://www.openstreetmap.org/export/embed.html.",
    },
  },
  footer: {
    form: { copyright: "Shared Co", "links[0].label": "About", "links[0].url": "/about" },
    body: { copyright: "API Co", links: [], social: [{ platform: "X", url: "https://x.test/a" }] },
    refused: {
      field: "social[0].url",
      value: "/about",
      message: "Enter the profile's http(s) address.",
    },
  },
  "site-settings": {
    form: { brandName: "Shared brand", legalName: "Shared Co", email: "s@b.test", phone: "1" },
    body: {
      brandName: "API brand",
      legalName: "API Co",
      tagline: "",
      logo: "",
      email: "api@b.test",
      phone: "2",
      social: [{ platform: "X", url: "https://x.test/a" }],
    },
    refused: { field: "email", value: "not-an-email", message: "Enter a valid email address." },
  },
};

const storeOf = (type: DocumentType) =>
  DOCUMENT_STORES[type.entity as keyof typeof DOCUMENT_STORES] as never;
const collectionOf = async (type: DocumentType) => (await getCollections())[type.collection];

function args(request: Request) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, "203.0.113.7");
  return { request, params: {}, context } as never;
}

/** How the store's save behaves: as it is, failing for a reason of its own, or unreachable. */
const failures: { mode: FailureMode } = { mode: null };
const failable = (type: DocumentType) => {
  const store = storeOf(type) as { save: () => Promise<void> };
  return { ...store, ...failingWrites(store, ["save"], failures) } as never;
};

/** Posts `fields` to the editor as its form does (multipart), returning what the action gave. */
async function post(type: DocumentType, fields: Record<string, string | Blob>, cookie?: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`http://localhost${type.admin.path}?edit`, {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body,
  });
  lastRequest = request;
  // biome-ignore lint/suspicious/noExplicitAny: data() or a Response, depending on the branch.
  return (documentAdmin(failable(type)).action(args(request)) as Promise<any>).catch((e) => e);
}
let lastRequest: Request | undefined;

/** The newest audit entry of `type`. */
async function lastAudit(type: DocumentType) {
  const { auditLog } = await getCollections();
  const [entry] = await auditLog.find({ entity: type.entity }).sort({ at: -1 }).limit(1).toArray();
  return entry;
}

function api(type: DocumentType, method: "GET" | "PUT", body?: unknown, token?: string) {
  const request = new Request(`http://localhost${type.api.path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const route = documentApi(storeOf(type));
  return method === "GET" ? route.loader(args(request)) : route.action(args(request));
}

it("has a case for every registered document", () => {
  expect(Object.keys(CASES).sort()).toEqual(DOCUMENT_TYPES.map((t) => t.entity).sort());
  expect(Object.keys(DOCUMENT_STORES).sort()).toEqual(Object.keys(CASES).sort());
});

describe.each(DOCUMENT_TYPES.map((type) => [type.entity, type] as const))("%s", (_, type) => {
  const c = CASES[type.entity] as Case;
  let cookie: string;
  let email: string;

  beforeEach(async () => {
    await (await collectionOf(type)).deleteMany({});
    ({ cookie, email } = await signInFresh(`kit-${type.entity}@bureau.test`));
  });

  it("reads as blank fields in the record's shape when nothing was saved", async () => {
    const store = storeOf(type) as { get(): Promise<unknown> };
    expect(await store.get()).toBeNull();
    const response = await api(type, "GET");
    expect(response.status).toBe(200);
    const { success, data } = await response.json();
    expect(success).toBe(true);
    expect(data).toEqual(type.toRecord(null));
    expect(type.record.parse(data)).toEqual(data);
    const screen = await documentAdmin(storeOf(type)).loader({
      request: new Request(`http://localhost${type.admin.path}?edit`, {
        headers: { Cookie: cookie },
      }),
    });
    // The editor links to the document's history (revisions of earlier tests may be counted).
    const history = { href: `/admin/dashboard/history/${type.entity}`, count: expect.any(Number) };
    // Besides the document: its preview links (kit/preview.server.ts), none yet; nothing
    // scheduled, and the zone schedules are typed in (kit/schedule-admin.server.ts).
    expect(screen).toEqual({
      doc: null,
      draft: null,
      editing: true,
      history,
      previews: [],
      schedule: { publishAt: null, unpublishAt: null, lastScheduled: null },
      timeZone: "UTC",
    });
  });

  it("saves a valid form: redirect with the flash, an audit entry, the caches moved on", async () => {
    const generation = contentGeneration();
    const response = await post(type, c.form, cookie);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(type.admin.path);
    expect((await flashCarried(response)).message).toBe(type.texts.saved);
    expect(contentGeneration()).toBeGreaterThan(generation);

    const doc = await (await collectionOf(type)).findOne({ _id: SINGLETON_ID });
    expect(doc?.updatedBy).toBe(email);
    // The first save creates the document: createdAt is set once, with the first updatedAt.
    expect(doc?.createdAt).toBeInstanceOf(Date);
    expect(doc?.createdAt?.getTime()).toBe(doc?.updatedAt?.getTime());
    const entry = await lastAudit(type);
    expect(entry).toMatchObject({ actor: email, action: "update", via: "admin" });
    const summary = type.summary as (value: unknown) => string;
    // What the store reads (a document's fields shared with the site settings are read there).
    const saved = await (storeOf(type) as { get(): Promise<unknown> }).get();
    expect(entry?.summary).toBe(summary(type.schema.parse(saved)));
  });

  it("keeps a draft beside the published document: Save draft, the editor on it, Save publishes, Discard drops", async () => {
    const store = storeOf(type) as DocumentStore<DocumentType>;
    const actor = { email, via: "admin" } as const;
    await (await getCollections()).auditLog.deleteMany({ entity: type.entity });
    await store.save(type.schema.parse(c.body) as never, actor);
    const published = await store.get();
    const saved = await post(type, { ...c.form, as: SAVE_AS_DRAFT }, cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`${type.admin.path}?edit`);
    expect((await flashCarried(saved)).message).toBe(DRAFT_SAVED);
    // The site still shows what was published; the editor opens on the draft.
    expect(await store.get()).toEqual(published);
    const screen = await documentAdmin(storeOf(type)).loader({
      request: new Request(`http://localhost${type.admin.path}?edit`, {
        headers: { Cookie: cookie },
      }),
    });
    expect(screen.doc).toMatchObject(type.toRecord(published) as object);
    expect(screen.draft).toMatchObject({ updatedBy: email });
    const draft = await store.getDraft();
    expect(draft).not.toBeNull();
    expect(draft).not.toEqual(published);
    // A private preview of the document shows the draft.
    expect(await runAsPreview({ entity: type.entity, id: null }, () => store.get())).toEqual(draft);

    const discarded = await post(type, { intent: DISCARD_INTENT }, cookie);
    expect(discarded.status).toBe(302);
    expect(await store.getDraft()).toBeNull();
    expect(await store.get()).toEqual(published);

    await post(type, { ...c.form, as: SAVE_AS_DRAFT }, cookie);
    const generation = contentGeneration();
    expect(await store.publish(actor)).toBe(true);
    expect(contentGeneration()).toBeGreaterThan(generation);
    expect(await store.getDraft()).toBeNull();
    const {
      updatedAt: _a,
      updatedBy: _b,
      ...now
    } = (await store.get()) as never as Record<string, unknown>;
    const { updatedAt: _c, updatedBy: _d, ...wanted } = draft as never as Record<string, unknown>;
    expect(now).toEqual(wanted);
    expect(await store.publish(actor)).toBe(false);
    const { auditLog } = await getCollections();
    const actions = (await auditLog.find({ entity: type.entity }).sort({ at: 1 }).toArray()).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(["update", "draft", "discard", "draft", "publish"]);
  });

  it("publishes nothing while only a draft was ever saved", async () => {
    const store = storeOf(type) as DocumentStore<DocumentType>;
    expect((await post(type, { ...c.form, as: SAVE_AS_DRAFT }, cookie)).status).toBe(302);
    expect(await store.get()).toBeNull();
    expect(await store.getDraft()).not.toBeNull();
  });

  it("refuses a value with 400 and the field's message, writing nothing", async () => {
    const generation = contentGeneration();
    const result = await post(type, { ...c.form, [c.refused.field]: c.refused.value }, cookie);
    expect(result.init.status).toBe(400);
    expect(result.data.result.error[c.refused.field]).toEqual([c.refused.message]);
    expect(await (await collectionOf(type)).findOne({ _id: SINGLETON_ID })).toBeNull();
    expect(contentGeneration()).toBe(generation);
  });

  it("sends someone who is not signed in to the sign-in page, without reading the post", async () => {
    const response = await post(type, c.form);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(lastRequest?.bodyUsed).toBe(false);
    expect(await (await collectionOf(type)).findOne({ _id: SINGLETON_ID })).toBeNull();
  });

  it("opens in view mode, and in edit mode with ?edit, with who saved it and when", async () => {
    expect((await post(type, c.form, cookie)).status).toBe(302);
    const screen = documentAdmin(storeOf(type));
    const open = (query: string) =>
      screen.loader({
        request: new Request(`http://localhost${type.admin.path}${query}`, {
          headers: { Cookie: cookie },
        }),
      });
    const view = await open("");
    expect(view.editing).toBe(false);
    expect(view.doc).toMatchObject({ ...type.toRecord(view.doc), updatedBy: email });
    expect(view.doc?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await open("?edit")).editing).toBe(true);
  });

  it("keeps the form with its failure text when the save fails, discarding posted files", async () => {
    const image = imagePaths(type)[0];
    const file = image?.list === undefined ? image?.name : `${image.list}[0].${image.name}`;
    // A picture is described (the alt rule), else the save would not get as far as failing.
    const files = file
      ? { [`${file}File`]: await pngFile("kept-not.png", 12, 12), [`${file}Alt`]: "A dot" }
      : {};
    await clearStoredImages();
    failures.mode = "error";
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await post(type, { ...c.form, ...files }, cookie).finally(() => {
      spy.mockRestore();
      failures.mode = null;
    });
    expect(result.init.status).toBe(500);
    expect(result.data.result.error).toEqual({ "": [type.texts.saveFailed] });
    // What was typed comes back (conform leaves out what was left empty).
    for (const [name, value] of Object.entries(c.form).filter(([, typed]) => typed)) {
      expect(valueAt(result.data.result.initialValue, name.replace(/\[(\d+)\]/g, ".$1"))).toBe(
        value,
      );
    }
    expect(JSON.stringify(result.data)).not.toContain(DRIVER_DETAIL);
    expect(await storedImages()).toHaveLength(0);
    expect(await (await collectionOf(type)).findOne({ _id: SINGLETON_ID })).toBeNull();

    failures.mode = "outage";
    const thrown = await post(type, c.form, cookie).finally(() => {
      failures.mode = null;
    });
    expect(thrown.name).toBe("MongoNetworkError");
  });

  it("refuses an intent that is not this form's with a small 400, writing nothing", async () => {
    const response = await post(type, { ...c.form, __intent__: "{not json" }, cookie);
    expect(response.status).toBe(400);
    expect(await (await collectionOf(type)).findOne({ _id: SINGLETON_ID })).toBeNull();
  });

  it("PUT needs a token (401), then saves the body and answers the record GET reads", async () => {
    expect((await api(type, "PUT", c.body)).status).toBe(401);
    expect((await api(type, "PUT", c.body, "not-a-token")).status).toBe(401);
    expect(await (await collectionOf(type)).findOne({ _id: SINGLETON_ID })).toBeNull();

    const { admins } = await getCollections();
    const admin = await admins.findOne({ email });
    const { token } = await issueApiToken(admin?._id as never);
    const generation = contentGeneration();
    const put = await api(type, "PUT", c.body, token);
    expect(put.status).toBe(200);
    const answer = await put.json();
    expect(answer).toMatchObject({ success: true, message: type.texts.saved });
    expect(contentGeneration()).toBeGreaterThan(generation);
    const got = await (await api(type, "GET")).json();
    expect(got.data).toEqual(answer.data);
    expect(type.record.parse(got.data)).toEqual(got.data);
    expect(await lastAudit(type)).toMatchObject({ actor: email, action: "update", via: "api" });
  });
});

/** Every row list of every registered document. */
const LISTS = DOCUMENT_TYPES.flatMap((type) =>
  rowLists(type).map((list) => [`${type.entity} ${list.name}`, type, list] as const),
);

describe.each(LISTS)("the row list %s", (_, type, list) => {
  const c = CASES[type.entity] as Case;
  let cookie: string;
  beforeEach(async () => {
    await (await collectionOf(type)).deleteMany({});
    ({ cookie } = await signInFresh(`kit-rows-${type.entity}@bureau.test`));
  });

  /** The valid form with `rows` rows in this list instead of its own. */
  function withRows(rows: number): Record<string, string> {
    const form = Object.fromEntries(
      Object.entries(c.form).filter(([name]) => !name.startsWith(`${list.name}[`)),
    );
    const cell = (list.fields[0] as RowsField["fields"][number]).name;
    for (let i = 0; i < rows; i++) form[`${list.name}[${i}].${cell}`] = `Row ${i + 1}`;
    return form;
  }
  const intent = (type: string, payload: object) => ({
    __intent__: JSON.stringify({ type, payload: { name: list.name, ...payload } }),
  });
  const nothingWritten = async () =>
    expect(await (await collectionOf(type)).findOne({ _id: SINGLETON_ID })).toBeNull();

  it("adds the server's blank row, not the client's, answering the form and saving nothing", async () => {
    const result = await post(
      type,
      {
        ...withRows(1),
        ...intent("insert", { defaultValue: { [list.fields[0]?.name ?? "x"]: "evil" } }),
      },
      cookie,
    );
    expect(result.init.status).toBe(200);
    expect(result.data.result.error).toBeUndefined();
    const rows = valueAt(result.data.result.initialValue, list.name) as unknown[];
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain("evil");
    await nothingWritten();
  });

  it("never removes the last row, and never adds one past the maximum", async () => {
    const last = await post(type, { ...withRows(1), ...intent("remove", { index: 0 }) }, cookie);
    expect(last.init.status).toBe(400);
    expect(last.data.result.error[""]).toEqual([lastRowMessage(list.noun)]);
    expect(valueAt(last.data.result.initialValue, list.name)).toHaveLength(1);

    const full = await post(type, { ...withRows(list.max), ...intent("insert", {}) }, cookie);
    expect(full.init.status).toBe(400);
    expect(full.data.result.error[""]).toEqual([`At most ${list.max} ${list.noun}s.`]);

    const gone = await post(type, { ...withRows(2), ...intent("remove", { index: 5 }) }, cookie);
    expect(gone.init.status).toBe(400);
    await nothingWritten();
  });

  it("counts no row past the list bound (the form drops it): still the last row", async () => {
    const far = { [`${list.name}[150000].${list.fields[0]?.name}`]: "far" };
    const result = await post(
      type,
      { ...withRows(1), ...far, ...intent("remove", { index: 0 }) },
      cookie,
    );
    expect(result.init.status).toBe(400);
    expect(result.data.result.error[""]).toEqual([lastRowMessage(list.noun)]);
  });
});
