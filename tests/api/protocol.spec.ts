// What every endpoint of the JSON API shares (issue 8 "Errors and input"), shown on /api/faqs
// and proved for every path at once where it can be: 405 with Allow, 415, 413, 400 for bodies
// that are not JSON, 404 as JSON, CORS for API_ALLOWED_ORIGINS only, cross-site posts refused,
// and /api/openapi.json describing every /api route of app/routes.ts with its real methods.
import routes from "../../app/routes";
import { expect, expectRefusal, test, UNKNOWN_ID } from "./fixtures";

const ALLOWED = "https://app.example.com";
const FAQ = { question: "Is this a protocol test?", answer: "It is." };

async function faqCount(request: import("@playwright/test").APIRequestContext) {
  return (await (await request.get("/api/faqs")).json()).data.length as number;
}

test("a method the path does not have: 405 with Allow", async ({ request, auth }) => {
  const response = await request.fetch("/api/faqs", { method: "PATCH", headers: auth });
  const body = await expectRefusal(response, 405);
  expect(response.headers().allow).toBe("GET, POST, HEAD, OPTIONS");
  expect(body.message).toContain("PATCH");
  const login = await request.fetch("/api/auth/login", { method: "DELETE" });
  await expectRefusal(login, 405);
  expect(login.headers().allow).toBe("POST, OPTIONS");
});

test("methods nothing answers (TRACE, PROPFIND): 405, never a 500", async ({ request }) => {
  for (const method of ["TRACE", "PROPFIND"]) {
    const api = await request.fetch("/api/faqs", { method });
    await expectRefusal(api, 405);
    expect(api.headers().allow).toContain("GET");
    expect((await request.fetch("/", { method })).status()).toBe(405);
  }
});

test("the API is not reachable as React Router data URLs, whatever the case", async ({
  request,
}) => {
  for (const path of ["/api/faqs.data", "/API/faqs.data", "/Api/visitor-stats.data", "/api.data"]) {
    await expectRefusal(await request.get(path), 404);
  }
});

test("paths in another case are the API too, with its rules", async ({ request }) => {
  const read = await request.get("/API/Faqs");
  expect(read.status()).toBe(200);
  expect((await read.json()).success).toBe(true);
  const cross = await request.post("/API/faqs", {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    data: FAQ,
  });
  await expectRefusal(cross, 403);
});

test("HEAD answers like GET without a body", async ({ request }) => {
  const response = await request.head("/api/faqs");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect((await response.body()).length).toBe(0);
});

test("a body that is not JSON: 415, nothing written", async ({ request, auth }) => {
  const before = await faqCount(request);
  const form = await request.post("/api/faqs", { headers: auth, form: FAQ });
  expect((await expectRefusal(form, 415)).message).toContain("application/json");
  const text = await request.post("/api/faqs", {
    headers: { ...auth, "Content-Type": "text/plain" },
    data: JSON.stringify(FAQ),
  });
  await expectRefusal(text, 415);
  const none = await request.post("/api/faqs", { headers: auth });
  await expectRefusal(none, 415);
  expect(await faqCount(request)).toBe(before);
});

test("JSON with a charset or a +json type is JSON", async ({ request, auth }) => {
  for (const type of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
    const response = await request.post("/api/faqs", {
      headers: { ...auth, "Content-Type": type },
      data: JSON.stringify({ ...FAQ, question: `${type}?` }),
    });
    expect(response.status()).toBe(201);
  }
});

test("a body over 1 MiB: 413 as JSON, nothing written", async ({ request, auth }) => {
  const before = await faqCount(request);
  const response = await request.post("/api/faqs", {
    headers: { ...auth, "Content-Type": "application/json" },
    data: JSON.stringify({ ...FAQ, answer: "x".repeat(1024 * 1024 + 10) }),
  });
  expect((await expectRefusal(response, 413)).message).toMatch(/too large/);
  expect(await faqCount(request)).toBe(before);
});

test.describe("a body that does not parse: 400", () => {
  for (const [what, bytes] of [
    ["truncated JSON", Buffer.from('{"question": "Half')],
    ["not JSON at all", Buffer.from("question=a&answer=b")],
    ["invalid UTF-8", Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
    ["an empty body", Buffer.alloc(0)],
  ] as const) {
    test(what, async ({ request, auth }) => {
      const before = await faqCount(request);
      const response = await request.post("/api/faqs", {
        headers: { ...auth, "Content-Type": "application/json" },
        data: bytes,
      });
      expect((await expectRefusal(response, 400)).message).toBe("The body is not valid JSON.");
      expect(await faqCount(request)).toBe(before);
    });
  }

  for (const [what, value] of [
    ["an array", [FAQ]],
    ["a string", "question"],
    ["null", null],
  ] as const) {
    test(`JSON that is ${what}, not an object`, async ({ request, auth }) => {
      const response = await request.post("/api/faqs", {
        headers: { ...auth, "Content-Type": "application/json" },
        data: JSON.stringify(value),
      });
      const body = await expectRefusal(response, 400);
      expect(body.errors?.[0]?.path).toBe("");
    });
  }

  test("deeply nested JSON", async ({ request, auth }) => {
    const deep = `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`;
    const response = await request.post("/api/faqs", {
      headers: { ...auth, "Content-Type": "application/json" },
      data: deep,
    });
    expect(response.status()).toBe(400);
  });
});

test("operator keys anywhere in a body: 400 naming where, nothing written", async ({
  request,
  auth,
}) => {
  const before = await faqCount(request);
  for (const [data, path] of [
    [{ ...FAQ, $where: "sleep(100)" }, "$where"],
    [{ ...FAQ, answer: { $ne: "" } }, "answer.$ne"],
    [{ ...FAQ, extra: [{ deep: { $gt: "" } }] }, "extra.0.deep.$gt"],
  ] as const) {
    const response = await request.post("/api/faqs", { headers: auth, data });
    const body = await expectRefusal(response, 400);
    expect(body.errors).toEqual([{ path, msg: "Field names starting with $ are not accepted." }]);
  }
  expect(await faqCount(request)).toBe(before);
});

test("fields the schema does not know are dropped, never stored", async ({ request, auth }) => {
  // Written out: an object literal's __proto__ would set its prototype, not send a key.
  const response = await request.post("/api/faqs", {
    headers: { ...auth, "Content-Type": "application/json" },
    data: `{"question":"${FAQ.question}","answer":"${FAQ.answer}","_id":"${UNKNOWN_ID}","__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},"extra":1}`,
  });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  expect(data._id).not.toBe(UNKNOWN_ID);
  expect(Object.keys(data).sort()).toEqual(["_id", "answer", "question"]);
  expect(({} as Record<string, unknown>).admin).toBeUndefined();
  const stored = (await (await request.get(`/api/faqs/${data._id}`)).json()).data;
  expect(Object.keys(stored).sort()).toEqual(["_id", "answer", "question"]);
});

test("an unknown address under /api: a JSON 404 for any method", async ({ request }) => {
  for (const method of ["GET", "POST", "PUT", "DELETE"]) {
    const response = await request.fetch("/api/no-such-thing/here", { method });
    const body = await expectRefusal(response, 404);
    expect(body.message).toContain("/api/openapi.json");
  }
});

test.describe("CORS", () => {
  test("a preflight from an origin not listed gets no CORS headers", async ({ request }) => {
    const response = await request.fetch("/api/faqs", {
      method: "OPTIONS",
      headers: {
        Origin: "https://evil.example",
        "Access-Control-Request-Method": "POST",
        "Sec-Fetch-Site": "cross-site",
      },
    });
    expect(response.status()).toBe(204);
    expect(response.headers()["access-control-allow-origin"]).toBeUndefined();
  });

  test("a preflight from an allowed origin is answered", async ({ request }) => {
    const response = await request.fetch("/api/faqs/0123456789abcdef01234567", {
      method: "OPTIONS",
      headers: {
        Origin: ALLOWED,
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "authorization, content-type",
        "Sec-Fetch-Site": "cross-site",
      },
    });
    expect(response.status()).toBe(204);
    const headers = response.headers();
    expect(headers["access-control-allow-origin"]).toBe(ALLOWED);
    expect(headers["access-control-allow-methods"]).toBe("GET, PUT, DELETE, HEAD, OPTIONS");
    expect(headers["access-control-allow-headers"]).toMatch(/Authorization/);
    expect(headers["access-control-allow-headers"]).toMatch(/Content-Type/);
    expect(headers["access-control-allow-headers"]).toMatch(/Idempotency-Key/);
    expect(headers.vary).toMatch(/Origin/);
  });

  test("an allowed origin may write with a token; its answers carry the CORS headers", async ({
    request,
    auth,
  }) => {
    const response = await request.post("/api/faqs", {
      headers: { ...auth, Origin: ALLOWED, "Sec-Fetch-Site": "cross-site" },
      data: FAQ,
    });
    expect(response.status()).toBe(201);
    expect(response.headers()["access-control-allow-origin"]).toBe(ALLOWED);
    const refused = await request.post("/api/faqs", {
      headers: { Origin: ALLOWED, "Sec-Fetch-Site": "cross-site" },
      data: FAQ,
    });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["access-control-allow-origin"]).toBe(ALLOWED);
  });

  test("a cross-site write from any other origin: 403 as JSON, nothing written", async ({
    request,
    auth,
  }) => {
    const before = await faqCount(request);
    const attempts: Record<string, string>[] = [
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "same-site" },
    ];
    for (const headers of attempts) {
      const response = await request.post("/api/faqs", {
        headers: { ...auth, ...headers },
        data: FAQ,
      });
      await expectRefusal(response, 403);
    }
    expect(await faqCount(request)).toBe(before);
  });
});

interface Documented {
  summary?: string;
  security?: Record<string, unknown>[];
  requestBody?: { content: Record<string, { schema?: { type?: string } }> };
}

/** Every /api route path of app/routes.ts, as OpenAPI writes it ("/api/faqs/{id}"). */
function apiRoutePaths(): string[] {
  const out: string[] = [];
  const walk = (entries: readonly { path?: string; children?: unknown[] }[], base: string) => {
    for (const entry of entries) {
      const path = entry.path ? `${base}/${entry.path}` : base;
      if (entry.children) walk(entry.children as typeof entries, path);
      else if (path.startsWith("/api/") && !path.endsWith("*")) out.push(path);
    }
  };
  walk(routes as never, "");
  return out.map((p) => p.replace(/:(\w+)/g, "{$1}")).sort();
}

test("/api/openapi.json describes every /api route with the methods it answers", async ({
  request,
}) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  const doc = await response.json();
  expect(doc.openapi).toBe("3.1.0");
  const described = Object.keys(doc.paths).sort();
  const routed = apiRoutePaths();
  expect(routed.length).toBeGreaterThan(5);
  expect(described).toEqual(routed);

  for (const path of described) {
    const url = path.replace(/\{\w+\}/g, UNKNOWN_ID);
    const options = await request.fetch(url, { method: "OPTIONS" });
    const documented = Object.keys(doc.paths[path]).map((m) => m.toUpperCase());
    const allow = (options.headers().allow ?? "")
      .split(", ")
      .filter((m) => m !== "HEAD" && m !== "OPTIONS");
    expect(allow.sort(), path).toEqual(documented.sort());
    for (const [method, op] of Object.entries(doc.paths[path]) as [string, Documented][]) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      if (op.requestBody) {
        expect(op.requestBody.content["application/json"]?.schema?.type ?? "object").toBe("object");
      }
      // What the document says about authorisation is what the server does.
      if (op.security?.length === 1 && op.security[0] && "bearer" in op.security[0]) {
        const call = await request.fetch(url, {
          method: method.toUpperCase(),
          headers: { "Content-Type": "application/json" },
          data: "{}",
        });
        expect(call.status(), `${method} ${path} without a token`).toBe(401);
      }
    }
  }
});
