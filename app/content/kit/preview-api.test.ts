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
import { previewApi, previewsApi } from "./preview-api.server";

afterAll(closeDatabase);

const actor: Actor = { email: "ana@bureau.test", via: "cli" };
const MISSING = "0123456789abcdef01234567";
let token = "";

beforeAll(async () => {
  const { email } = await signInFresh("api-previews@bureau.test");
  const admin = await (await getCollections()).admins.findOne({ email });
  ({ token } = await issueApiToken(admin?._id as never));
});

function call(
  method: "GET" | "POST" | "DELETE",
  path: string,
  options: { body?: unknown; auth?: string | null; id?: string } = {},
) {
  const auth = options.auth === undefined ? token : options.auth;
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: {
      ...(auth ? { Authorization: `Bearer ${auth}` } : {}),
      ...(options.body ? { "Content-Type": "application/json" } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const context = new RouterContextProvider();
  context.set(clientIpContext, "203.0.113.9");
  const route = options.id === undefined ? previewsApi : previewApi;
  const args = { request, params: { id: options.id }, context } as never;
  return method === "GET" ? route.loader(args) : route.action(args);
}

const targets = [
  ...STORE_CASES.map(([entity, type]) => ({
    entity,
    make: async () => {
      const store = STORES[entity as keyof typeof STORES];
      const record = (await store.create(storedExample(type) as never, actor)) as { _id: string };
      return record._id as string | undefined;
    },
  })),
  ...DOCUMENT_TYPES.map((type) => ({ entity: type.entity, make: async () => undefined })),
];

describe.each(targets.map((t) => [t.entity, t] as const))("%s", (entity, t) => {
  it("creates (201, the address once), lists and revokes a link", async () => {
    const id = await t.make();
    const target = { entity, ...(id ? { id } : {}) };
    const created = await call("POST", "/api/previews", { body: target });
    expect(created.status).toBe(201);
    const { data } = await created.json();
    expect(data).toMatchObject({ uses: 0, state: "active", revokedAt: null });
    const linkToken = String(data.url).split("/preview/")[1] ?? "";
    expect((await findPreviewLink(linkToken)).ok).toBe(true);

    const query = new URLSearchParams(target).toString();
    const listed = await (await call("GET", `/api/previews?${query}`)).json();
    expect(listed.data.map((l: { id: string }) => l.id)).toContain(data.id);
    expect(JSON.stringify(listed)).not.toContain(linkToken);

    const revoked = await call("DELETE", `/api/previews/${data.id}`, { id: data.id });
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
      expect((await call("POST", "/api/previews", { body: { entity: "hero" }, auth })).status).toBe(
        401,
      );
      expect((await call("GET", "/api/previews?entity=hero", { auth })).status).toBe(401);
      expect((await call("DELETE", `/api/previews/${MISSING}`, { id: MISSING, auth })).status).toBe(
        401,
      );
    }
    expect(await previews.countDocuments()).toBe(before);
  });

  it("bad targets with a 4xx: unknown type, id on a document, no id, malformed or missing id", async () => {
    const cases: [unknown, number][] = [
      [{ entity: "quote" }, 400],
      [{ entity: "hero", id: MISSING }, 400],
      [{ entity: "blog" }, 400],
      [{ entity: "blog", id: "nope" }, 400],
      [{ entity: "blog", id: MISSING }, 404],
      [{ entity: "blog", id: { $gt: "" } }, 400],
    ];
    for (const [body, status] of cases) {
      expect((await call("POST", "/api/previews", { body })).status, JSON.stringify(body)).toBe(
        status,
      );
    }
    expect((await call("DELETE", "/api/previews/nope", { id: "nope" })).status).toBe(404);
    expect((await call("DELETE", `/api/previews/${MISSING}`, { id: MISSING })).status).toBe(404);
  });

  it("is described in the OpenAPI document (from the route modules)", () => {
    const doc = openApiDocument({ path: "/api/openapi.json", operations: {} }) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/api/previews"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/previews/{id}"] ?? {})).toContain("delete");
  });
});
