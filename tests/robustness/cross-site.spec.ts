// Issue 9, suite 3: cross-site requests. Every form as the server renders it (public forms filled
// in as a person would, admin forms with their real ids, delete confirmations included) and every
// JSON API write with a plausible body, sent with the admin's session or token, so that only the
// cross-site rule (lib/same-origin.server.ts) can refuse them: once with `Origin:
// https://evil.example` and once with `Sec-Fetch-Site: cross-site`. Each must be a 403, and no
// collection may change. A control sends a few of the same requests without the foreign header
// and sees them accepted, so the 403s are the rule's and not the bodies'.
import { ACTION_TARGETS, ensureLeads, formsOf } from "./actions";
import { withRealId } from "./api-cases";
import {
  type Answer,
  countChanges,
  expect,
  inBatches,
  type Robust,
  STACK_TRACE,
  test,
} from "./fixtures";
import { encode } from "./forms";
import { type Case, type JsonSchema, sampleOf, validFields } from "./generators";

const FOREIGN: Record<string, Record<string, string>> = {
  "Origin: https://evil.example": { Origin: "https://evil.example" },
  "Sec-Fetch-Site: cross-site": { "Sec-Fetch-Site": "cross-site" },
};

async function formRequests(robust: Robust): Promise<Case[]> {
  const cases: Case[] = [];
  for (const target of ACTION_TARGETS) {
    // Signing out cross-site must fail with the session too: the suite checks it lives on.
    const headers: Record<string, string> =
      target.signedIn || target.file.endsWith("logout.tsx") ? { Cookie: robust.cookie } : {};
    for (const form of await formsOf(robust, target)) {
      const { body, type } = encode(validFields(form), form.multipart);
      cases.push({
        what: `${target.file} ${form.action}`,
        method: "POST",
        path: form.action,
        headers: { ...headers, "Content-Type": type },
        body,
      });
    }
  }
  return cases;
}

async function apiRequests(robust: Robust): Promise<Case[]> {
  const doc = JSON.parse((await robust.send("/api/openapi.json")).body) as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
    >;
  };
  const auth = { Authorization: `Bearer ${robust.token}` };
  const cases: Case[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const real = await withRealId(robust, path);
    for (const [method, op] of Object.entries(ops)) {
      if (!["post", "put", "patch", "delete"].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      const json = content["application/json"]?.schema;
      const multipartBody = content["multipart/form-data"];
      const headers: Record<string, string> = { ...auth };
      let body: Buffer | undefined;
      if (json) {
        headers["Content-Type"] = "application/json";
        body = Buffer.from(JSON.stringify(sampleOf(json)));
      } else if (multipartBody) {
        // A real (tiny) PNG: the upload would be stored but for the rule.
        const png = Buffer.from(
          "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
            "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d3c6e80000000049454e44ae426082",
          "hex",
        );
        const encoded = encode(
          [["file", { filename: "photo.png", type: "image/png", data: png }]],
          true,
        );
        headers["Content-Type"] = encoded.type;
        body = encoded.body;
      }
      cases.push({
        what: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path: real,
        headers,
        body,
      });
    }
  }
  return cases;
}

test("every action and API write from another site is refused with 403 and changes nothing", async ({
  robust,
}) => {
  test.setTimeout(90_000);
  const started = Date.now();
  await ensureLeads(robust);
  const requests = [...(await formRequests(robust)), ...(await apiRequests(robust))];
  const before = await robust.counts();
  const cases = requests.flatMap((c) =>
    Object.entries(FOREIGN).map(([what, extra]) => ({
      ...c,
      what: `${c.what} with ${what}`,
      headers: { ...c.headers, ...extra },
    })),
  );
  const answers = await inBatches(
    cases.map(
      (c) => () => robust.send(c.path, { method: c.method, headers: c.headers, body: c.body }),
    ),
    6,
  );
  const failures: string[] = [];
  cases.forEach((c, i) => {
    const a = answers[i] as Answer;
    if (a.status !== 403) failures.push(`${c.what}: answered ${a.status}`);
    else if (STACK_TRACE.test(a.body)) failures.push(`${c.what}: a stack trace`);
  });
  const changes = countChanges(before, await robust.counts());
  const written = Object.values(changes).reduce((s, n) => s + Math.abs(n), 0);
  console.log(
    `[robustness] cross-site: ${cases.length} requests (${requests.length} actions and API writes x 2 headers) in ${((Date.now() - started) / 1000).toFixed(1)} s, ${cases.length - failures.length} refused with 403, ${written} documents changed`,
  );
  expect(failures).toEqual([]);
  expect(changes).toEqual({});
  // Neither the session nor the token was ended by the refused sign-outs.
  expect(
    (await robust.send("/admin/dashboard", { headers: { Cookie: robust.cookie } })).status,
  ).toBe(200);
  expect(
    (await robust.send("/api/quotes", { headers: { Authorization: `Bearer ${robust.token}` } }))
      .status,
  ).toBe(200);

  // The control: the same kind of request without the foreign header goes through.
  const control = requests.filter(
    (c) =>
      ["POST /api/faqs", "POST /api/subscribe"].includes(c.what) ||
      c.what.startsWith("routes/home.tsx"),
  );
  expect(control.length).toBe(3);
  const accepted = await inBatches(
    control.map(
      (c) => () =>
        robust.send(c.path, {
          method: c.method,
          headers: { ...c.headers, "Sec-Fetch-Site": "same-origin" },
          body: c.body,
        }),
    ),
  );
  expect(accepted.map((a) => a.status < 400)).toEqual([true, true, true]);
});
