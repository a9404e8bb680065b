// The OpenAPI 3.1 document of the JSON API, built from the same declarations (lib/api.server.ts
// apiRoute) and zod schemas that check each request, so it cannot drift from what the server
// does. Every module in app/routes/api whose loader carries a description (`loader.openapi`) is
// included; tests/api/protocol.spec.ts checks that each /api route of app/routes.ts is.
import { z } from "zod";
import type { ApiPath, Operation } from "./api.server";
import { API_METHODS } from "./api.server";

const modules = import.meta.glob<{ loader?: { openapi?: ApiPath } }>(
  ["../routes/api/*.ts", "!../routes/api/*.test.ts", "!../routes/api/openapi-json.ts"],
  { eager: true },
);

/** Every described path, sorted; `own` is the document's own (its module is not globbed). */
function apiPaths(own: ApiPath): ApiPath[] {
  const paths = [
    own,
    ...Object.values(modules)
      .map((m) => m.loader?.openapi)
      .filter((p): p is ApiPath => Boolean(p)),
  ];
  return paths.sort((a, b) => a.path.localeCompare(b.path));
}

const error = {
  description: "`{success: false, message, errors?: [{path, msg}]}`",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};

function schemaOf(schema: z.ZodType, io: "input" | "output") {
  // The document declares the dialect once (OpenAPI 3.1 is JSON Schema 2020-12).
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  });
  return rest;
}

function describeOperation(path: string, method: string, op: Operation) {
  const parameters: object[] = [...path.matchAll(/\{(\w+)\}/g)].map(([, name = ""]) => {
    const narrower = op.params?.[name];
    return {
      name,
      in: "path",
      required: true,
      schema: narrower ? schemaOf(narrower, "input") : { type: "string" },
    };
  });
  if (op.query) {
    const query = schemaOf(op.query, "input") as {
      properties?: Record<string, object>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: "query", required: query.required?.includes(name), schema });
    }
  }
  const status = String(op.status ?? 200);
  const responses: Record<string, object> = {
    [status]: {
      description: "Success",
      ...(op.response
        ? { content: { "application/json": { schema: schemaOf(op.response, "output") } } }
        : {}),
    },
  };
  if (op.body || op.query) responses["400"] = { ...error, description: "Invalid input" };
  if (op.auth !== "none") {
    responses["401"] = { ...error, description: "Missing, invalid or expired bearer token" };
  }
  if (path.includes("{")) responses["404"] = { ...error, description: "Unknown or malformed id" };
  if (op.body) {
    responses["413"] = { ...error, description: "Body over 1 MiB" };
    responses["415"] = { ...error, description: "Body not sent as application/json" };
  }
  for (const [code, description] of Object.entries(op.errors ?? {})) {
    responses[code] = { ...error, description };
  }
  responses["503"] = { ...error, description: "Database unavailable; retry" };
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: `${method}${path.replace(/\{(\w+)\}/g, "By-$1").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
    security:
      op.auth === "bearer" ? [{ bearer: [] }] : op.auth === "optional" ? [{}, { bearer: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaOf(op.body, "input") } },
          },
        }
      : op.multipart
        ? {
            requestBody: {
              required: true,
              content: { "multipart/form-data": { schema: schemaOf(op.multipart, "input") } },
            },
          }
        : {}),
    responses,
  };
}

let document: object | null = null;

/** The OpenAPI document (built once: the declarations do not change while the server runs). */
export function openApiDocument(own: ApiPath): object {
  if (document) return document;
  const paths: Record<string, Record<string, object>> = {};
  for (const { path, operations } of apiPaths(own)) {
    paths[path] = {};
    for (const method of API_METHODS) {
      const op = operations[method];
      if (op) paths[path][method] = describeOperation(path, method, op);
    }
  }
  document = {
    openapi: "3.1.0",
    info: {
      title: "Bureau API",
      version: "1.0.0",
      description:
        "The JSON API of the Bureau site (the contract of the single-page app it replaced). Writes need a bearer token from POST /api/auth/login, except POST /api/quotes, /api/contact and /api/subscribe.",
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: {
        Error: {
          type: "object",
          required: ["success", "message"],
          properties: {
            success: { const: false },
            message: { type: "string" },
            codeRequired: {
              const: true,
              description:
                "POST /api/auth/login only: the account is under attack; send the code e-mailed to the account (only if the password was right) as `code`, with the same e-mail and password.",
            },
            errors: {
              type: "array",
              items: {
                type: "object",
                required: ["path", "msg"],
                properties: { path: { type: "string" }, msg: { type: "string" } },
              },
            },
          },
        },
      },
    },
  };
  return document;
}
