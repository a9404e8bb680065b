// Manage FAQs: what only FAQs do. One message for a missing question or answer, their maximum
// lengths, and the public internships page showing a new FAQ after the older ones. Everything the
// content kit gives every type (list, search, paging, 404s, the session, flashes, failed writes
// with 'Operation failed.', audit) is proved once in app/content/kit/kit.test.ts.
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { getCollections } from "#db/client.server";
import { ANSWER_MAX, FAQ_REQUIRED, QUESTION_MAX } from "~/content/faqs";
import { callRoute, freshAdminEachTest, statusOf } from "../../../tests/support/admin-request";
import { loader as internshipsLoader } from "../internships";
import { action } from "./faq";

const me = freshAdminEachTest(["faqs"]);

const post = (fields: Record<string, string>) =>
  callRoute(action, "/admin/dashboard/faq", { cookie: me.cookie, fields });
const count = async () => (await getCollections()).faqs.countDocuments({});

it.each([
  [{ question: "", answer: "An answer" }, { question: [FAQ_REQUIRED] }],
  [{ question: "A question?", answer: "" }, { answer: [FAQ_REQUIRED] }],
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
  expect(await count()).toBe(0);
});

it("keeps exactly the longest allowed texts", async () => {
  const response = await post({
    intent: "save",
    question: "q".repeat(QUESTION_MAX),
    answer: "a".repeat(ANSWER_MAX),
  });
  expect(response.status).toBe(302);
});

it("shows on the public internships page, after the older ones", async () => {
  const { faqs } = await getCollections();
  const earlier = new Date(Date.UTC(2026, 0, 1));
  await faqs.insertOne({
    question: "Older?",
    answer: "Yes.",
    createdAt: earlier,
    updatedAt: earlier,
  } as never);
  await post({ intent: "save", question: "Brand new?", answer: "Yes." });
  const page = await internshipsLoader({
    request: new Request("http://localhost/internships"),
    context: new RouterContextProvider(),
  } as never);
  expect(page.faqs.map((f: { question: string }) => f.question)).toEqual(["Older?", "Brand new?"]);
});
