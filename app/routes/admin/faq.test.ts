// Manage FAQs: the loader's list and form states, the action's create / update / delete, every
// validation message, 404 for malformed or unknown ids, and the public page seeing the change.
import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { ANSWER_MAX, FAQ_REQUIRED, faqs, QUESTION_MAX } from "~/content/faqs";
import {
  callRoute,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import { itKeepsTheRowWhenDeleteFails } from "../../../tests/support/failed-delete";
import { loader as internshipsLoader } from "../internships";
import { action, loader } from "./faq";

const { texts } = faqs;
const PAGE = faqs.admin.path;
const FAQ_NOT_FOUND = texts.notFound;
const FAQ_SAVE_FAILED = texts.createFailed;

const failures = vi.hoisted(() => ({ on: false }));
vi.mock("~/content/stores.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/content/stores.server")>();
  const failing =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      failures.on ? Promise.reject(new Error("secret driver detail")) : fn(...args);
  const store = original.faqStore;
  return {
    ...original,
    faqStore: {
      ...store,
      create: failing(store.create),
      update: failing(store.update),
      remove: failing(store.remove),
    },
  };
});

afterAll(closeDatabase);

let me: SignedIn;
beforeEach(async () => {
  failures.on = false;
  const { faqs } = await getCollections();
  await faqs.deleteMany({});
  me = await signInFresh();
});

const get = (path: string) => callRoute(loader, path, { cookie: me.cookie });
const post = (fields: Record<string, string>, path = PAGE) =>
  callRoute(action, path, { cookie: me.cookie, fields });

async function addFaq(question: string, createdAt: Date, answer = `Answer to ${question}`) {
  const { faqs } = await getCollections();
  const _id = new ObjectId();
  await faqs.insertOne({ _id, question, answer, createdAt, updatedAt: createdAt });
  return _id.toHexString();
}

const storedFaq = async (id: string) =>
  (await getCollections()).faqs.findOne({ _id: new ObjectId(id) });

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const MISSING = "0123456789abcdef01234567";

describe("the FAQ list", () => {
  it("shows the newest first, with when and by whom each was changed", async () => {
    await addFaq("Old?", day(1));
    await addFaq("New?", day(3));
    await addFaq("Middle?", day(2));
    const data = await get(PAGE);
    expect(data.items.map((f: { question: string }) => f.question)).toEqual([
      "New?",
      "Middle?",
      "Old?",
    ]);
    expect(data.items[0]).toMatchObject({
      createdAt: day(3).toISOString(),
      updatedAt: day(3).toISOString(),
      updatedBy: null,
    });
    expect(data).toMatchObject({ total: 3, page: 1, pages: 1, formOpen: false, editing: null });
  });

  it("is empty on an empty collection", async () => {
    expect(await get(PAGE)).toMatchObject({ items: [], total: 0, page: 1, pages: 1 });
  });

  it("searches questions and answers, any case, metacharacters literally", async () => {
    await addFaq("How much does SEO cost?", day(1));
    await addFaq("Remote work?", day(2), "Yes (mostly) – see seo.");
    await addFaq("Something else?", day(3));
    const data = await get(`${PAGE}?q=seo`);
    expect(data.items.map((f: { question: string }) => f.question)).toEqual([
      "Remote work?",
      "How much does SEO cost?",
    ]);
    expect(data.q).toBe("seo");
    expect((await get(`${PAGE}?q=(mostly)`)).total).toBe(1);
    expect((await get(`${PAGE}?q=.*`)).total).toBe(0);
  });

  it("pages by ten; a page past the end shows the last", async () => {
    for (let i = 1; i <= 12; i++) await addFaq(`Question ${i}?`, day(i));
    const first = await get(PAGE);
    expect(first.items).toHaveLength(10);
    expect(first).toMatchObject({ total: 12, page: 1, pages: 2 });
    const last = await get(`${PAGE}?page=9`);
    expect(last.page).toBe(2);
    expect(last.items.map((f: { question: string }) => f.question)).toEqual([
      "Question 2?",
      "Question 1?",
    ]);
  });

  it("opens the form for creating (?new) and for editing (?edit=<id>)", async () => {
    const id = await addFaq("Edit me?", day(1));
    expect(await get(`${PAGE}?new`)).toMatchObject({ formOpen: true, editing: null });
    expect(await get(`${PAGE}?edit=${id}`)).toMatchObject({
      formOpen: true,
      editing: { _id: id, question: "Edit me?", answer: "Answer to Edit me?" },
    });
    expect(await get(`${PAGE}?delete=${id}`)).toMatchObject({
      formOpen: false,
      deleting: { _id: id, question: "Edit me?" },
    });
  });

  it("answers 404 for a malformed or unknown id to edit or delete", async () => {
    for (const query of [
      "edit=nope",
      `edit=${MISSING}`,
      "edit=",
      "delete=x'%22",
      `delete=${MISSING}`,
    ]) {
      const outcome = await get(`${PAGE}?${query}`);
      expect(statusOf(outcome), query).toBe(404);
      expect(outcome.data).toBe(FAQ_NOT_FOUND);
    }
  });

  it("is only for signed-in admins", async () => {
    const outcome = await callRoute(loader, PAGE);
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("creating an FAQ", () => {
  it("stores it trimmed, stamped with the admin, and redirects with a flash", async () => {
    const response = await post({ intent: "save", question: "  Why?  ", answer: "\n Because. \n" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(response.headers.get("Set-Cookie")).toMatch(/^bureau_flash=/);
    const { faqs } = await getCollections();
    const stored = await faqs.findOne({ question: "Why?" });
    expect(stored).toMatchObject({
      answer: "Because.",
      updatedBy: "editor@bureau.test",
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    // The form closes: the redirect goes to the list itself, page 1, no search.
    const after = await post(
      { intent: "save", question: "Q", answer: "A" },
      `${PAGE}?q=x&page=2&new`,
    );
    expect(after.headers.get("Location")).toBe(PAGE);
  });

  it.each([
    [{ question: "", answer: "An answer" }, { question: [FAQ_REQUIRED] }],
    [{ question: "A question?", answer: "" }, { answer: [FAQ_REQUIRED] }],
    [
      { question: "   ", answer: "\n\t" },
      { question: [FAQ_REQUIRED], answer: [FAQ_REQUIRED] },
    ],
    [{}, { question: [FAQ_REQUIRED], answer: [FAQ_REQUIRED] }],
    [
      { question: "x".repeat(QUESTION_MAX + 1), answer: "ok" },
      { question: [`The question can be at most ${QUESTION_MAX} characters long.`] },
    ],
    [
      { question: "ok", answer: "x".repeat(ANSWER_MAX + 1) },
      { answer: [`The answer can be at most ${ANSWER_MAX} characters long.`] },
    ],
  ])("refuses %j with 400 and the errors beside the fields", async (fields, errors) => {
    const outcome = await post({ intent: "save", ...fields });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual(errors);
    const { faqs } = await getCollections();
    expect(await faqs.countDocuments({})).toBe(0);
  });

  it("keeps exactly the longest allowed texts", async () => {
    const response = await post({
      intent: "save",
      question: "q".repeat(QUESTION_MAX),
      answer: "a".repeat(ANSWER_MAX),
    });
    expect(response.status).toBe(302);
  });

  it("says 'Operation failed.' inline when the write fails, keeping what was typed", async () => {
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ intent: "save", question: "Kept?", answer: "Kept." });
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.result.error).toEqual({ "": [FAQ_SAVE_FAILED] });
    expect(outcome.data.result.initialValue).toMatchObject({ question: "Kept?", answer: "Kept." });
    expect(JSON.stringify(outcome.data)).not.toContain("secret driver detail");
  });

  it("refuses an unknown intent with 400", async () => {
    const outcome = await post({ intent: "explode" });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.listError).toBe("Unknown action.");
  });

  it("shows on the public internships page, after the older ones", async () => {
    await addFaq("Older?", day(1));
    await post({ intent: "save", question: "Brand new?", answer: "Yes." });
    const page = await internshipsLoader({
      request: new Request("http://localhost/internships"),
      context: new (await import("react-router")).RouterContextProvider(),
    } as never);
    expect(page.faqs.map((f: { question: string }) => f.question)).toEqual([
      "Older?",
      "Brand new?",
    ]);
  });
});

describe("editing an FAQ", () => {
  it("updates it, stamps the admin, keeps its place and the list's search and page", async () => {
    const id = await addFaq("Before?", day(1));
    const response = await post(
      { intent: "save", id, question: "After?", answer: "Now." },
      `${PAGE}?q=fore&page=1&edit=${id}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=fore`);
    const { faqs } = await getCollections();
    const stored = await faqs.findOne({ _id: new ObjectId(id) });
    expect(stored).toMatchObject({
      question: "After?",
      answer: "Now.",
      createdAt: day(1),
      updatedBy: "editor@bureau.test",
    });
    expect(stored?.updatedAt.getTime()).toBeGreaterThan(day(1).getTime());
  });

  it("validates like creating", async () => {
    const id = await addFaq("Before?", day(1));
    const outcome = await post({ intent: "save", id, question: "", answer: "x" });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual({ question: [FAQ_REQUIRED] });
  });

  it("answers 404 for a malformed or unknown id, and changes nothing", async () => {
    await addFaq("Untouched?", day(1));
    for (const id of ["nope", MISSING, "0123456789abcdef0123456z"]) {
      const outcome = await post({ intent: "save", id, question: "Q", answer: "A" });
      expect(statusOf(outcome), id).toBe(404);
    }
    const { faqs } = await getCollections();
    expect((await faqs.find({}).toArray()).map((f) => f.question)).toEqual(["Untouched?"]);
  });
});

describe("deleting an FAQ", () => {
  it("removes it with a POST and returns to the same list page", async () => {
    const id = await addFaq("Doomed?", day(1));
    const keep = await addFaq("Kept?", day(2));
    const response = await post({ intent: "delete", id }, `${PAGE}?q=o&delete=${id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=o`);
    expect(response.headers.get("Set-Cookie")).toMatch(/^bureau_flash=/);
    const { faqs } = await getCollections();
    expect((await faqs.find({}).toArray()).map((f) => f._id.toHexString())).toEqual([keep]);
  });

  it("answers 404 for a malformed, unknown or missing id", async () => {
    await addFaq("Stays?", day(1));
    for (const fields of [{ id: "nope" }, { id: MISSING }, {}] as Record<string, string>[]) {
      expect(statusOf(await post({ intent: "delete", ...fields }))).toBe(404);
    }
    const { faqs } = await getCollections();
    expect(await faqs.countDocuments({})).toBe(1);
  });

  itKeepsTheRowWhenDeleteFails({
    page: PAGE,
    add: () => addFaq("Stays", day(1)),
    stored: storedFaq,
    post,
    failures,
  });

  it("is refused without a session, and nothing is deleted", async () => {
    const id = await addFaq("Stays?", day(1));
    const outcome = await callRoute(action, PAGE, { fields: { intent: "delete", id } });
    expect(outcome.status).toBe(302);
    const { faqs } = await getCollections();
    expect(await faqs.countDocuments({})).toBe(1);
  });
});
