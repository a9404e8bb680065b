// Visitor counting through the real production server (issue 4, "Visitor counts"): two app
// instances behind one database, as behind a load balancer. Runs in the "server" project: it
// starts its own database and servers, so it cannot disturb the figures the shared e2e server
// shows on its dashboard.
import { expect, test } from "@playwright/test";
import { MongoClient } from "mongodb";
import { eventually, specProcesses, tempDir } from "../support/process";

const processes = specProcesses(test);

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test("two requests from one visitor count once across instances; a bot counts zero", async () => {
  test.setTimeout(90_000);
  const uri = (await processes.db(tempDir("visitors"), { timeoutMs: 30_000 })).uri(
    "bureau_visitors",
  );
  const [{ port: portA }, { port: portB, app: b }] = await Promise.all([
    processes.app({ MONGODB_URI: uri }, 30_000),
    processes.app({ MONGODB_URI: uri }, 30_000),
  ]);

  const client = await new MongoClient(uri).connect();
  try {
    const stats = client.db().collection<{ date: string; count: number }>("visitorStats");
    const today = new Date().toISOString().slice(0, 10);
    const todayCount = async () => (await stats.findOne({ date: today }))?.count ?? 0;
    // The demo content has a figure for today; visits add to it.
    const before = await todayCount();
    const visit = async (port: number, path: string, userAgent: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { "User-Agent": userAgent },
      });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
    };

    // One visitor: two pages on one instance, one on the other, then a client-side navigation.
    await visit(portA, "/", CHROME);
    await visit(portA, "/blog", CHROME);
    await visit(portB, "/", CHROME);
    await visit(portB, "/services.data", CHROME);
    // A crawler, and files that are not pages.
    await visit(portA, "/", GOOGLEBOT);
    await visit(portB, "/about", GOOGLEBOT);
    await visit(portA, "/sitemap.xml", FIREFOX);
    await visit(portA, "/robots.txt", FIREFOX);

    // Written within a few seconds, by each instance on its own schedule.
    await eventually(async () => (await todayCount()) === before + 1);
    // And it stays one after both instances have flushed again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await todayCount()).toBe(before + 1);
    expect(await client.db().collection("visitorHits").countDocuments()).toBe(1);

    // Another browser is another visitor; a visit right before SIGTERM is written at shutdown.
    await visit(portB, "/", FIREFOX);
    expect(await b.stop("SIGTERM")).toBe(0);
    expect(await todayCount()).toBe(before + 2);

    // The stored hashes name neither the address nor the browser.
    const stored = JSON.stringify(await client.db().collection("visitorHits").find().toArray());
    expect(stored).not.toMatch(/127\.0\.0\.1|Chrome|Firefox/);

    await visit(portA, "/contact", SAFARI);
    await eventually(async () => (await todayCount()) === before + 3);
  } finally {
    await client.close();
  }
});
