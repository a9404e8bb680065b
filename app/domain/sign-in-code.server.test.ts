// One-time sign-in codes (issue 20 finding 4): the owner of an account under attack gets in
// from a new device with the e-mailed code; nobody gets a code without the password, and the
// code cannot be guessed, reused or spent by someone else. Under attack, no answer tells a
// right password from a wrong one, and the attack does not end by waiting 15 minutes.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { INDEXES } from "#db/collections";
import { setMailTransport } from "~/lib/mailer.server";
import { changePassword, createAdmin } from "./admin.server";
import { signInForToken } from "./api-auth.server";
import { OPERATOR_CLI } from "./audit";
import { signIn, signInWithCode } from "./auth.server";
import {
  ATTACK_GUARD_MS,
  ATTACK_THRESHOLD,
  CODE_MAILS_PER_WINDOW,
  LOGIN_PAIR_LIMIT,
  LOGIN_WINDOW_MS,
} from "./login-throttle.server";
import { createSession } from "./session.server";
import {
  checkSignInCode,
  issueSignInCode,
  SIGN_IN_CODE_MAX_TRIES,
  SIGN_IN_CODE_TTL_MS,
  settleSignInCodeMails,
} from "./sign-in-code.server";

afterAll(closeDatabase);

const EMAIL = "owner@bureau.test";
const PASSWORD = "a long and unusual passphrase";
const T0 = new Date("2026-03-01T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const OWNER_IP = "192.0.2.10";

/** What the mailer logged (no SMTP_URL in tests): the subjects carry the codes. */
let mailLog: string[] = [];
/** The codes are e-mailed after the answer: wait for them. */
async function mails(): Promise<string[]> {
  await settleSignInCodeMails();
  return mailLog;
}
const lastCode = async () => /"(\d{6}) is your /.exec((await mails()).at(-1) ?? "")?.[1] ?? "";

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

const form = (fields: Record<string, string>, cookie?: string) =>
  new Request("http://localhost/admin/login", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });

const signInAt = (password: string, ip: string, now: Date) =>
  signIn(form({ email: EMAIL, password }), { email: EMAIL, ip, now });

const api = (input: { password?: string; code?: string; ip?: string; now: Date }) =>
  signInForToken({
    email: EMAIL,
    password: input.password ?? PASSWORD,
    ip: input.ip ?? OWNER_IP,
    now: input.now,
    ...(input.code !== undefined ? { code: input.code } : {}),
  });

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
    if (first.kind !== "code-step") throw new Error(first.kind);
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mails()).toHaveLength(1);
    expect(mailLog[0]).toContain(`to ${EMAIL}`);
    const code = await lastCode();
    // Stored as an HMAC, never the code; expiring in 10 minutes.
    const { signInCodes, auditLog } = await getCollections();
    const stored = await signInCodes.findOne({ email: EMAIL });
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored?.decoy).toBeUndefined();
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

  it("under attack, a wrong password gets the same code step as the right one, and no e-mail", async () => {
    await attack(T0);
    const right = await signInAt(PASSWORD, OWNER_IP, at(1000));
    const wrong = await signInAt("not it either", "192.0.2.11", at(1000));
    const masked = (r: typeof right) =>
      r.kind === "code-step" ? { ...r, challenge: r.challenge.replace(/./g, "x") } : r;
    expect(masked(wrong)).toEqual(masked(right));
    expect(right).toMatchObject({ kind: "code-step", email: EMAIL });
    // One e-mail: the right password's.
    expect(await mails()).toHaveLength(1);
    // And the throttle does not tell them apart: both stay counted as failures of their pair,
    // so the right password sent again and again is refused at the same point as a wrong one.
    const again = async (password: string, ip: string) => {
      const kinds: string[] = [];
      for (let i = 1; i <= LOGIN_PAIR_LIMIT; i++) {
        kinds.push((await signInAt(password, ip, at(2000 + i))).kind);
      }
      return kinds;
    };
    expect(await again(PASSWORD, OWNER_IP)).toEqual(await again("not it either", "192.0.2.11"));
    expect((await signInAt(PASSWORD, OWNER_IP, at(3000))).kind).toBe("throttled");
  });

  it("a code entered after a wrong password fails exactly like a wrong code", async () => {
    await attack(T0);
    const right = await signInAt(PASSWORD, OWNER_IP, at(1000));
    const wrong = await signInAt("not it either", "192.0.2.11", at(1000));
    if (right.kind !== "code-step" || wrong.kind !== "code-step") throw new Error("no code step");
    const code = await lastCode();
    const guess = code === "123456" ? "654321" : "123456";
    // Tries from the address that posted the password until its throttle refuses (its one
    // failure so far, the password step, plus 4 tries), then from elsewhere until the code is
    // void: against the decoy and against the real code, the same answers.
    const tries = async (challenge: string, ip: string, elsewhere: string) => {
      const results = [];
      for (const [i, from] of [ip, ip, ip, ip, ip, elsewhere, elsewhere].entries()) {
        const input = { email: EMAIL, challenge, code: guess, ip: from, now: at(2000 + i) };
        results.push(await signInWithCode(form({}), input));
      }
      return results;
    };
    const afterWrong = await tries(wrong.challenge, "192.0.2.11", "192.0.2.12");
    expect(afterWrong).toEqual(await tries(right.challenge, OWNER_IP, "192.0.2.13"));
    expect(afterWrong.map((r) => (r.kind === "wrong" ? r.triesLeft : r.kind))).toEqual([
      4,
      3,
      2,
      1,
      "throttled",
      0,
      "none",
    ]);
    // The audit log knows (the visitor never does).
    const { auditLog } = await getCollections();
    expect(
      await auditLog.countDocuments({
        action: "sign-in-code-failed",
        summary: /none was sent: wrong password/,
      }),
    ).toBe(SIGN_IN_CODE_MAX_TRIES);
    expect(await mails()).toHaveLength(1);
  });

  it("the code is tied to the challenge of the page that sent the right password", async () => {
    await attack(T0);
    const first = await signInAt(PASSWORD, OWNER_IP, at(1000));
    if (first.kind !== "code-step") throw new Error(first.kind);
    const code = await lastCode();
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
      actor: { email: EMAIL, via: "admin", ip: OWNER_IP },
      channel: "page",
      passwordRight: true,
      now,
      code: "123456",
    });
    if (issued.outcome !== "sent" || !issued.challenge) throw new Error(issued.outcome);
    return { email: EMAIL, channel: "page" as const, challenge: issued.challenge };
  };

  it("is void after SIGN_IN_CODE_MAX_TRIES wrong tries, even for the right code", async () => {
    const which = await issue();
    for (let i = SIGN_IN_CODE_MAX_TRIES - 1; i >= 0; i--) {
      expect(await checkSignInCode({ ...which, code: "654321", now: at(1000) })).toEqual({
        kind: "wrong",
        triesLeft: i,
        decoy: false,
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
      actor: { email: EMAIL, via: "admin", ip: OWNER_IP },
      channel: "page",
      passwordRight: true,
      now: at(9000),
    });
    // Still a challenge, as always; behind it a decoy, not a code.
    expect(more.outcome).toBe("mails-used-up");
    expect(more.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mails()).toHaveLength(CODE_MAILS_PER_WINDOW);
  });
});

describe("sign-in codes on the API", () => {
  it("the right password gets a code, and the same call with the code the token", async () => {
    await attack(T0);
    expect(await api({ now: at(1000) })).toEqual({ kind: "code-step" });
    const code = await lastCode();
    const wrong = code === "999999" ? "999998" : "999999";
    expect(await api({ code: wrong, now: at(3000) })).toEqual({ kind: "code-refused" });
    const right = await api({ code, now: at(4000) });
    expect(right.kind).toBe("signed-in");
    // Used: the same code again is refused; no new code is sent by itself.
    expect(await api({ code, now: at(5000) })).toEqual({ kind: "code-refused" });
    expect(await mails()).toHaveLength(1);
  });

  it("under attack, a wrong password gets the same answers as the right one, and no e-mail", async () => {
    await attack(T0);
    // Without a code: the code step for both; one e-mail, the right password's.
    expect(await api({ password: "a guess", ip: "192.0.2.11", now: at(1000) })).toEqual(
      await api({ now: at(1000) }),
    );
    expect(await mails()).toHaveLength(1);
    const code = await lastCode();
    // With the right code: refused for the wrong password, as a wrong code is for the right
    // one; the code is not even looked at (its tries are the owner's).
    const wrongCode = code === "999999" ? "999998" : "999999";
    expect(await api({ password: "a guess", code, ip: "192.0.2.11", now: at(2000) })).toEqual(
      await api({ code: wrongCode, now: at(2000) }),
    );
    expect((await api({ code, now: at(3000) })).kind).toBe("signed-in");
  });

  it("without an attack the password alone signs in, as before", async () => {
    expect((await api({ now: T0 })).kind).toBe("signed-in");
    expect(await mails()).toEqual([]);
  });
});

describe("the attack does not end by waiting", () => {
  const AFTER_WINDOW = LOGIN_WINDOW_MS + 60_000;

  /** The owner signs in once from their laptop, before any attack: its device cookie. */
  async function laptopCookie(): Promise<string> {
    const first = await signInAt(PASSWORD, "198.51.100.7", at(-60_000));
    if (first.kind !== "signed-in") throw new Error(first.kind);
    return first.deviceCookie.split(";")[0] as string;
  }

  it("after the 15-minute window, a new device still needs a code; a device cookie does not", async () => {
    const cookie = await laptopCookie();
    await attack(T0);
    // The attack is noticed (here by the attacker's next guess from a fresh address).
    expect((await signInAt("guess 6", "203.0.113.67", at(1000))).kind).toBe("code-step");
    // The attacker stops, waits out the window, and comes back from a fresh address with the
    // password: the code step, no session.
    const later = await signInAt(PASSWORD, "198.51.100.99", at(AFTER_WINDOW));
    expect(later.kind).toBe("code-step");
    // The owner's laptop: straight in, and that does not end it either.
    const laptop = await signIn(form({ email: EMAIL, password: PASSWORD }, cookie), {
      email: EMAIL,
      ip: "198.51.100.7",
      now: at(AFTER_WINDOW + 1000),
    });
    expect(laptop.kind).toBe("signed-in");
    // Nor does a sign-in with the code.
    if (later.kind !== "code-step") return;
    const code = await lastCode();
    const withCode = await signInWithCode(form({}), {
      email: EMAIL,
      challenge: later.challenge,
      code,
      ip: "198.51.100.99",
      now: at(AFTER_WINDOW + 2000),
    });
    expect(withCode.kind).toBe("signed-in");
    expect((await signInAt(PASSWORD, "198.51.100.98", at(AFTER_WINDOW + 3000))).kind).toBe(
      "code-step",
    );
    expect((await api({ now: at(AFTER_WINDOW + 3000), ip: "198.51.100.98" })).kind).toBe(
      "code-step",
    );
    // It ends by itself ATTACK_GUARD_MS after the attack was last seen.
    expect((await signInAt(PASSWORD, "198.51.100.97", at(ATTACK_GUARD_MS + 2000))).kind).toBe(
      "signed-in",
    );
  });

  it("a password change by the owner ends it, and voids the codes asked for before", async () => {
    await attack(T0);
    const step = await signInAt(PASSWORD, OWNER_IP, at(1000));
    if (step.kind !== "code-step") throw new Error(step.kind);
    const code = await lastCode();
    const { admins } = await getCollections();
    const owner = await admins.findOne({ email: EMAIL });
    const session = await createSession(String(owner?._id));
    const NEW_PASSWORD = "another long and unusual passphrase 7";
    const changed = await changePassword({
      adminId: String(owner?._id),
      sessionId: session.id,
      actor: OPERATOR_CLI,
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      now: at(2000),
    });
    expect(changed.ok).toBe(true);
    // Within the window and long after it: the new password alone signs in a new device.
    for (const [ip, now] of [
      ["198.51.100.99", at(3000)],
      ["198.51.100.98", at(AFTER_WINDOW)],
    ] as const) {
      const result = await signIn(form({ email: EMAIL, password: NEW_PASSWORD }), {
        email: EMAIL,
        ip,
        now,
      });
      expect(result.kind, ip).toBe("signed-in");
    }
    const old = await signInWithCode(form({}), {
      email: EMAIL,
      challenge: step.challenge,
      code,
      ip: OWNER_IP,
      now: at(4000),
    });
    expect(old).toEqual({ kind: "none" });
  });
});
