import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS, passwordLength, passwordPolicyProblem } from "./password-policy.server";

describe("password policy", () => {
  it.each([
    "correct horse battery staple",
    "a long and unusual passphrase",
    "Tr0ub4dor&3-but-longer",
    "émile zola à la plage",
    `${"x".repeat(50)}yz1`,
  ])("accepts %s", (password) => {
    expect(passwordPolicyProblem(password)).toBeNull();
  });

  it("needs 12 to 128 characters, counted as a person counts them", () => {
    expect(passwordPolicyProblem("abc def gh1")).toMatch(/at least 12/);
    expect(passwordPolicyProblem(`${"q".repeat(100)}${"w".repeat(29)}`)).toMatch(/at most 128/);
    // 11 emoji are 22 UTF-16 units but 11 characters.
    expect(passwordLength("🙂".repeat(11))).toBe(11);
    expect(passwordPolicyProblem("🙂🙃😀😁😂🤣😃😄😅😆😉")).toMatch(/at least 12/);
  });

  it.each(["qwertyuiop12", "1qaz2wsx3edc", "QwErTy123456", "123qweasdzxc", "administrator"])(
    "refuses the common password %s",
    (password) => {
      expect(passwordPolicyProblem(password)).toMatch(/commonly used/);
    },
  );

  it.each([
    "aaaaaaaaaaaaaaa",
    "abababababab",
    "345678901234",
    "abcdefghijklmnop",
    "9876543210987",
    "zyxwvutsrqpon",
  ])("refuses the predictable %s", (password) => {
    expect(passwordPolicyProblem(password)).toMatch(/predictable/);
  });

  it("refuses the account's e-mail address as its password", () => {
    expect(
      passwordPolicyProblem("someone.long@bureau.test", { email: "Someone.Long@bureau.test" }),
    ).toMatch(/e-mail/);
    expect(passwordPolicyProblem("someone.long1", { email: "someone.long1@bureau.test" })).toMatch(
      /e-mail/,
    );
  });

  it("refuses every long entry of zxcvbn-ts's common-password list, in any case", () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThan(49_000);
    const long = COMMON_PASSWORDS.filter((p) => p.length >= 12);
    expect(long.length).toBeGreaterThan(300);
    for (const password of long) {
      expect(passwordPolicyProblem(password.toUpperCase())).toMatch(/commonly used/);
    }
  });
});
