// Issue 20, findings 5 and 6: what the site lets others read that it should not.
//
// 1. Staff e-mail addresses (finding 6). Documents record the admin who last changed them
//    (`updatedBy`); a public loader that passed a document on whole published it in the page's
//    hydration data. Here the e2e admin saves every content type the JSON API can write
//    (each singleton, and one item of each collection, put back as it reads), then every public
//    page's HTML and `.data` answer (React Router's single fetch), the sitemap, the feed,
//    robots.txt and every public JSON API read are searched for every admin's e-mail address.
// 2. The database files (finding 5): the embedded database's folder is 0700 and its files 0600
//    when the app creates it, and a folder left open by an older version is restricted at
//    start-up with one log line.
import fs from "node:fs";
import path from "node:path";
import { APP_LISTENING, freePort, startApp, tempDir } from "../support/process";
import { withRealId } from "./api-cases";
import { type Answer, expect, type Robust, test } from "./fixtures";

type OpenApi = {
  paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
};

/** No token needed: no security requirement, or an empty one among the alternatives. */
const isPublic = (op: { security?: Record<string, unknown>[] }) =>
  (op.security ?? []).length === 0 || (op.security ?? []).some((s) => Object.keys(s).length === 0);

async function json(robust: Robust, path: string, init: { method?: string; body?: unknown } = {}) {
  const answer = await robust.send(path, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Bearer ${robust.token}`,
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { answer, data: (JSON.parse(answer.body) as { data?: unknown }).data };
}

/**
 * As an admin editing every content type: each document the API can replace is read and put
 * back unchanged, which stamps it with the admin's e-mail as its last editor. Answers the paths
 * saved.
 */
async function saveEverything(robust: Robust, doc: OpenApi): Promise<string[]> {
  const saved: string[] = [];
  for (const [route, ops] of Object.entries(doc.paths)) {
    if (!ops.put) continue;
    const listPath = route.replace(/\/\{id\}$/, "");
    // Content (what the public reads): leads' statuses have no public read and are no content.
    if (!doc.paths[listPath]?.get || !isPublic(doc.paths[listPath].get)) continue;
    const { data } = await json(robust, listPath);
    const record = route.includes("{id}") ? (data as { _id: string }[])[0] : data;
    expect(record, `${listPath} has something to save`).toBeTruthy();
    const target = route.replace("{id}", (record as { _id?: string })._id ?? "");
    const { answer } = await json(robust, target, { method: "PUT", body: record });
    expect(answer.status, `PUT ${target}: ${answer.body}`).toBe(200);
    saved.push(target);
  }
  return saved;
}

/** Every way an address can be spelled in a page, a JSON answer or a URL. */
function spellings(email: string): string[] {
  const lower = email.toLowerCase();
  return [lower, encodeURIComponent(lower).toLowerCase(), lower.replace("@", "&#64;")];
}

test("no public page, data answer, feed or API read carries an admin's e-mail address", async ({
  robust,
}) => {
  const doc = JSON.parse((await robust.send("/api/openapi.json")).body) as OpenApi;
  const saved = await saveEverything(robust, doc);
  // The about and service pages at least (the finding), and the other singletons and lists.
  expect(saved).toEqual(expect.arrayContaining(["/api/about-page", "/api/service-page"]));
  const stamped = await robust.db.collection("aboutPage").findOne({});
  const emails = (await robust.db.collection("admins").find().toArray()).map((a) =>
    String(a.email),
  );
  expect(emails.length).toBeGreaterThan(0);
  // The save stamped the document: a scan that finds nothing means something.
  expect(emails).toContain(stamped?.updatedBy);

  // Every public page: the sitemap's, the quote page and a 404 (inside the site's shell).
  const sitemap = await robust.send("/sitemap.xml");
  const pages = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] as string).pathname,
  );
  expect(pages).toEqual(expect.arrayContaining(["/", "/about", "/services", "/internships"]));
  expect(pages.some((p) => p.startsWith("/blog/"))).toBe(true);
  pages.push("/quote", "/no-such-page");
  // React Router's single fetch: /about.data, and /_root.data for the home page.
  const dataUrls = pages.map((p) => (p === "/" ? "/_root.data" : `${p}.data`));
  const feeds = ["/sitemap.xml", "/blog/rss.xml", "/robots.txt"];
  const apiReads: string[] = [];
  for (const [route, ops] of Object.entries(doc.paths)) {
    if (ops.get && isPublic(ops.get)) apiReads.push(await withRealId(robust, route));
  }

  const answers: [string, Answer][] = [];
  for (const url of [...pages, ...dataUrls, ...feeds, ...apiReads]) {
    answers.push([url, await robust.send(url)]);
  }
  const leaks: string[] = [];
  for (const [url, answer] of answers) {
    expect(answer.status, `${url}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
    const body = answer.body.toLowerCase();
    for (const email of emails) {
      if (spellings(email).some((s) => body.includes(s))) leaks.push(`${url}: ${email}`);
    }
  }
  console.log(
    `[robustness] exposure: ${saved.length} documents saved by the admin through the API, then ${pages.length} public pages and ${dataUrls.length} .data answers, ${feeds.length} feeds and ${apiReads.length} public API reads scanned for ${emails.length} admin e-mail address(es): ${leaks.length} found`,
  );
  expect(leaks).toEqual([]);
});

const RESTRICTED =
  /\[db\] restricted (\S+) to its owner \(it was open to other local users\): (.*)/;

/** `name: mode` for the folder and everything in it. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = { ".": (fs.statSync(dir).mode & 0o777).toString(8) };
  for (const name of fs.readdirSync(dir)) {
    out[name] = (fs.statSync(path.join(dir, name)).mode & 0o777).toString(8);
  }
  return out;
}

test("the database folder is private to its owner, and an open one is restricted at start-up", async () => {
  // DATA_DIR made beforehand as `mkdir` makes it under the usual umask (022), readable by every
  // local user: the app restricts it, says so in one line, and creates its files 0600 although
  // the umask would let them be 0644. (Files left open are restricted too: db/embedded tests.)
  const dir = path.join(tempDir("exposure"), "data");
  fs.mkdirSync(dir);
  fs.chmodSync(dir, 0o755);
  const app = startApp({
    PORT: String(await freePort()),
    DATA_DIR: dir,
    SEED_DEMO_CONTENT: "false",
  });
  let found: Record<string, string>;
  try {
    await app.waitFor(APP_LISTENING, 60_000);
    found = modes(dir);
  } finally {
    await app.stop("SIGTERM");
  }
  const lines = app.output().match(new RegExp(RESTRICTED, "g")) ?? [];
  expect(lines, app.output()).toEqual([
    `[db] restricted ${dir} to its owner (it was open to other local users): folder 0755 -> 0700`,
  ]);
  expect(found["."]).toBe("700");
  expect(Object.keys(found)).toEqual(expect.arrayContaining(["mongod.lock", "snapshot.bson"]));
  expect(Object.entries(found).filter(([name, mode]) => name !== "." && mode !== "600")).toEqual(
    [],
  );
  console.log(
    `[robustness] exposure: an open DATA_DIR restricted to 0700 at start-up in ${lines.length} log line; ${Object.keys(found).length - 1} database files created 0600 (the test's umask would allow 0644)`,
  );
});
