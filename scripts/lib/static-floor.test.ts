import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/process";
import { writeFloorPages } from "./floor-pages";
import { nginxBinary, nginxConfig, prepareStaticFloor } from "./static-floor";

// Non-ASCII text, as the real pages hold, so a re-encoding anywhere would show.
const PAGES = new Map([
  ["/", Buffer.from("<!doctype html><p>home · accueil</p>")],
  ["/internships?domain=Tech", Buffer.from("<!doctype html><p>Tech internships</p>")],
  ["/blog/abc", Buffer.from("<!doctype html><p>a post — ünïcode</p>")],
]);

describe("nginxConfig", () => {
  it("maps each exact address, query string included, to its file, and runs one worker", () => {
    const config = nginxConfig({
      dir: "/tmp/x",
      port: 5321,
      pages: [
        { path: "/", file: "0.html" },
        { path: "/internships?domain=Tech", file: "1.html" },
      ],
    });
    expect(config).toContain('"/internships?domain=Tech" /1.html;');
    expect(config).toMatch(/^worker_processes 1;$/m);
    expect(config).toMatch(/^\s*gzip off;$/m);
  });

  it("refuses an address it could not quote safely", () => {
    for (const page of ['/a"; root /etc; "', "/a b", "/$uri", "no-slash"]) {
      expect(() =>
        nginxConfig({ dir: "/tmp/x", port: 5321, pages: [{ path: page, file: "0.html" }] }),
      ).toThrow(/unexpected address/);
    }
  });
});

const hasNginx = !spawnSync(nginxBinary(), ["-v"]).error;
const root = path.resolve(import.meta.dirname, "../..");

async function waitForAnswer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} never answered`);
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

// Both floors started for real on the pages' files: they must send exactly the stored bytes.
describe.skipIf(!hasNginx)("the two floors", () => {
  let dir: string;
  let nginx: ChildProcess;
  let node: ChildProcess;
  const origins: Record<"nginx" | "node", string> = { nginx: "", node: "" };
  beforeAll(async () => {
    const written = writeFloorPages(PAGES);
    dir = written.dir;
    const floor = await prepareStaticFloor(dir, written.pages);
    nginx = spawn(nginxBinary(), floor.args, { stdio: "ignore" });
    const nodePort = await freePort();
    node = spawn(
      "node",
      ["--import", "tsx", path.join(root, "scripts/lib/floor-server.ts"), String(nodePort), dir],
      { stdio: "ignore" },
    );
    origins.nginx = `http://127.0.0.1:${floor.port}`;
    origins.node = `http://127.0.0.1:${nodePort}`;
    await Promise.all([waitForAnswer(origins.nginx), waitForAnswer(origins.node)]);
  }, 30_000);
  afterAll(async () => {
    // SIGTERM: nginx's master stops its worker before it exits.
    nginx?.kill("SIGTERM");
    node?.kill("SIGTERM");
    await Promise.all([nginx && stopped(nginx), node && stopped(node)]);
    rmSync(dir, { recursive: true, force: true });
  });

  for (const name of ["nginx", "node"] as const) {
    it(`${name} sends each page's bytes as uncompressed HTML, by exact address`, async () => {
      for (const [page, bytes] of PAGES) {
        // Asked for gzip, the floors still send the plain bytes the load generator gets.
        const response = await fetch(origins[name] + page, {
          headers: { "Accept-Encoding": "gzip" },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(response.headers.get("content-encoding")).toBeNull();
        expect(response.headers.get("etag")).toBeNull();
        expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      }
      // Another query string is another address; so is an address not benchmarked.
      for (const page of ["/internships?domain=Design", "/internships", "/0.html", "/pages.json"]) {
        const response = await fetch(origins[name] + page);
        expect(response.status, page).toBe(404);
        await response.arrayBuffer();
      }
    });
  }
});
