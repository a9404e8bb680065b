// One-time sign-in codes (issue 20 finding 4): the owner of an account under attack gets in
// from a new device with the e-mailed code; nobody gets a code without the password, and the
// code cannot be guessed, reused or spent by someone else.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { INDEXES } from "#db/collections";
import { setMailTransport } from "~/lib/mailer.server";
import { createAdmin } from "./admin.server";
import { signInForToken } from "./api-token.server";
import { OPERATOR_CLI } from "./audit";
import { signIn, signInWithCode } from "./auth.server";
import { ATTACK_THRESHOLD, CODE_MAILS_PER_WINDOW } from "./login-throttle.server";
import {
  checkSignInCode,
  issueSignInCode,
  SIGN_IN_CODE_MAX_TRIES,
  SIGN_IN_CODE_TTL_MS,
} from "./sign-in-code.server";

afterAll(closeDatabase);

const EMAIL = "owner@bureau.test";
const PASSWORD = "a long and unusual passphrase";
const T0 = new Date("2026-03-01T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const OWNER_IP = "192.0.2.10";

/** What the mailer logged (no SMTP_URL in tests): the subjects carry the codes. */
let mailLog: string[] = [];
const lastCode = () => /"(\d{6}) is your /.exec(mailLog.at(-1) ?? "")?.[1] ?? "";

beforeEach(async () => {
  const { admins, sessions, loginAttempts, signInCodes, auditLog } = await getCollections();
  await Promise.all(
    [admins, sessions, loginAttempts, signInCodes, auditLog].map((c) =>
      (c as typeof admins).deleteMany({}),
    ),
  );
  await createAdmin({ email: EMAIL, password: PASSWORD }, OPERATOR_CLI);
  mailLog = [];
  setMailTransport(null, (line) => mailLog.push(line));
});

const form = (fields: Record<string, string>) =>
  new Request("http://localhost/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const signInAt = (password: string, ip: string, now: Date) =>
  signIn(form({ email: EMAIL, password }), { email: EMAIL, ip, now });

/** The finding's attack: wrong passwords for the account from another address. */
async function attack(now: Date, ip = "203.0.113.66") {
  for (let i = 0; i < ATTACK_THRESHOLD; i++) {
    expect((await signInAt(`guess ${i}`, ip, now)).kind).toBe("invalid");
  }
}

describe("sign-in codes on the sign-in page", () => {
  it("the owner of an account under attack gets in from a new browser with the e-mailed code", async () => {
    await attack(T0);
    const first = await signInAt(PASSWORD, OWNER_IP, at(1000));
    if (first.kind !== "code-sent") throw new Error(first.kind);
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mailLog).toHaveLength(1);
    expect(mailLog[0]).toContain(`to ${EMAIL}`);
    const code = lastCode();
    // Stored as an HMAC, never the code; expiring in 10 minutes.
    const { signInCodes, auditLog } = await getCollections();
    const stored = await signInCodes.findOne({ email: EMAIL });
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored?.expiresAt.getTime()).toBe(at(1000).getTime() + SIGN_IN_CODE_TTL_MS);
    expect(INDEXES.signInCodes).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    );

    const input = { email: EMAIL, challenge: first.challenge, ip: OWNER_IP };
    const wrong = await signInWithCode(form({}), { ...input, code: "000000", now: at(2000) });
    // (A one-in-a-million chance that 000000 was it.)
    if (code !== "000000") expect(wrong).toEqual({ kind: "wrong", triesLeft: 4 });
    const right = await signInWithCode(form({}), { ...input, code, now: at(3000) });
    expect(right.kind).toBe("signed-in");
    if (right.kind !== "signed-in") return;
    expect(right.deviceCookie).toMatch(/^bureau_device=/);
    // Used once: the same code again finds nothing.
    expect(await signInWithCode(form({}), { ...input, code, now: at(4000) })).toEqual({
      kind: "none",
    });
    const actions = (
      await auditLog
        .find({ action: /^sign-in/ })
        .sort({ at: 1, _id: 1 })
        .toArray()
    ).map((e) => `${e.action}: ${e.summary}`);
    expect(actions.slice(ATTACK_THRESHOLD)).toEqual([
      "sign-in-code-sent: Right password while under attack; code e-mailed",
      ...(code !== "000000" ? ["sign-in-code-failed: Wrong code"] : []),
      "sign-in: With an e-mailed code",
      "sign-in-code-failed: No valid code (expired, used or void)",
    ]);
  });

  it("a wrong password while under attack sends nothing", async () => {
    await attack(T0);
    expect((await signInAt("not it either", OWNER_IP, at(1000))).kind).toBe("invalid");
    expect(mailLog).toEqual([]);
  });

  it("the code is tied to the challenge of the page that sent the right password", async () => {
    await attack(T0);
    const first = await signInAt(PASSWORD, OWNER_IP, at(1000));
    if (first.kind !== "code-sent") throw new Error(first.kind);
    const code = lastCode();
    const other = "A".repeat(43);
    for (const challenge of [other, "", "not a challenge"]) {
      expect(
        await signInWithCode(form({}), { email: EMAIL, challenge, code, ip: "203.0.113.66" }),
      ).toEqual({ kind: "none" });
    }
    // Those tries spent none of the owner's.
    const right = await signInWithCode(form({}), {
      email: EMAIL,
      challenge: first.challenge,
      code,
      ip: OWNER_IP,
      now: at(2000),
    });
    expect(right.kind).toBe("signed-in");
  });
});

describe("checkSignInCode", () => {
  const issue = async (now = T0) => {
    const issued = await issueSignInCode({
      email: EMAIL,
      channel: "page",
      ip: OWNER_IP,
      now,
      code: "123456",
    });
    if (issued.kind !== "sent" || !issued.challenge) throw new Error(issued.kind);
    return { email: EMAIL, channel: "page" as const, challenge: issued.challenge };
  };

  it("is void after SIGN_IN_CODE_MAX_TRIES wrong tries, even for the right code", async () => {
    const which = await issue();
    for (let i = SIGN_IN_CODE_MAX_TRIES - 1; i >= 0; i--) {
      expect(await checkSignInCode({ ...which, code: "654321", now: at(1000) })).toEqual({
        kind: "wrong",
        triesLeft: i,
      });
    }
    expect(await checkSignInCode({ ...which, code: "123456", now: at(2000) })).toEqual({
      kind: "none",
    });
  });

  it("parallel guesses cannot share a try", async () => {
    const which = await issue();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        checkSignInCode({ ...which, code: String(100000 + i), now: at(1000) }),
      ),
    );
    expect(results.filter((r) => r.kind === "wrong")).toHaveLength(SIGN_IN_CODE_MAX_TRIES);
    expect(results.filter((r) => r.kind === "none")).toHaveLength(12 - SIGN_IN_CODE_MAX_TRIES);
  });

  it("expires after 10 minutes", async () => {
    const which = await issue();
    expect(
      await checkSignInCode({ ...which, code: "123456", now: at(SIGN_IN_CODE_TTL_MS) }),
    ).toEqual({ kind: "none" });
    const again = await issue();
    expect(
      await checkSignInCode({ ...again, code: "123456", now: at(SIGN_IN_CODE_TTL_MS - 1) }),
    ).toEqual({ kind: "ok" });
  });

  it("e-mails at most CODE_MAILS_PER_WINDOW codes per account per 15 minutes", async () => {
    for (let i = 0; i < CODE_MAILS_PER_WINDOW; i++) await issue(at(i * 1000));
    const more = await issueSignInCode({
      email: EMAIL,
      channel: "page",
      ip: OWNER_IP,
      now: at(9000),
    });
    expect(more.kind).toBe("throttled");
    expect(mailLog).toHaveLength(CODE_MAILS_PER_WINDOW);
  });
});

describe("sign-in codes on the API", () => {
  const api = (input: { password?: string; code?: string; ip?: string; now: Date }) =>
    signInForToken({
      email: EMAIL,
      password: input.password ?? PASSWORD,
      ip: input.ip ?? OWNER_IP,
      now: input.now,
      ...(input.code !== undefined ? { code: input.code } : {}),
    });

  it("the right password gets a code, and the same call with the code the token", async () => {
    await attack(T0);
    expect(await api({ now: at(1000) })).toEqual({ kind: "code-sent", renewed: false });
    const code = lastCode();
    // The code needs the password as well: with a wrong one it is not even looked at.
    expect(await api({ password: "a guess", code, now: at(2000) })).toEqual({ kind: "invalid" });
    const wrong = code === "999999" ? "999998" : "999999";
    expect(await api({ code: wrong, now: at(3000) })).toEqual({ kind: "wrong-code", triesLeft: 4 });
    const right = await api({ code, now: at(4000) });
    expect(right.kind).toBe("signed-in");
    // Used: the same code again gets a new one e-mailed, not a token.
    expect(await api({ code, now: at(5000) })).toEqual({ kind: "code-sent", renewed: true });
  });

  it("without an attack the password alone signs in, as before", async () => {
    expect((await api({ now: T0 })).kind).toBe("signed-in");
    expect(mailLog).toEqual([]);
  });
});
