// Configuration, validated once at start-up. A bad value stops the server with one line that
// names the variable (see `loadEnv`), instead of a stack trace or a half-working site.
import { MongoClient } from "mongodb";
import { z } from "zod";

const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional());

export const envSchema = z
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
      z
        .string()
        .min(12, "must be at least 12 characters")
        .max(128, "must be at most 128 characters"),
    ),
    SEED_DEMO_CONTENT: z.preprocess(
      emptyToUndefined,
      z
        .enum(["true", "false"], { error: "must be true or false" })
        .default("true")
        .transform((v) => v === "true"),
    ),
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
