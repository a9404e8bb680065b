// The JSON API's malformed requests, generated from /api/openapi.json (bad-input suite), and
// the collection behind each path with an id (both suites).
import type { Robust } from "./fixtures";
import { UNKNOWN_ID } from "./fixtures";
import { multipart } from "./forms";
import {
  type Case,
  EXECUTABLES,
  INVALID_UTF8,
  type JsonSchema,
  jsonBodyCases,
  KB100,
  MALFORMED_IDS,
  sampleOf,
} from "./generators";

const MIB = 1024 * 1024;

/** The collection behind an API path with an id, for a real id to put in it. */
export const COLLECTION_OF: Record<string, string> = {
  faqs: "faqs",
  blog: "blogs",
  testimonials: "testimonials",
  resources: "resources",
  highlights: "highlights",
  internships: "internships",
  contact: "contacts",
  quotes: "quotes",
  subscribers: "subscribers",
};

export interface Operation {
  method: string;
  path: string;
  bearer: boolean;
  schema: JsonSchema | null;
}

export async function operations(robust: Robust): Promise<Operation[]> {
  const doc = JSON.parse((await robust.send("/api/openapi.json")).body) as {
    paths: Record<
      string,
      Record<
        string,
        {
          security?: Record<string, unknown>[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!["post", "put", "patch", "delete"].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        bearer: (op.security ?? []).length > 0,
        schema: content["application/json"]?.schema ?? null,
      });
    }
  }
  return out;
}

export function apiCases(op: Operation, realPath: string, auth: Record<string, string>): Case[] {
  const idPaths = op.path.includes("{id}")
    ? MALFORMED_IDS.concat(UNKNOWN_ID).map((id) => op.path.replace("{id}", id))
    : [];
  const cases: Case[] = [];
  if (op.path === "/api/auth/logout") {
    // With the suite's token it would sign the suite out: only tokens that are no tokens.
    const tokens = [
      "",
      "Bearer",
      "Bearer ",
      "Bearer x",
      `Bearer ${UNKNOWN_ID}`,
      `Bearer ${"a".repeat(8192)}`,
      'Bearer {"$ne":""}',
      "Basic ZTJlOmFkbWlu",
      "bearer %FF%FE",
      `Bearer ${"A".repeat(43)}.${"B".repeat(43)}`,
    ];
    const bodies: [string, Buffer | undefined][] = [
      ["no body", undefined],
      ["JSON operator", Buffer.from('{"token":{"$ne":""}}')],
      ["invalid UTF-8", INVALID_UTF8],
      ["text/plain", Buffer.from("logout")],
      ["100 kB", Buffer.from(JSON.stringify({ token: KB100 }))],
    ];
    for (const token of tokens) {
      for (const [what, body] of bodies) {
        cases.push({
          what: `Authorization "${token.slice(0, 20)}", ${what}`,
          method: op.method,
          path: op.path,
          headers: { Authorization: token, "Content-Type": "application/json" },
          body,
        });
      }
    }
    return cases;
  }
  if (op.path === "/api/images") {
    const type = "multipart/form-data; boundary=----robustness7MA4YWxkTrZu0gW";
    const names = ["file", "image", "upload", "file[]", "file.$ne"];
    for (const exe of EXECUTABLES) {
      for (const name of names) {
        cases.push({
          what: `${name} = ${exe.filename} (${exe.data.subarray(0, 4).toString("hex")})`,
          method: "POST",
          path: op.path,
          headers: { ...auth, "Content-Type": type },
          body: multipart([[name, exe]]),
        });
      }
    }
    const png = multipart([["file", EXECUTABLES[0] as never]]);
    const more: [string, string, Buffer | undefined][] = [
      ["no body", type, undefined],
      ["truncated", type, png.subarray(0, Math.floor(png.length / 2))],
      ["no boundary", "multipart/form-data", png],
      ["another boundary", "multipart/form-data; boundary=zz", png],
      ["JSON", "application/json", Buffer.from('{"file":{"$ne":""}}')],
      ["file as text", type, multipart([["file", "not a file"]])],
      [
        "two files",
        type,
        multipart([
          ["file", EXECUTABLES[0] as never],
          ["file", EXECUTABLES[1] as never],
        ]),
      ],
      ["invalid UTF-8 name", type, multipart([[INVALID_UTF8.toString("latin1"), "x"]])],
      ["form-urlencoded", "application/x-www-form-urlencoded", Buffer.from("file=x")],
      ["text/plain", "text/plain", Buffer.from("MZ")],
    ];
    for (const [what, t, body] of more) {
      cases.push({
        what,
        method: "POST",
        path: op.path,
        headers: { ...auth, "Content-Type": t },
        body,
      });
    }
    for (const length of [16 * MIB + 1, 64 * MIB]) {
      cases.push({
        what: `oversized ${length}`,
        method: "POST",
        path: op.path,
        headers: { ...auth, "Content-Type": type },
        declaredLength: length,
      });
    }
    return cases;
  }
  if (op.schema) {
    cases.push(...jsonBodyCases(op.method, realPath, auth, op.schema));
    const valid = JSON.stringify(sampleOf(op.schema));
    for (const path of idPaths) {
      cases.push({
        what: "odd id, operator body",
        method: op.method,
        path,
        headers: { ...auth, "Content-Type": "application/json" },
        body: Buffer.from('{"status":{"$ne":""},"_id":{"$gt":""}}'),
      });
      cases.push({
        what: "odd id, body as sampled",
        method: op.method,
        path,
        headers: { ...auth, "Content-Type": "application/json" },
        body: Buffer.from(valid),
      });
    }
    cases.push({
      what: "oversized",
      method: op.method,
      path: realPath,
      headers: { ...auth, "Content-Type": "application/json" },
      declaredLength: MIB + 1,
    });
  } else {
    // No body (DELETE, toggle): only ids that name nothing, with bodies it does not take.
    const bodies: [string, string | undefined, Buffer | undefined][] = [
      ["no body", undefined, undefined],
      ["JSON operator", "application/json", Buffer.from('{"_id":{"$ne":""}}')],
      ["text/plain", "text/plain", Buffer.from("x")],
      ["invalid UTF-8", "application/json", INVALID_UTF8],
      ["form", "application/x-www-form-urlencoded", Buffer.from("_id[$ne]=")],
    ];
    // A path without an id (a single document's publish): those bodies at the path itself.
    for (const path of idPaths.length ? idPaths : [realPath]) {
      for (const [what, type, body] of bodies) {
        cases.push({
          what,
          method: op.method,
          path,
          headers: { ...auth, ...(type ? { "Content-Type": type } : {}) },
          body,
        });
      }
    }
  }
  return cases;
}

/**
 * The addresses an operation of every content type (`/api/{type}/...`, issue 24) is attacked
 * at: two collections' (a path with `{id}`) or three single documents', each type's own route,
 * with `{rev}` naming no revision. Any other operation: its own path.
 */
export function concreteOperations(op: Operation): Operation[] {
  if (!op.path.includes("{type}")) return [op];
  // A document's body is checked by its own schema: three of them, so a small body still
  // makes the 50 cases the suite asks of an operation.
  const types = op.path.includes("{id}")
    ? ["faqs", "blog"]
    : ["hero-section", "footer-content", "service-page"];
  // A single document's address has no id to get wrong: its type is what a client can.
  const odd = op.path.includes("{id}") ? [] : ODD_TYPES;
  return [...types, ...odd].map((type) => ({
    ...op,
    path: op.path.replace("{type}", type).replace("{rev}", UNKNOWN_ID),
  }));
}

/** `{type}` segments that name no content type (each must be a 404, never a lookup gone wrong). */
const ODD_TYPES = [
  "nothing",
  "%24ne",
  "__proto__",
  "constructor",
  "HERO-SECTION",
  "hero-section%00",
  "hero-section.json",
  "x".repeat(300),
];

/** `path` with `{id}` replaced by the id of a document of its collection (when it has one). */
export async function withRealId(robust: Robust, path: string): Promise<string> {
  const collection = COLLECTION_OF[path.split("/")[2] ?? ""];
  if (!path.includes("{id}") || !collection) return path;
  const doc = await robust.db.collection(collection).findOne({}, { sort: { _id: 1 } });
  return path.replace("{id}", String(doc?._id ?? UNKNOWN_ID));
}
