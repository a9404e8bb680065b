// /api/faqs and /api/faqs/{id} (SPEC §7: GET, POST /api/faqs; PUT, DELETE /api/faqs/{id};
// {question, answer}): public reads, writes with a token, SPEC §5's message, and what a
// client would notice (the public internships page shows the change).
import {
  expect,
  expectFieldError,
  expectRefusal,
  INJECTIONS,
  MALFORMED_IDS,
  test,
  UNKNOWN_ID,
} from "./fixtures";

const REQUIRED = "Both question and answer are required.";

test("GET /api/faqs: every FAQ in data, oldest first, without a token", async ({ request }) => {
  const response = await request.get("/api/faqs");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.success).toBe(true);
  expect(body.data.length).toBeGreaterThan(0);
  for (const faq of body.data) {
    expect(Object.keys(faq).sort()).toEqual(["_id", "answer", "question"]);
    expect(faq._id).toMatch(/^[0-9a-f]{24}$/);
  }
});

test("create, read, update, delete, each seen by the next read and the public page", async ({
  request,
  auth,
}) => {
  const question = `Can the API add a FAQ ${Date.now()}?`;
  const created = await request.post("/api/faqs", {
    headers: auth,
    data: { question: `  ${question}  `, answer: "Yes, with a token." },
  });
  expect(created.status()).toBe(201);
  const { data, message, success } = await created.json();
  expect(success).toBe(true);
  expect(message).toBe("FAQ created.");
  expect(data).toEqual({ _id: expect.any(String), question, answer: "Yes, with a token." });

  const list = (await (await request.get("/api/faqs")).json()).data;
  expect(list.at(-1)).toEqual(data);
  expect(await (await request.get("/internships")).text()).toContain(question);

  const one = await request.get(`/api/faqs/${data._id}`);
  expect((await one.json()).data).toEqual(data);

  const updated = await request.put(`/api/faqs/${data._id}`, {
    headers: auth,
    data: { question, answer: "Changed through the API." },
  });
  expect(updated.status()).toBe(200);
  expect((await updated.json()).data.answer).toBe("Changed through the API.");
  expect(await (await request.get("/internships")).text()).toContain("Changed through the API.");

  const deleted = await request.delete(`/api/faqs/${data._id}`, { headers: auth });
  expect(deleted.status()).toBe(200);
  expect(await deleted.json()).toEqual({ success: true, message: "FAQ deleted." });
  await expectRefusal(await request.get(`/api/faqs/${data._id}`), 404);
  await expectRefusal(await request.delete(`/api/faqs/${data._id}`, { headers: auth }), 404);
});

test("writes without a token: 401, nothing changes", async ({ request }) => {
  const before = (await (await request.get("/api/faqs")).json()).data;
  const [first] = before;
  await expectRefusal(
    await request.post("/api/faqs", { data: { question: "q", answer: "a" } }),
    401,
  );
  await expectRefusal(
    await request.put(`/api/faqs/${first._id}`, { data: { question: "q", answer: "a" } }),
    401,
  );
  await expectRefusal(await request.delete(`/api/faqs/${first._id}`), 401);
  expect((await (await request.get("/api/faqs")).json()).data).toEqual(before);
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

test("operators, objects and arrays in either field: 400, nothing written", async ({
  request,
  auth,
}) => {
  const before = (await (await request.get("/api/faqs")).json()).data;
  const [first] = before;
  for (const value of [...INJECTIONS, 42, true]) {
    for (const field of ["question", "answer"]) {
      const data = { question: "q", answer: "a", [field]: value };
      await expectFieldError(await request.post("/api/faqs", { headers: auth, data }), field);
      await expectFieldError(
        await request.put(`/api/faqs/${first._id}`, { headers: auth, data }),
        field,
      );
    }
  }
  expect((await (await request.get("/api/faqs")).json()).data).toEqual(before);
});

test("unknown and malformed ids: 404 for every method, with the editor's text", async ({
  request,
  auth,
}) => {
  const NOT_FOUND = "This FAQ does not exist (it may have been deleted).";
  for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
    const answers = [
      await expectRefusal(await request.get(`/api/faqs/${id}`), 404),
      await expectRefusal(
        await request.put(`/api/faqs/${id}`, {
          headers: auth,
          data: { question: "q", answer: "a" },
        }),
        404,
      ),
      await expectRefusal(await request.delete(`/api/faqs/${id}`, { headers: auth }), 404),
    ];
    for (const answer of answers) expect(answer.message).toBe(NOT_FOUND);
  }
});
