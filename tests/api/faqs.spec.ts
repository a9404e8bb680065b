// /api/faqs: what only FAQs do, in the SPEC's words ({question, answer}, one message for either
// missing), and the public internships page following each write. The contract every content
// type shares (reads, tokens, 404s, field errors, operators) is tests/api/content-types.spec.ts.
import { expect, expectFieldError, expectRefusal, test } from "./fixtures";

const REQUIRED = "Both question and answer are required.";

test("create, update, delete in the SPEC's words, each seen by the public page", async ({
  request,
  auth,
}) => {
  const question = `Can the API add a FAQ ${Date.now()}?`;
  const created = await request.post("/api/faqs", {
    headers: auth,
    data: { question, answer: "Yes, with a token." },
  });
  expect(created.status()).toBe(201);
  const { data, message } = await created.json();
  expect(message).toBe("FAQ created.");
  expect(await (await request.get("/internships")).text()).toContain(question);

  const updated = await request.put(`/api/faqs/${data._id}`, {
    headers: auth,
    data: { question, answer: "Changed through the API." },
  });
  expect((await updated.json()).message).toBe("FAQ updated.");
  expect(await (await request.get("/internships")).text()).toContain("Changed through the API.");

  const deleted = await request.delete(`/api/faqs/${data._id}`, { headers: auth });
  expect(await deleted.json()).toEqual({ success: true, message: "FAQ deleted." });
  expect(await (await request.get("/internships")).text()).not.toContain(question);
  const gone = await expectRefusal(await request.get(`/api/faqs/${data._id}`), 404);
  expect(gone.message).toBe("This FAQ does not exist (it may have been deleted).");
});

test("a blank or missing question or answer: 400 with the SPEC's message", async ({
  request,
  auth,
}) => {
  for (const data of [{}, { question: "  ", answer: "a" }, { question: "q" }]) {
    const response = await request.post("/api/faqs", { headers: auth, data });
    const body = await expectRefusal(response, 400);
    expect(body.message).toBe(REQUIRED);
  }
  const response = await request.post("/api/faqs", { headers: auth, data: { question: "q" } });
  expect(await expectFieldError(response, "answer")).toBe(REQUIRED);
});

test("too long: 400 naming the field", async ({ request, auth }) => {
  const response = await request.post("/api/faqs", {
    headers: auth,
    data: { question: "q".repeat(301), answer: "a" },
  });
  expect(await expectFieldError(response, "question")).toMatch(/at most 300/);
});
