// Configuration, validated once at start-up. A bad value stops the server with one line that
// names the variable (see `loadEnv`), instead of a stack trace or a half-working site.
import { MongoClient } from "mongodb";
import { z } from "zod";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
  passwordPolicyProblem,
} from "./domain/password-policy.server";
import { isTimeZone } from "./lib/zoned-time";

const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional());

/** A whole number within bounds, with a default. */
const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(min, `must be between ${min} and ${max}`)
      .max(max, `must be between ${min} and ${max}`)
      .default(fallback),
  );

// Express's "trust proxy" values we accept: "false", a hop count, or addresses/subnets and the
// presets loopback, linklocal, uniquelocal. Not "true": it trusts every hop, so the client
// could choose its own address by sending X-Forwarded-For (https://expressjs.com/en/guide/behind-proxies.html).
/** "https://app.example.com" or "http://localhost:5173": a scheme, a host, a port; nothing else. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

const TRUST_PROXY_TOKEN = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default("false")
    .transform((value, ctx): false | number | string => {
      const trimmed = value.trim();
      if (trimmed.toLowerCase() === "false") return false;
      if (/^\d+$/.test(trimmed)) return Number(trimmed) || false;
      const tokens = trimmed.split(",").map((token) => token.trim());
      if (tokens.every((token) => TRUST_PROXY_TOKEN.test(token))) return tokens.join(", ");
      ctx.addIssue({
        code: "custom",
        message:
          "must be false, the number of proxies in front of the app (e.g. 1), or their addresses (e.g. loopback, 10.0.0.0/8)",
      });
      return z.NEVER;
    }),
);

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      // Production unless told otherwise: `npm run dev` sets development, vitest sets test.
      z.enum(["development", "production", "test"]).default("production"),
    ),
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a port number" })
        .int("must be a whole number")
        .min(1, "must be between 1 and 65535")
        .max(65535, "must be between 1 and 65535")
        .default(3000),
    ),
    MONGODB_URI: optional(
      z
        .string()
        .regex(/^mongodb(\+srv)?:\/\/.+/, "must start with mongodb:// or mongodb+srv://")
        .superRefine((uri, ctx) => {
          // The driver's own parser (no connection is made): catches bad ports and options.
          try {
            new MongoClient(uri);
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            ctx.addIssue({
              code: "custom",
              message: `is not a valid connection string: ${reason}`,
            });
          }
        }),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    SITE_URL: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })),
    SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    ADMIN_EMAIL: optional(z.email("must be an e-mail address")),
    ADMIN_PASSWORD: optional(
      z.string().superRefine((password, ctx) => {
        // Same policy as every other place a password is set (domain/password-policy.server.ts).
        const length = passwordLength(password);
        const message =
          length < PASSWORD_MIN_LENGTH
            ? `must be at least ${PASSWORD_MIN_LENGTH} characters`
            : length > PASSWORD_MAX_LENGTH
              ? `must be at most ${PASSWORD_MAX_LENGTH} characters`
              : passwordPolicyProblem(password)?.replace(/^This password is/, "is");
        if (message) ctx.addIssue({ code: "custom", message });
      }),
    ),
    /** Sign-out after this long without a request. */
    SESSION_IDLE_MINUTES: integer(60, 1, 24 * 60),
    /** Sign-out this long after signing in, however active the admin is. */
    SESSION_ABSOLUTE_HOURS: integer(12, 1, 30 * 24),
    /** Failed sign-ins from one address within 15 minutes before further tries are refused. */
    LOGIN_IP_LIMIT: integer(20, 1, 1_000_000),
    TRUST_PROXY: trustProxy,
    /** Quote, contact and newsletter posts sooner than this after the page loaded are refused. */
    FORM_MIN_FILL_SECONDS: integer(2, 0, 600),
    /** Accepted posts of each public form from one address per hour. */
    FORM_IP_LIMIT: integer(10, 1, 1_000_000),
    /**
     * Page renders (every GET/HEAD React Router answers with a page: public pages the page cache
     * did not answer, `.data` requests, 404 pages) from one address (IPv6: one /64) per minute
     * before further ones get 429; an IPv6 /48 gets 10 times this (lib/render-budget.server.ts).
     */
    RENDER_IP_LIMIT: integer(120, 1, 1_000_000),
    /**
     * How often the job runner looks for due jobs (lib/jobs.server.ts), in milliseconds: the most
     * a scheduled publish waits past its time. Tests lower it.
     */
    JOBS_POLL_MS: integer(10_000, 100, 60_000),
    /**
     * The site's time zone (an IANA name, "Europe/Paris") until the site settings name one:
     * schedules are typed and shown in it.
     */
    SITE_TIME_ZONE: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : "UTC"),
      z.string().refine(isTimeZone, "must be an IANA time zone such as Europe/Paris"),
    ),
    /** Where new-lead e-mails go out (smtp:// or smtps://); unset: they are only logged. */
    SMTP_URL: optional(
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }),
    ),
    /** The From of those e-mails. */
    MAIL_FROM: optional(z.string().trim().min(3).max(320)),
    /**
     * Cloudinary account for image uploads (the host the original app uploaded to): both set,
     * uploads go there (unsigned preset) instead of MongoDB GridFS. Only the cloud name and preset:
     * no API secret.
     */
    CLOUDINARY_CLOUD_NAME: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,100}$/, "must be a Cloudinary cloud name"),
    ),
    CLOUDINARY_UPLOAD_PRESET: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,100}$/, "must be an upload preset name"),
    ),
    /**
     * Browser origins allowed to call the JSON API (/api) with CORS, comma-separated, exactly
     * as the browser sends them (https://app.example.com). None by default: apps and servers
     * send no Origin and need no entry.
     */
    API_ALLOWED_ORIGINS: z.preprocess(
      (value) => (typeof value === "string" ? value : ""),
      z
        .string()
        .transform((text) =>
          text
            .split(",")
            .map((item) => item.trim())
            .filter(Boolean),
        )
        .pipe(
          z.array(z.string().refine(isOrigin, "must list origins such as https://app.example.com")),
        ),
    ),
    /**
     * The page cache of public pages (lib/page-cache.server.ts): "off" renders every request
     * (the benchmark's uncached figures, or to rule the cache out while debugging).
     */
    PAGE_CACHE: z.preprocess(
      emptyToUndefined,
      z
        .enum(["on", "off"], { error: "must be on or off" })
        .default("on")
        .transform((v) => v === "on"),
    ),
    /**
     * The content cache (lib/content-cache.server.ts): what public pages are rendered from, kept
     * between content changes. "off" reads the database for every render.
     */
    CONTENT_CACHE: z.preprocess(
      emptyToUndefined,
      z
        .enum(["on", "off"], { error: "must be on or off" })
        .default("on")
        .transform((v) => v === "on"),
    ),
    /**
     * The longest a cached page, or cached content, is used, whatever happens (passing
     * deadlines, a new year, a manual database edit).
     */
    PAGE_CACHE_TTL_SECONDS: integer(60, 1, 24 * 60 * 60),
    /** Memory the cached pages may take per instance; least recently used pages go first. */
    PAGE_CACHE_MAX_MB: integer(64, 1, 4096),
    /** How long a private preview link of a draft works after it is made (issue 24). */
    PREVIEW_DAYS: integer(7, 1, 365),
    /**
     * Worker processes server.js runs (node:cluster), one per core is the usual choice: a page
     * render takes a core for a few milliseconds, so one process queues requests that another
     * core could serve. 1 (the default): no cluster, one process.
     */
    WEB_CONCURRENCY: integer(1, 1, 64),
    /**
     * Days a deleted content record stays in the trash (restorable) before the daily purge
     * deletes it for good, with the images only it used.
     */
    TRASH_DAYS: integer(30, 1, 3650),
    /**
     * A record's revisions kept whatever their age (the newest this many), and how many months
     * every revision is kept whatever their number (app/content/revisions.server.ts).
     */
    REVISIONS_KEEP: integer(50, 1, 100_000),
    REVISIONS_MONTHS: integer(12, 1, 1200),
    SEED_DEMO_CONTENT: z.preprocess(
      emptyToUndefined,
      z
        .enum(["true", "false"], { error: "must be true or false" })
        .default("true")
        .transform((v) => v === "true"),
    ),
    /**
     * The moment the demo content's dates are relative to (post dates, deadlines, visitor
     * days); unset: the moment it is seeded. Fixed by the end-to-end run so the server and the
     * tests agree on the dates even when the run crosses midnight.
     */
    SEED_NOW: optional(z.iso.datetime({ offset: true, error: "must be an ISO date-time" })),
  })
  .superRefine((env, ctx) => {
    // One without the other would silently do nothing; say which one is missing.
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "is required when ADMIN_EMAIL is set",
      });
    }
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      // The field's own check already reported any other problem; this one needs the e-mail.
      const withEmail = passwordPolicyProblem(env.ADMIN_PASSWORD, { email: env.ADMIN_EMAIL });
      if (withEmail && !passwordPolicyProblem(env.ADMIN_PASSWORD)) {
        ctx.addIssue({
          code: "custom",
          path: ["ADMIN_PASSWORD"],
          message: "must not contain the e-mail address",
        });
      }
    }
    if (!env.CLOUDINARY_CLOUD_NAME !== !env.CLOUDINARY_UPLOAD_PRESET) {
      const missing = env.CLOUDINARY_CLOUD_NAME
        ? "CLOUDINARY_UPLOAD_PRESET"
        : "CLOUDINARY_CLOUD_NAME";
      const other = env.CLOUDINARY_CLOUD_NAME
        ? "CLOUDINARY_CLOUD_NAME"
        : "CLOUDINARY_UPLOAD_PRESET";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: `is required when ${other} is set`,
      });
    }
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_EMAIL"],
        message: "is required when ADMIN_PASSWORD is set",
      });
    }
  })
  .transform((env) => ({
    ...env,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    isProduction: env.NODE_ENV === "production",
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = "EnvError";
  }
}

/** Parses a set of variables; throws EnvError naming the first bad one. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue?.path[0] ?? "environment");
  throw new EnvError(variable, issue?.message ?? "is invalid");
}

let cached: Env | undefined;

/** The validated configuration of this process (parsed on first use). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
