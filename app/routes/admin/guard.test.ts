// The guard, proved for every admin route in app/routes.ts: without a session, GET and POST
// end in a redirect to /admin/login?redirectTo=<that URL>, through the layout's middleware and
// through the route's own loader and action. A route added under /admin is picked up here by
// itself; one added outside the guarded layout fails until it is listed as public on purpose.
import { ObjectId } from "mongodb";
import { RouterContextProvider } from "react-router";
import { afterAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { clientIpContext } from "~/lib/client-ip.server";
import { adminRoutes, PUBLIC_ADMIN_FILES, sampleUrl } from "../../../tests/support/admin-routes";

afterAll(closeDatabase);

const LAYOUT = "routes/admin/layout.tsx";

// biome-ignore lint/suspicious/noExplicitAny: route modules differ in their argument types.
type Module = Record<string, any>;
const modules = import.meta.glob<Module>("/app/routes/**/*.{ts,tsx}");

async function load(file: string): Promise<Module> {
  const importer = modules[`/app/${file}`];
  if (!importer) throw new Error(`No module for ${file}`);
  return importer();
}

function args(url: string, method: "GET" | "POST", cookie?: string) {
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  const request =
    method === "GET"
      ? new Request(url, { headers })
      : new Request(url, {
          method,
          headers: {
            ...Object.fromEntries(headers),
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: "intent=remove&id=0123456789abcdef01234567",
        });
  const context = new RouterContextProvider();
  context.set(clientIpContext, "203.0.113.9");
  return { request, params: {}, context, unstable_pattern: "" };
}

/** Runs `fn` and returns the Response it returned or threw. */
async function outcome(fn: () => unknown): Promise<Response> {
  try {
    const value = await fn();
    if (value instanceof Response) return value;
    throw new Error(`Expected a redirect, got data: ${JSON.stringify(value)?.slice(0, 200)}`);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

function expectLoginRedirect(response: Response, pageUrl: string) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toBe(`/admin/login?${new URLSearchParams({ redirectTo: pageUrl })}`);
}

const routes = adminRoutes();
const guarded = routes.filter((r) => !PUBLIC_ADMIN_FILES.includes(r.file));

describe("admin route config", () => {
  it("has the sign-in and logout routes as its only public admin routes", () => {
    expect(routes.filter((r) => PUBLIC_ADMIN_FILES.includes(r.file)).map((r) => r.path)).toEqual([
      "/admin/login",
      "/admin/logout",
    ]);
  });

  it("puts every other admin route inside the guarded layout", () => {
    expect(guarded.length).toBeGreaterThanOrEqual(5);
    for (const route of guarded) {
      expect(
        route.file === LAYOUT || route.parents.includes(LAYOUT),
        `${route.file} (${route.path}) is outside ${LAYOUT}: nest it there or make it public on purpose`,
      ).toBe(true);
    }
  });
});

describe.each(guarded.map((r) => [`${r.path} (${r.file})`, r] as const))(
  "without a session, %s",
  (_name, route) => {
    const path = sampleUrl(route.path);
    const url = `http://localhost${path}?tab=1`;
    const pageUrl = `${path}?tab=1`;

    it.each(["GET", "POST"] as const)(
      "%s is redirected to sign-in by the layout's middleware",
      async (method) => {
        const layout = await load(LAYOUT);
        const next = vi.fn(async () => new Response("the page"));
        const response = await layout.middleware[0](args(url, method), next);
        expect(next).not.toHaveBeenCalled();
        expectLoginRedirect(response, pageUrl);
        expect(response.headers.get("Cache-Control")).toBe("no-store");
      },
    );

    it("GET is redirected by the route's own loader (and every layout's)", async () => {
      for (const file of [
        ...route.parents.filter((p) => p.startsWith("routes/admin/")),
        route.file,
      ]) {
        const module = await load(file);
        expect(module.loader, `${file} must have a loader that calls requireAdmin`).toBeTypeOf(
          "function",
        );
        expectLoginRedirect(await outcome(() => module.loader(args(url, "GET"))), pageUrl);
      }
    });

    it("POST is redirected by the route's action, if it has one", async () => {
      const module = await load(route.file);
      // Without an action, React Router answers 405, and the middleware above still runs first.
      if (!module.action) return;
      expectLoginRedirect(await outcome(() => module.action(args(url, "POST"))), pageUrl);
    });

    it("a forged or unknown session cookie gets the same redirect", async () => {
      const module = await load(route.file);
      for (const cookie of [
        "bureau_session=IjAxMjM0NTY3ODlhYmNkZWYwMTIzNDU2Nzg5YWJjZGVmIg%3D%3D.forged",
        "bureau_session=anything",
      ]) {
        expectLoginRedirect(await outcome(() => module.loader(args(url, "GET", cookie))), pageUrl);
      }
    });
  },
);

describe("guarded routes never touch the data without a session", () => {
  it("a POST removing an admin, without a session, removes nobody", async () => {
    const { admins } = await getCollections();
    // Two admins, so the target is not protected as the last one: only the guard stands between
    // this POST (the id in args() is the target's) and its removal.
    for (const [id, email] of [
      ["0123456789abcdef01234567", "guard@bureau.test"],
      ["0123456789abcdef01234568", "other@bureau.test"],
    ] as const) {
      await admins.insertOne({
        _id: new ObjectId(id),
        email,
        passwordHash: "x",
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    }
    const page = await load("routes/admin/admins.tsx");
    const url = "http://localhost/admin/dashboard/admins";
    expectLoginRedirect(
      await outcome(() => page.action(args(url, "POST"))),
      "/admin/dashboard/admins",
    );
    expect(await admins.countDocuments({ email: "guard@bureau.test" })).toBe(1);
  });
});

describe("the layout's headers", () => {
  it("mark error answers no-store too (errors thrown inside the guard skip the middleware)", async () => {
    const layout = await load(LAYOUT);
    const out = new Headers(
      layout.headers({
        loaderHeaders: new Headers(),
        actionHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: new Headers({ "Cache-Control": "public, max-age=600" }),
      }),
    );
    expect(out.get("Cache-Control")).toBe("no-store");
  });
});
