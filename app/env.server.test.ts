import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("configuration", () => {
  it("works with no variable set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      DATA_DIR: "./data",
      SITE_URL: "http://localhost:3000",
      SEED_DEMO_CONTENT: true,
      isProduction: true,
    });
    expect(env.MONGODB_URI).toBeUndefined();
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", MONGODB_URI: " " }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ MONGODB_URI: "postgres://x" }, "MONGODB_URI"],
    [{ MONGODB_URI: "mongodb://localhost:99999/x" }, "MONGODB_URI"],
    [{ MONGODB_URI: "mongodb://localhost/x?tls=maybe" }, "MONGODB_URI"],
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ ADMIN_EMAIL: "nope", ADMIN_PASSWORD: "long enough password" }, "ADMIN_EMAIL"],
    [{ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "a@b.co" }, "ADMIN_PASSWORD"],
    [{ ADMIN_PASSWORD: "long enough password" }, "ADMIN_EMAIL"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ SEED_DEMO_CONTENT: "maybe" }, "SEED_DEMO_CONTENT"],
    [{ SEED_NOW: "yesterday" }, "SEED_NOW"],
    [{ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "qwertyuiop12" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "aaaaaaaaaaaaaaaa" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "someone.long@b.co", ADMIN_PASSWORD: "someone.long@b.co" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "x".repeat(129) }, "ADMIN_PASSWORD"],
    [{ SESSION_IDLE_MINUTES: "0" }, "SESSION_IDLE_MINUTES"],
    [{ SESSION_IDLE_MINUTES: "ten" }, "SESSION_IDLE_MINUTES"],
    [{ SESSION_ABSOLUTE_HOURS: "1.5" }, "SESSION_ABSOLUTE_HOURS"],
    [{ SESSION_ABSOLUTE_HOURS: "1000" }, "SESSION_ABSOLUTE_HOURS"],
    [{ LOGIN_IP_LIMIT: "-1" }, "LOGIN_IP_LIMIT"],
    [{ FORM_IP_LIMIT: "0" }, "FORM_IP_LIMIT"],
    [{ RENDER_IP_LIMIT: "0" }, "RENDER_IP_LIMIT"],
    [{ FORM_MIN_FILL_SECONDS: "2.5" }, "FORM_MIN_FILL_SECONDS"],
    [{ SMTP_URL: "http://mail.example" }, "SMTP_URL"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
    [{ CLOUDINARY_CLOUD_NAME: "demo" }, "CLOUDINARY_UPLOAD_PRESET"],
    [{ CLOUDINARY_UPLOAD_PRESET: "unsigned" }, "CLOUDINARY_CLOUD_NAME"],
    [{ CLOUDINARY_CLOUD_NAME: "a/b", CLOUDINARY_UPLOAD_PRESET: "p" }, "CLOUDINARY_CLOUD_NAME"],
    [{ TRUST_PROXY: "everyone" }, "TRUST_PROXY"],
  ])("rejects %o with one message naming %s", (source, variable) => {
    try {
      parseEnv(source);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).variable).toBe(variable);
      expect((error as Error).message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("takes a Cloudinary cloud name and upload preset together", () => {
    expect(
      parseEnv({ CLOUDINARY_CLOUD_NAME: "demo", CLOUDINARY_UPLOAD_PRESET: "bureau_unsigned" }),
    ).toMatchObject({ CLOUDINARY_CLOUD_NAME: "demo", CLOUDINARY_UPLOAD_PRESET: "bureau_unsigned" });
    expect(parseEnv({}).CLOUDINARY_CLOUD_NAME).toBeUndefined();
  });

  it("allows no API origin by default, and takes a list of exact origins", () => {
    expect(parseEnv({}).API_ALLOWED_ORIGINS).toEqual([]);
    expect(
      parseEnv({ API_ALLOWED_ORIGINS: " https://app.example.com, http://localhost:5173 ," })
        .API_ALLOWED_ORIGINS,
    ).toEqual(["https://app.example.com", "http://localhost:5173"]);
    for (const bad of ["*", "app.example.com", "https://app.example.com/", "ftp://x.example"]) {
      expect(() => parseEnv({ API_ALLOWED_ORIGINS: bad }), bad).toThrow(
        /^Invalid configuration: API_ALLOWED_ORIGINS/,
      );
    }
  });

  it("has session and sign-in defaults, and takes other values", () => {
    expect(parseEnv({})).toMatchObject({
      SESSION_IDLE_MINUTES: 60,
      SESSION_ABSOLUTE_HOURS: 12,
      LOGIN_IP_LIMIT: 20,
      FORM_IP_LIMIT: 10,
      RENDER_IP_LIMIT: 120,
      FORM_MIN_FILL_SECONDS: 2,
      TRUST_PROXY: false,
    });
    expect(
      parseEnv({ SESSION_IDLE_MINUTES: "15", SESSION_ABSOLUTE_HOURS: "8", LOGIN_IP_LIMIT: "500" }),
    ).toMatchObject({ SESSION_IDLE_MINUTES: 15, SESSION_ABSOLUTE_HOURS: 8, LOGIN_IP_LIMIT: 500 });
  });

  it("keeps deleted content in the trash 30 days unless told otherwise, and refuses a bad count", () => {
    expect(parseEnv({}).TRASH_DAYS).toBe(30);
    expect(parseEnv({ TRASH_DAYS: "7" }).TRASH_DAYS).toBe(7);
    for (const bad of ["0", "1.5", "ever", "3651"]) {
      expect(() => parseEnv({ TRASH_DAYS: bad }), bad).toThrow(
        /^Invalid configuration: TRASH_DAYS /,
      );
    }
  });

  it.each([
    ["false", false],
    ["0", false],
    ["1", 1],
    ["loopback", "loopback"],
    ["loopback, 10.0.0.0/8,fd00::/8", "loopback, 10.0.0.0/8, fd00::/8"],
  ])("reads TRUST_PROXY=%s as Express's trust proxy %o", (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it("accepts a full production configuration", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      PORT: "8080",
      MONGODB_URI: "mongodb+srv://user:pw@cluster0.example.net/bureau?retryWrites=true",
      SITE_URL: "https://bureau.example",
      SESSION_SECRET: "x".repeat(32),
      ADMIN_EMAIL: "Owner@Bureau.example",
      ADMIN_PASSWORD: "a long and unusual passphrase",
      SEED_DEMO_CONTENT: "false",
    });
    expect(env).toMatchObject({ PORT: 8080, isProduction: true, SEED_DEMO_CONTENT: false });
  });
});
