// Private preview links over the JSON API (issue 24): create, list and revoke for every content
// type and single document, an admin token required, bad targets refused with a 4xx; and the
// OpenAPI document describes them.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { issueApiToken } from "~/domain/api-token.server";
import type { Actor } from "~/domain/audit";
import { findPreviewLink } from "~/domain/preview-link.server";
import { clientIpContext } from "~/lib/client-ip.server";
import { openApiDocument } from "~/lib/openapi.server";
import { signInFresh } from "../../../tests/support/admin-request";
import { STORE_CASES, storedExample } from "../../../tests/support/content-types";
import { DOCUMENT_TYPES } from "../registry";
import { STORES } from "../stores.server";
import { documentPreviewsApi, previewApi, recordPreviewsApi } from "./preview-api.server";

afterAll(closeDatabase);

const actor: Actor = { email: "ana@bureau.test", via: "cli" };
const MISSING = "0123456789abcdef01234567";
let token = "";

beforeAll(async () => {
  const { email } = await signInFresh("api-previews@bureau.test");
  const admin = await (await getCollections()).admins.findOne({ email });
  ({ token } = await issueApiToken(admin?._id as never));
});

/** The route a path reaches, with its params, as app/routes.ts matches it. */
function routeOf(path: string) {
  const [, type, second, third] = new URL(`http://localhost${path}`).pathname.split("/").slice(1);
  if (type === "previews") return { route: previewApi, params: { id: second } };
  if (third === "previews") return { route: recordPreviewsApi, params: { type, id: second } };
  return { route: documentPreviewsApi, params: { type } };
}

function call(method: "GET" | "POST" | "DELETE", path: string, auth: string | null = token) {
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: auth ? { Authorization: `Bearer ${auth}` } : {},
  });
  const context = new RouterContextProvider();
  context.set(clientIpContext, "203.0.113.9");
  const { route, params } = routeOf(path);
  const args = { request, params, context } as never;
  return method === "GET" ? route.loader(args) : route.action(args);
}

const targets = [
  ...STORE_CASES.map(([entity, type]) => ({
    entity,
    make: async () => {
      const store = STORES[entity as keyof typeof STORES];
      // A draft: what previews are for.
      const record = (await store.create(storedExample(type) as never, actor, {
        status: "draft",
      } as never)) as { _id: string };
      return `${type.api.path}/${record._id}/previews`;
    },
  })),
  ...DOCUMENT_TYPES.map((type) => ({
    entity: type.entity,
    make: async () => `${type.api.path}/previews`,
  })),
];

describe.each(targets.map((t) => [t.entity, t] as const))("%s", (_, t) => {
  it("creates (201, the address once), lists and revokes a link", async () => {
    const path = await t.make();
    const created = await call("POST", path);
    expect(created.status).toBe(201);
    const { data } = await created.json();
    expect(data).toMatchObject({ uses: 0, state: "active", revokedAt: null });
    const linkToken = String(data.url).split("/preview/")[1] ?? "";
    expect((await findPreviewLink(linkToken)).ok).toBe(true);

    const listed = await (await call("GET", path)).json();
    expect(listed.data.map((l: { id: string }) => l.id)).toContain(data.id);
    expect(JSON.stringify(listed)).not.toContain(linkToken);

    const revoked = await call("DELETE", `/api/previews/${data.id}`);
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).data.state).toBe("revoked");
    expect(await findPreviewLink(linkToken)).toEqual({ ok: false, reason: "revoked" });
  });
});

describe("the preview API refuses", () => {
  it("callers without a valid admin token (401), and changes nothing", async () => {
    const { previews } = await getCollections();
    const before = await previews.countDocuments();
    for (const auth of [null, "not-a-token"]) {
      for (const [method, path] of [
        ["POST", "/api/hero-section/previews"],
        ["GET", "/api/hero-section/previews"],
        ["POST", `/api/faqs/${MISSING}/previews`],
        ["DELETE", `/api/previews/${MISSING}`],
      ] as const) {
        expect((await call(method, path, auth)).status, `${method} ${path}`).toBe(401);
      }
    }
    expect(await previews.countDocuments()).toBe(before);
  });

  it("addresses that name no type, no record or no link (404)", async () => {
    for (const path of [
      "/api/quotes/previews",
      `/api/quotes/${MISSING}/previews`,
      `/api/faqs/${MISSING}/previews`,
      "/api/faqs/nope/previews",
      `/api/hero-section/${MISSING}/previews`,
    ]) {
      expect((await call("POST", path)).status, path).toBe(404);
      expect((await call("GET", path)).status, path).toBe(404);
    }
    expect((await call("DELETE", "/api/previews/nope")).status).toBe(404);
    expect((await call("DELETE", `/api/previews/${MISSING}`)).status).toBe(404);
  });

  it("is described in the OpenAPI document (from the route modules)", () => {
    const doc = openApiDocument({ path: "/api/openapi.json", operations: {} }) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const path of ["/api/{type}/{id}/previews", "/api/{type}/previews"]) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(["get", "post"]);
    }
    expect(Object.keys(doc.paths["/api/previews/{id}"] ?? {})).toContain("delete");
  });
});
