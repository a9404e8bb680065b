// The JSON API's one request pipeline (the calls the existing clients make, and more;
// docs/decisions/013-json-api.md). Every module under routes/api/ declares its operations with
// `apiRoute`: method, who may call it, the zod schemas of its query and body, and its handler.
// The same declaration
//   - runs the request: CORS and preflight, 405 with Allow, the bearer token, the query and the
//     JSON body parsed by schema into plain values (never a raw object near a query), then the
//     handler, whose unexpected failures become a JSON 503/500 without a stack trace;
//   - and documents it: routes/api/openapi-json.ts turns the declarations into OpenAPI.
// So what the documentation says is what the server checks.
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { isDatabaseAvailable, isDatabaseConnectivityError } from "#db/client.server";
import { verifyApiToken } from "~/domain/api-auth.server";
import type { Actor } from "~/domain/audit";
import { actorOf } from "~/domain/auth.server";
import { getEnv } from "~/env.server";
import { MAX_BODY_BYTES } from "./body-limit.server";

export const API_METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

export const API_MESSAGES = {
  noToken:
    "Sign in first: send the token from POST /api/auth/login as 'Authorization: Bearer <token>'.",
  badToken: "The token is invalid or has expired. Sign in again.",
  notJson: "Send the body as JSON, with 'Content-Type: application/json'.",
  badJson: "The body is not valid JSON.",
  operatorKey: "Field names starting with $ are not accepted.",
  tooLarge: `The body is too large: at most ${MAX_BODY_BYTES / 1024 / 1024} MiB.`,
  invalid: "The request is not valid.",
  notFound: "Not found.",
  unavailable: "Service temporarily unavailable",
  failed: "Something went wrong on our side. Please try again.",
} as const;

/** One problem with the input, as the API's clients read it (the internship screen joins `msg`). */
export interface ApiFieldError {
  path: string;
  msg: string;
}

/** Thrown anywhere in a handler: answered as `{success: false, message, errors?}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ApiFieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** A 404 for an id that names nothing (or is not an id at all: same answer, nothing to probe). */
export function apiNotFound(message: string = API_MESSAGES.notFound): never {
  throw new ApiError(404, message);
}

/** A 400 naming one field, for rules a schema cannot know (an image that does not exist). */
export function apiInvalid(path: string, msg: string): never {
  throw new ApiError(400, msg, [{ path, msg }]);
}

export function apiJson(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return Response.json(body, { status, headers });
}

/** zod's issues as `[{path, msg}]`: "email", "team.0.name", "" for the body itself. */
export function fieldErrors(error: z.ZodError): ApiFieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    msg: issue.message,
  }));
}

/** The 400 of an invalid query or body: every message, once each, joined by commas. */
export function invalidInput(errors: ApiFieldError[]): ApiError {
  const messages = [...new Set(errors.map((e) => e.msg))];
  return new ApiError(400, messages.join(", ") || API_MESSAGES.invalid, errors);
}

export type ApiAdmin = { _id: string; email: string };
type Auth = "bearer" | "optional" | "none";
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerArgs<B, Q, A extends Auth> {
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  context: Readonly<RouterContextProvider>;
  body: Out<B>;
  query: Out<Q>;
  /** The token's admin: always there for "bearer", when a token was sent for "optional". */
  admin: A extends "bearer" ? ApiAdmin : ApiAdmin | null;
  /**
   * Who acts, for the audit log: the token's admin (or "visitor" without one), via "api", the
   * client's address. Every write function in app/domain takes it.
   */
  actor: Actor;
}

export interface Operation<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  A extends Auth = Auth,
> {
  /** One line for the documentation. */
  summary: string;
  description?: string;
  /** The OpenAPI tag (the entity). */
  tag: string;
  /**
   * "bearer": a valid token or 401. "optional": a valid token adds what only an admin may see
   * (or do: registration); without one, or with an invalid one, the caller is anonymous.
   */
  auth: A;
  /** The JSON body, parsed and validated before the handler runs. */
  body?: B;
  /**
   * A multipart/form-data body that the handler reads itself, after the token (an upload):
   * documentation only, e.g. `z.object({ file: z.file() })`.
   */
  multipart?: z.ZodType;
  /** The query string (every value a string), parsed before the handler runs. */
  query?: Q;
  /**
   * The path's parameters when they are narrower than any text (documentation; the handler
   * checks them): `{ type: z.enum([...]) }` for one route serving every content type.
   */
  params?: Readonly<Record<string, z.ZodType>>;
  /** The success answer's shape, for the documentation. */
  response?: z.ZodType;
  /** The success status (documentation; the handler sets it). Default 200. */
  status?: number;
  /** Other statuses this operation answers besides the shared ones (documentation). */
  errors?: Partial<Record<number, string>>;
  handler: (args: HandlerArgs<B, Q, A>) => Promise<Response> | Response;
}

/** Declares one operation; a function only so TypeScript infers the handler's argument types. */
export function operation<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  A extends Auth = Auth,
>(op: Operation<B, Q, A>): Operation<B, Q, A> {
  return op;
}

// biome-ignore lint/suspicious/noExplicitAny: each operation has its own body and query types.
type AnyOperation = Operation<any, any, any>;
export type Operations = Partial<Record<ApiMethod, AnyOperation>>;

/** What routes/api/openapi-json.ts reads from each API route module. */
export interface ApiPath {
  /** The OpenAPI path, `{id}` for parameters: "/api/faqs/{id}". */
  path: string;
  operations: Operations;
}

interface RouteArgs {
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  context: Readonly<RouterContextProvider>;
}

/**
 * The loader and action of one API path; the loader also carries the path's description
 * (`loader.openapi`, read by routes/api/openapi-json.ts). A route module may export only route
 * exports when its code is server-only, hence not a separate `openapi` export:
 *   const api = apiRoute("/api/faqs", { get: operation({...}), post: operation({...}) });
 *   export const loader = api.loader;
 *   export const action = api.action;
 */
export function apiRoute(path: string, operations: Operations) {
  const methods = API_METHODS.filter((m) => operations[m]);
  const allow = [
    ...methods.map((m) => m.toUpperCase()),
    ...(operations.get ? ["HEAD"] : []),
    "OPTIONS",
  ].join(", ");

  async function handle({ request, params, context }: RouteArgs): Promise<Response> {
    const cors = corsHeaders(request);
    const method = request.method.toUpperCase();
    if (method === "OPTIONS") {
      // A preflight from an allowed origin gets the methods and headers it may use; any other
      // origin gets no CORS headers, so its browser stops there.
      const preflight: Record<string, string> = cors["Access-Control-Allow-Origin"]
        ? {
            "Access-Control-Allow-Methods": allow,
            "Access-Control-Allow-Headers": "Authorization, Content-Type, Idempotency-Key",
            "Access-Control-Max-Age": "600",
          }
        : {};
      return new Response(null, { status: 204, headers: { Allow: allow, ...cors, ...preflight } });
    }
    const op = operations[(method === "HEAD" ? "get" : method.toLowerCase()) as ApiMethod];
    let response: Response;
    if (!op) {
      response = apiJson(
        { success: false, message: `${method} is not allowed here. Allowed: ${allow}.` },
        405,
        { Allow: allow },
      );
    } else {
      response = await run(op, { request, params, context });
    }
    for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    return response;
  }

  const openapi: ApiPath = { path, operations };
  return {
    loader: Object.assign((args: RouteArgs) => handle(args), { openapi }),
    action: (args: RouteArgs) => handle(args),
  };
}

async function run(op: AnyOperation, args: RouteArgs): Promise<Response> {
  try {
    const admin = await authenticate(args.request, op.auth);
    const query = op.query ? parseWith(op.query, queryObject(args.request)) : undefined;
    const body = op.body ? parseWith(op.body, await readJson(args.request)) : undefined;
    const actor = actorOf(admin, args.context, "api");
    return await op.handler({ ...args, admin, actor, query, body } as Parameters<
      AnyOperation["handler"]
    >[0]);
  } catch (error) {
    return errorResponse(error, args.request);
  }
}

function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof ApiError) {
    return apiJson(
      {
        success: false,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      },
      error.status,
      error.headers,
    );
  }
  if (error instanceof Response) return error;
  if (!isDatabaseAvailable() || isDatabaseConnectivityError(error)) {
    return apiJson({ success: false, message: API_MESSAGES.unavailable }, 503, {
      "Retry-After": "5",
    });
  }
  const url = new URL(request.url);
  console.error(`[api] ${request.method} ${url.pathname} failed:`, error);
  return apiJson({ success: false, message: API_MESSAGES.failed }, 500);
}

/** The token's admin, or a 401 (with WWW-Authenticate, RFC 6750). */
async function authenticate(request: Request, auth: Auth): Promise<ApiAdmin | null> {
  if (auth === "none") return null;
  const header = request.headers.get("Authorization");
  if (!header) {
    if (auth === "optional") return null;
    throw new ApiError(401, API_MESSAGES.noToken, undefined, { "WWW-Authenticate": "Bearer" });
  }
  const token = bearerToken(request);
  const admin = token ? await verifyApiToken(token) : null;
  // A public read with a stale token (a client keeps sending the one it stored after it
  // expired) is still a public read: only what a token adds is withheld.
  if (!admin && auth === "optional") return null;
  if (!admin) {
    throw new ApiError(401, API_MESSAGES.badToken, undefined, {
      "WWW-Authenticate": 'Bearer error="invalid_token"',
    });
  }
  return admin;
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.get("Authorization") ?? "");
  return match?.[1] ?? null;
}

/** The query string as an object of strings: a repeated name keeps its first value. */
function queryObject(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) {
    if (!(name in out)) out[name] = value;
  }
  return out;
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(fieldErrors(result.error));
  return result.data;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The request's JSON body: 415 unless it says JSON, 413 past the limit, 400 unless it parses. */
export async function readJson(request: Request): Promise<unknown> {
  if (!JSON_TYPE.test(request.headers.get("Content-Type") ?? "")) {
    throw new ApiError(415, API_MESSAGES.notJson);
  }
  let bytes: ArrayBuffer;
  try {
    bytes = await request.arrayBuffer();
  } catch {
    throw new ApiError(400, API_MESSAGES.badJson);
  }
  // The server refuses a declared length over the limit before reading (body-limit.server.ts);
  // this catches a body that lied about its length.
  if (bytes.byteLength > MAX_BODY_BYTES) throw new ApiError(413, API_MESSAGES.tooLarge);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ApiError(400, API_MESSAGES.badJson);
  }
  const operator = operatorKeyPath(value);
  if (operator !== null) {
    throw new ApiError(400, API_MESSAGES.operatorKey, [
      { path: operator, msg: API_MESSAGES.operatorKey },
    ]);
  }
  return value;
}

/**
 * The path of the first object key that starts with `$` (a MongoDB operator such as `$ne` or
 * `$where`), or null. The schemas would drop such a key anyway, since none of them has one;
 * refusing it says plainly that operators are not taken, wherever they are nested. Walked with
 * a stack, not recursion: the body may be nested as deep as JSON.parse allows.
 */
export function operatorKeyPath(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string };
    if (item.value === null || typeof item.value !== "object") continue;
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (key.startsWith("$")) return path;
      stack.push({ value: child, path });
    }
  }
  return null;
}

/** CORS headers for an allowed Origin (API_ALLOWED_ORIGINS), else only Vary. */
export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get("Origin");
  if (!origin || !getEnv().API_ALLOWED_ORIGINS.includes(origin)) return { Vary: "Origin" };
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": "Allow, Retry-After, WWW-Authenticate",
    Vary: "Origin",
  };
}

/** Whether a cross-site browser request to the API comes from an allowed origin. */
export function isAllowedApiOrigin(origin: string | null | undefined): boolean {
  return Boolean(origin) && getEnv().API_ALLOWED_ORIGINS.includes(origin as string);
}

// ---- Shared pieces of the API's schemas ----

/** `{success: true, data, message?}`: what every write answers. */
export const okResponse = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

/** `{data: [...]}`: the clients read most lists under `data`. */
export const listResponse = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

export const idParam = z.string().describe("The record's id (24 hex digits)");
