// The page cache through the real production server (issue 10; docs/decisions/016-page-cache.md):
// two app instances on one database, as behind a load balancer. HTTP only, in the "server"
// project: it starts its own database and servers.
import { expect, test } from "@playwright/test";
import { MongoClient } from "mongodb";
import { E2E_ADMIN } from "../support/constants";
import { eventually, specProcesses, tempDir } from "../support/process";

const processes = specProcesses(test, { acrossTests: true });

// One database and two instances for the file (starting them is most of its time); the tests
// run in order on them.
test.describe.configure({ mode: "serial" });
let site: Awaited<ReturnType<typeof startTwoInstances>>;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startTwoInstances("pagecache");
});
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

interface Page {
  status: number;
  cache: string | null;
  etag: string | null;
  csp: string;
  body: string;
}

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    headers: { "User-Agent": BROWSER, ...headers },
    redirect: "manual",
  });
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    etag: response.headers.get("etag"),
    csp: response.headers.get("content-security-policy") ?? "",
    body: await response.text(),
  } satisfies Page;
}

/** The nonces a page's elements carry, and the one its policy allows. */
function nonces(page: Page) {
  return {
    inBody: new Set([...page.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])),
    inPolicy: /'nonce-([^']+)'/.exec(page.csp)?.[1],
  };
}

/** A visitor with saved internships: their pages are rendered for them, never cached. */
const SAVED = { Cookie: "savedInternships=0123456789abcdef01234567" };

function formTokens(body: string): Set<string> {
  return new Set([...body.matchAll(/v1\.\d+\.[A-Za-z0-9_-]+/g)].map((m) => m[0]));
}

async function startTwoInstances(name: string) {
  const uri = (await processes.db(tempDir(name), { timeoutMs: 30_000 })).uri(`bureau_${name}`);
  const env = {
    MONGODB_URI: uri,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // One public address for both, as behind a load balancer (it is in every page's links).
    SITE_URL: "https://bureau.example",
  };
  const { port: portA } = await processes.app(env);
  // The second instance after the first has seeded the demo content.
  const { port: portB } = await processes.app(env);
  return { uri, a: `http://127.0.0.1:${portA}`, b: `http://127.0.0.1:${portB}` };
}

test("cached pages: scripts allowed by hash, a token per window, ETag and 304, personal requests rendered", async () => {
  const { a, b } = site;

  const first = await get(a, "/");
  const second = await get(a, "/");
  expect(first.status).toBe(200);
  expect(first.cache).toBe("miss");
  expect(second.cache).toBe("hit");
  // The render has its own nonce, in the policy and on every element that needs one.
  const rendered = nonces(first);
  expect(rendered.inBody.size).toBe(1);
  expect([...rendered.inBody][0]).toBe(rendered.inPolicy);
  // A cached answer has none: its policy allows the page's inline scripts by their hashes.
  expect(nonces(second).inBody.size).toBe(0);
  expect(nonces(second).inPolicy).toBeUndefined();
  expect(second.csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
  expect(/script-src [^;]*/.exec(second.csp)?.[0]).not.toContain("unsafe-inline");
  // One form token per answer: the render's, then one for the page's window.
  for (const page of [first, second]) expect(formTokens(page.body).size).toBe(1);
  expect([...formTokens(first.body)][0]).not.toBe([...formTokens(second.body)][0]);
  const strip = (html: string) =>
    html.replace(/nonce="[^"]*"/g, "").replace(/v1\.\d+\.[A-Za-z0-9_-]+/g, "");
  expect(strip(second.body)).toBe(strip(first.body));

  // Revalidation: the tag depends on the page, not on the instance, so either one says 304.
  expect(second.etag).toMatch(/^W\/".+"$/);
  const again = await get(a, "/", { "If-None-Match": second.etag as string });
  expect(again.status).toBe(304);
  expect(again.body).toBe("");
  await get(b, "/");
  const other = await get(b, "/", { "If-None-Match": second.etag as string });
  expect(other.status).toBe(304);

  // Compressed when the client accepts it.
  const compressed = await fetch(`${a}/`, { headers: { "Accept-Encoding": "br" } });
  expect(compressed.headers.get("content-encoding")).toBe("br");
  expect(await compressed.text()).toContain("</html>");

  // Query strings are pages of their own (the internship filters).
  await get(a, "/internships?domain=Tech");
  const tech = await get(a, "/internships?domain=Tech");
  expect(tech.cache).toBe("hit");
  expect((await get(a, "/internships?domain=Marketing")).cache).toBe("miss");

  // Saved internships change the page: rendered for that visitor, never cached or shared.
  const saved = await get(a, "/internships?domain=Tech", { Cookie: "savedInternships=abc" });
  expect(saved.status).toBe(200);
  expect(saved.cache).toBeNull();
  // Another site that sent the visitor is handed to the forms: a page per referrer.
  const fromSearch = await get(a, "/", { Referer: "https://search.example/" });
  expect(fromSearch.cache).toBe("miss");
  expect(fromSearch.body).toContain("https://search.example/");
  expect((await get(a, "/")).body).not.toContain("https://search.example/");
});

test("an admin change shows on the next request of that instance and within seconds on the other", async () => {
  test.setTimeout(60_000);
  const { uri, a, b } = site;
  const client = await new MongoClient(uri).connect();
  const stats = client.db().collection<{ date: string; count: number }>("visitorStats");
  const today = new Date().toISOString().slice(0, 10);
  const visitorsToday = async () => (await stats.findOne({ date: today }))?.count ?? 0;
  // The browser of these tests was counted by the first test (both instances write their
  // queue every 2 s): let that settle, then only the visitor added below may change the figure.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const before = await visitorsToday();
  // Both instances have the home page and the internships page cached, and the content they
  // are rendered from (lib/content-cache.server.ts): a visitor with saved internships gets a
  // page rendered for them, from that content.
  for (const base of [a, b]) {
    for (const path of ["/", "/internships"]) {
      await get(base, path);
      expect((await get(base, path)).cache).toBe("hit");
    }
    expect((await get(base, "/internships", SAVED)).cache).toBeNull();
  }

  // Through the admin's own form (no JavaScript): a new FAQ, shown on /internships.
  const login = await fetch(`${a}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(E2E_ADMIN).toString(),
    redirect: "manual",
  });
  expect(login.status).toBe(302);
  const session = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("__Host-bureau_session="))
    ?.split(";")[0] as string;
  expect(session).toBeTruthy();
  const question = `Is the cache fresh ${Date.now()}?`;
  const saved = await fetch(`${a}/admin/dashboard/faq`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: session },
    body: new URLSearchParams({ intent: "save", question, answer: "Yes." }).toString(),
    redirect: "manual",
  });
  expect(saved.status).toBe(302);
  // The very next anonymous request on that instance, and the next page rendered there.
  const next = await get(a, "/internships");
  expect(next.body).toContain(question);
  expect((await get(a, "/internships", SAVED)).body).toContain(question);

  // Through the JSON API: the home page hero.
  const token = (await (
    await fetch(`${a}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(E2E_ADMIN),
    })
  ).json()) as { token: string };
  const title = `Fresh hero ${Date.now()}`;
  const put = await fetch(`${a}/api/hero-section`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token.token}` },
    body: JSON.stringify({ title, subtitle: "", image: "", ctaText: "", ctaLink: "" }),
  });
  expect(put.status, await put.text()).toBe(200);
  expect((await get(a, "/")).body).toContain(title);

  // The other instance learns from the content version in MongoDB (polled every second).
  await eventually(async () => (await get(b, "/")).body.includes(title), { timeoutMs: 15_000 });
  await eventually(async () => (await get(b, "/internships")).body.includes(question), {
    timeoutMs: 15_000,
  });
  expect((await get(b, "/internships", SAVED)).body).toContain(question);

  // A page served from the cache is still a visit: a visitor whose only page comes from it.
  const hit = await get(b, "/", { "User-Agent": "Mozilla/5.0 (a new visitor) Firefox/133.0" });
  expect(hit.cache).toBe("hit");
  try {
    await eventually(async () => (await visitorsToday()) === before + 1);
  } finally {
    await client.close();
  }
});
