// The 503 path of every public page: while the database is unreachable, each loader fails with
// a connectivity error (never a half-rendered page), and the server entry turns that into the
// friendly 503 page with Retry-After, without a stack trace.
import type { EntryContext, LoaderFunctionArgs } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { DatabaseUnavailableError, isDatabaseConnectivityError } from "#db/client.server";
import handleRequest, { handleError } from "~/entry.server";

vi.mock("#db/client.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("#db/client.server")>();
  const down = async () => {
    throw new original.DatabaseUnavailableError();
  };
  return { ...original, getDb: down, getCollections: down };
});

type Loader = (args: LoaderFunctionArgs) => unknown;

const PAGES: Record<string, { path: string; load: () => Promise<{ loader: unknown }> }> = {
  layout: { path: "/", load: () => import("./site-layout") },
  home: { path: "/", load: () => import("./home") },
  services: { path: "/services", load: () => import("./services") },
  internships: { path: "/internships", load: () => import("./internships") },
  resources: { path: "/resources", load: () => import("./resources") },
  about: { path: "/about", load: () => import("./about") },
  contact: { path: "/contact", load: () => import("./contact") },
  "privacy-policy": { path: "/privacy-policy", load: () => import("./privacy-policy") },
  "terms-of-service": { path: "/terms-of-service", load: () => import("./terms-of-service") },
  blog: { path: "/blog", load: () => import("./blog") },
  "blog post": { path: `/blog/${"0".repeat(24)}`, load: () => import("./blog-post") },
  sitemap: { path: "/sitemap.xml", load: () => import("./sitemap-xml") },
  rss: { path: "/blog/rss.xml", load: () => import("./blog-rss-xml") },
};

describe("public pages while the database is down", () => {
  for (const [name, page] of Object.entries(PAGES)) {
    it(`${name}: the loader fails with a connectivity error and the page answers 503`, async () => {
      const { loader } = await page.load();
      const request = new Request(`http://localhost${page.path}`);
      const args = {
        request,
        params: { id: "0".repeat(24) },
        context: {},
      } as unknown as LoaderFunctionArgs;
      const error = await Promise.resolve()
        .then(() => (loader as Loader)(args))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect(isDatabaseConnectivityError(error)).toBe(true);

      handleError(error, args);
      const response = await handleRequest(request, 500, new Headers(), {} as EntryContext);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      const html = await response.text();
      expect(html).toContain("We'll be right back");
      expect(html).toContain("Error: The service is temporarily unavailable.");
      expect(html).not.toMatch(/at .+\.(ts|js):\d+/);
    });
  }
});

describe("connectivity errors", () => {
  it("counts a socket closed under a command (EPIPE, reset) as the database being away", () => {
    const epipe = Object.assign(new Error("This socket has been ended by the other party"), {
      code: "EPIPE",
    });
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    expect(isDatabaseConnectivityError(epipe)).toBe(true);
    expect(isDatabaseConnectivityError(reset)).toBe(true);
    // A bug stays a bug: logged with its stack, answered 500.
    expect(isDatabaseConnectivityError(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseConnectivityError(Object.assign(new Error("no"), { code: "ENOENT" }))).toBe(
      false,
    );
  });

  it("answers the 503 page, without a stack trace in the log, for such an error", async () => {
    const request = new Request("http://localhost/about");
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const epipe = Object.assign(new Error("This socket has been ended by the other party"), {
      code: "EPIPE",
    });
    handleError(epipe, { request } as unknown as LoaderFunctionArgs);
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
    const response = await handleRequest(request, 500, new Headers(), {} as EntryContext);
    expect(response.status).toBe(503);
  });
});
