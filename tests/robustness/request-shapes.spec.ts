// Issue 20 (outside audit), findings 1, 2, 8 and 9: requests whose SHAPE, not their values,
// was the attack. Each class is tried on every place that reads it, from the rendered forms:
// - conform intents (`__intent__`) that ask for huge lists, prototype keys, out-of-range rows,
//   or any intent at all where a form has no lists: a small 400, nothing written
//   (lib/form-data.server.ts);
// - targets with dot segments or encoded slashes, which the body limit and the router read
//   differently: a 400 before any body is read (lib/request-target.server.ts);
// - targets and Hosts no URL can be built from (`OPTIONS *`, absolute-form, a Host with a space
//   or port 99999): a 400, never a 500;
// - an Origin that is this host under another scheme or port: cross-site, 403
//   (lib/same-origin.server.ts).
import net from "node:net";
import { ACTION_TARGETS, formsOf } from "./actions";
import { type Answer, countChanges, expect, inBatches, STACK_TRACE, test } from "./fixtures";
import { encode, type Form } from "./forms";
import { validFields } from "./generators";

/** Modules that read their form with conform (lib/form-data.server.ts parseFormWith). */
const CONFORM_MODULES = new Set(
  [
    "home",
    "quote",
    "contact",
    "admin/login",
    "admin/admins",
    "admin/change-password",
    "admin/blogs",
    "admin/testimonials",
    "admin/resources",
    "admin/highlights",
    "admin/faq",
    "admin/internships",
    "admin/hero",
    "admin/services",
    "admin/about",
    "admin/contact-info",
    "admin/footer",
  ].map((name) => `routes/${name}.tsx`),
);

/** Not a row's delete, toggle or move button: a form a person types into. */
const typedInto = (form: Form) =>
  form.fields.some((f) => ["text", "email", "textarea", "password", "url"].includes(f.kind));

/**
 * A form whose action reads it with conform: not a removal confirmed with the admin's password
 * (admins.tsx reads that one by name, and each wrong password counts toward the sign-in
 * throttle).
 */
const readByConform = (form: Form) =>
  typedInto(form) && !form.fields.some((f) => f.name === "intent" && /remove|delete/.test(f.value));

/** The intents no form of the site sends, aimed at a plain field and at a list if it has one. */
function hostileIntents(form: Form): string[] {
  const plain = form.fields.find(
    (f) => /^\w+$/.test(f.name) && typedInto({ ...form, fields: [f] }),
  )?.name;
  const list = form.fields.map((f) => /^([\w.]+)\[\d+\]/.exec(f.name)?.[1]).find(Boolean);
  const intents: unknown[] = [];
  for (const name of [plain ?? "name", list].filter(Boolean) as string[]) {
    intents.push(
      // The finding's request: a ten-million-slot list.
      { type: "insert", payload: { name: `${name}[10000000]` } },
      { type: "insert", payload: { name, index: 10_000_000 } },
      { type: "reorder", payload: { name, from: 0, to: 1e6 } },
      { type: "remove", payload: { name, index: -1 } },
      { type: "insert", payload: { name: `${name}.__proto__` } },
      { type: "update", payload: { name, value: "x".repeat(1000) } },
    );
  }
  intents.push(
    { type: "insert", payload: { name: "__proto__" } },
    { type: "update", payload: { name: "__proto__.polluted", value: "yes" } },
    { type: "reset", payload: {} },
    { type: "insert" },
  );
  return [...intents.map((intent) => JSON.stringify(intent)), "{", "null", "[]"];
}

test("hostile conform intents get a small 400 on every form conform reads, writing nothing", async ({
  robust,
}) => {
  test.setTimeout(120_000);
  const before = await robust.counts();
  let requests = 0;
  let forms = 0;
  const failures: string[] = [];
  for (const target of ACTION_TARGETS.filter((t) => CONFORM_MODULES.has(t.file))) {
    const headers: Record<string, string> = target.signedIn ? { Cookie: robust.cookie } : {};
    for (const form of (await formsOf(robust, target)).filter(readByConform)) {
      forms++;
      const fields = validFields(form).filter(([name]) => name !== "__intent__");
      const cases: { intent: string; twice?: boolean; also?: [string, string] }[] = hostileIntents(
        form,
      ).map((intent) => ({ intent }));
      // Two intents, each one a form could send: conform acts on the first, so both are refused.
      cases.push({ intent: '{"type":"validate","payload":{}}', twice: true });
      // A list's own add button, with the list also posted as an object: conform cannot add a
      // row to it.
      const list = form.fields.map((f) => /^([\w.]+)\[\d+\]/.exec(f.name)?.[1]).find(Boolean);
      if (list) {
        const intent = JSON.stringify({ type: "insert", payload: { name: list } });
        cases.push({ intent, also: [`${list}.label`, "x"] });
      }
      const answers = await inBatches(
        cases.map(({ intent, twice, also }) => () => {
          const extra: [string, string][] = [["__intent__", intent]];
          if (twice) extra.push(["__intent__", intent]);
          if (also) extra.push(also);
          const { body, type } = encode([...fields, ...extra], form.multipart);
          return robust.send(form.action, {
            method: "POST",
            headers: { ...headers, "Content-Type": type },
            body,
          });
        }),
        4,
      );
      requests += answers.length;
      answers.forEach((answer, i) => {
        const what = `${target.file} ${form.action} ${cases[i]?.intent.slice(0, 80)}`;
        if (answer.status !== 400) failures.push(`${what}: ${answer.status}`);
        // The finding's answer was 30 MB: the refusal is the page's error view at most.
        if (answer.body.length > 64 * 1024) failures.push(`${what}: ${answer.body.length} bytes`);
        if (STACK_TRACE.test(answer.body)) failures.push(`${what}: a stack trace`);
      });
    }
  }
  console.log(
    `[robustness] request shapes, conform intents: ${requests} requests to ${forms} forms of ${CONFORM_MODULES.size} modules, ${failures.length} not a small 400`,
  );
  expect(failures).toEqual([]);
  expect(countChanges(before, await robust.counts())).toEqual({});
});

/** The spellings of "go up" that the WHATWG URL parser resolves and Express does not. */
const DOT_SEGMENT_PATHS = [
  "/admin/dashboard/../../quote",
  "/admin/dashboard/%2e%2e/%2e%2e/quote",
  "/admin/dashboard/%2E%2E/%2E%2E/contact",
  "/admin/dashboard/.%2e/../login",
  "/admin/dashboard/..%2f..%2fquote",
  "/admin/dashboard/..\\..\\quote",
  "/admin/dashboard/%5c..%5c..%5cquote",
  "/admin/./dashboard/../login",
  "/api/images/../quotes",
];

test("a target with dot segments or encoded slashes is refused before its body is read", async ({
  robust,
}) => {
  const before = await robust.counts();
  const failures: string[] = [];
  let requests = 0;
  const { host } = new URL(robust.url);
  for (const path of DOT_SEGMENT_PATHS) {
    // 15 MiB declared and never sent: a server that chose the upload allowance from the raw
    // path would wait for the body (no answer within 5 s) instead of refusing.
    const heads = [
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${robust.cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${15 * 1024 * 1024}`,
      `GET ${path} HTTP/1.1\r\nHost: ${host}`,
    ];
    for (const head of heads) {
      const answer = await rawRequest(robust.url, head, 5_000);
      requests++;
      if (answer.status !== 400) failures.push(`${head.split(" HTTP")[0]}: ${answer.status}`);
    }
  }
  console.log(
    `[robustness] request shapes, dot segments and encoded slashes: ${requests} requests, ${failures.length} not refused with 400`,
  );
  expect(failures).toEqual([]);
  expect(countChanges(before, await robust.counts())).toEqual({});
});

/**
 * Bytes straight onto a socket (a target or Host no HTTP client library would send: they resolve
 * dot segments themselves), the body, if one is declared, never sent. The answer is what arrived
 * when the server closed, or when `waitMs` ran out (status 0 then).
 */
function rawRequest(url: string, head: string, waitMs = 10_000): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.setTimeout(waitMs, () => socket.destroy());
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [headText = "", body = ""] = text.split("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headText)?.[1] ?? 0),
        headers: {},
        body,
      });
    });
  });
}

test("targets and Hosts no URL can be made of get a 400, never a 500 or a stack trace", async ({
  robust,
}) => {
  const { host } = new URL(robust.url);
  const heads = [
    `GET http://x/ HTTP/1.1\r\nHost: ${host}`,
    `OPTIONS * HTTP/1.1\r\nHost: ${host}`,
    `POST http://${host}/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0`,
    "GET / HTTP/1.1\r\nHost: a b",
    "GET / HTTP/1.1\r\nHost: localhost:99999",
    // Shaped like hosts, refused by the URL parser.
    "GET /internships HTTP/1.1\r\nHost: 256.256.256.256",
    "GET /blog HTTP/1.1\r\nHost: [::::]",
    "GET /about HTTP/1.1\r\nHost: localhost:0",
    "POST /contact HTTP/1.1\r\nHost: evil.example/x\r\nContent-Length: 0",
    `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Host: a b`,
    `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Host: x:99999`,
    `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Proto: javascript`,
    `GET /%E0%A4%A HTTP/1.1\r\nHost: ${host}`,
  ];
  const answers = await Promise.all(heads.map((head) => rawRequest(robust.url, head)));
  const failures = answers.flatMap((answer, i) =>
    answer.status === 400 && answer.body === "Bad Request"
      ? []
      : [`${heads[i]?.split("\r\n").join(" | ")}: ${answer.status} ${answer.body.slice(0, 100)}`],
  );
  // The server still serves everyone else.
  expect((await robust.send("/")).status).toBe(200);
  console.log(
    `[robustness] request shapes, unreadable targets and Hosts: ${heads.length} requests, ${failures.length} not a plain 400`,
  );
  expect(failures).toEqual([]);
});

test("an Origin of this host under another scheme or port is cross-site", async ({ robust }) => {
  const before = await robust.counts();
  const own = new URL(robust.url);
  const others = [
    `https://${own.host}`,
    `http://${own.hostname}:${Number(own.port) + 1}`,
    `https://${own.hostname}`,
    `ws://${own.host}`,
  ];
  const targets: [string, Record<string, string>][] = [
    ["/admin/login", { Cookie: robust.cookie }],
    ["/contact", {}],
    ["/admin/dashboard/faq", { Cookie: robust.cookie }],
    ["/api/faqs", { Authorization: `Bearer ${robust.token}` }],
  ];
  const failures: string[] = [];
  let requests = 0;
  for (const [path, headers] of targets) {
    for (const origin of [...others, robust.url]) {
      const answer = await robust.send(path, {
        method: "POST",
        headers: {
          ...headers,
          Origin: origin,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "question=x",
      });
      requests++;
      const refused = answer.status === 403;
      // The site's own origin is the control: refused by anything but the cross-site rule.
      if (refused !== (origin !== robust.url)) {
        failures.push(`POST ${path} Origin ${origin}: ${answer.status}`);
      }
    }
  }
  console.log(
    `[robustness] request shapes, Origin scheme and port: ${requests} requests, ${failures.length} wrong`,
  );
  expect(failures).toEqual([]);
  expect(countChanges(before, await robust.counts())).toEqual({});
});
