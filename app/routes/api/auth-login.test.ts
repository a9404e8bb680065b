// POST /api/auth/login under attack (issue 20 finding 4), called as React Router calls it: a
// right and a wrong password get the same answers, and only the right one gets a code.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { createAdmin } from "~/domain/admin.server";
import { OPERATOR_CLI } from "~/domain/audit";
import { settleSignInCodeMails } from "~/domain/sign-in-code.server";
import { clientIpContext } from "~/lib/client-ip.server";
import { setMailTransport } from "~/lib/mailer.server";
import { action } from "./auth-login";

afterAll(closeDatabase);

const EMAIL = "owner@bureau.test";
const PASSWORD = "a long and unusual passphrase";
let mailLog: string[] = [];

beforeEach(async () => {
  const { admins, loginAttempts, signInCodes } = await getCollections();
  await Promise.all([
    admins.deleteMany({}),
    loginAttempts.deleteMany({}),
    signInCodes.deleteMany({}),
  ]);
  await createAdmin({ email: EMAIL, password: PASSWORD }, OPERATOR_CLI);
  mailLog = [];
  setMailTransport(null, (line) => mailLog.push(line));
});

/** One call; what the client sees, without the Date header. */
async function login(body: Record<string, string>, ip: string) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  const request = new Request("http://localhost/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: EMAIL, ...body }),
  });
  const response = await action({ request, params: {}, context } as never);
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => name !== "date"),
    body: await response.json(),
  };
}

async function codes(): Promise<string[]> {
  await settleSignInCodeMails();
  return mailLog.map((line) => /"(\d{6}) is your /.exec(line)?.[1] ?? "");
}

describe("POST /api/auth/login under attack", () => {
  it("answers a wrong password exactly as the right one; the token needs both and the code", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login({ password: `guess ${i}` }, "198.51.100.66")).status).toBe(401);
    }
    const right = await login({ password: PASSWORD }, "203.0.113.10");
    const wrong = await login({ password: "not the password" }, "203.0.113.11");
    expect(wrong).toEqual(right);
    expect(right).toMatchObject({ status: 401, body: { success: false, codeRequired: true } });
    // One e-mail: the right password's.
    const [code = ""] = await codes();
    expect(code).toMatch(/^\d{6}$/);
    expect(mailLog).toHaveLength(1);

    // The right code with a wrong password, a wrong code with the right password: one answer.
    const other = code === "999999" ? "999998" : "999999";
    const wrongPassword = await login({ password: "not the password", code }, "203.0.113.11");
    const wrongCode = await login({ password: PASSWORD, code: other }, "203.0.113.10");
    expect(wrongPassword).toEqual(wrongCode);
    expect(wrongCode).toMatchObject({ status: 401, body: { codeRequired: true } });
    expect(wrongCode.body.token).toBeUndefined();

    const both = await login({ password: PASSWORD, code }, "203.0.113.10");
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ success: true, user: { email: EMAIL } });
  });
});
