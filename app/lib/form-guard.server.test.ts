import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase } from "#db/client.server";
import {
  checkFormGuard,
  EXPIRED_MESSAGE,
  FORM_TOKEN_MAX_AGE_MS,
  honeypotFilled,
  issueFormToken,
  SPAM_MESSAGE,
  TOO_FAST_MESSAGE,
} from "./form-guard.server";

afterAll(closeDatabase);

const now = new Date("2026-11-22T12:00:00Z");
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};
const tokenFrom = async (msAgo: number) => issueFormToken(new Date(now.getTime() - msAgo));
const check = (fields: Record<string, string>) =>
  checkFormGuard(form(fields), { now, minFillMs: 2000 });

describe("form guard", () => {
  it("lets through a form filled for longer than the minimum, with the honeypot empty", async () => {
    expect(await check({ formToken: await tokenFrom(2000), website: "" })).toEqual({ ok: true });
    expect(await check({ formToken: await tokenFrom(60 * 60_000) })).toEqual({ ok: true });
  });

  it("refuses a filled honeypot whatever the token", async () => {
    expect(
      await check({ formToken: await tokenFrom(10_000), website: "https://spam.example" }),
    ).toMatchObject({ ok: false, reason: "honeypot", message: SPAM_MESSAGE });
  });

  it("refuses a post quicker than the minimum fill time", async () => {
    expect(await check({ formToken: await tokenFrom(1999) })).toMatchObject({
      ok: false,
      reason: "too-fast",
      message: TOO_FAST_MESSAGE,
    });
  });

  it("refuses missing, malformed, altered and future tokens", async () => {
    const good = await tokenFrom(10_000);
    const [version, issued, signature] = good.split(".");
    const earlier = `${version}.${Number(issued) - 60_000}.${signature}`;
    for (const formToken of [undefined, "", "v1", "v1.abc.def", earlier, `${good}x`]) {
      const fields: Record<string, string> = formToken === undefined ? {} : { formToken };
      expect(await check(fields)).toMatchObject({ ok: false, reason: "bad-token" });
    }
    const future = await issueFormToken(new Date(now.getTime() + 10 * 60_000));
    expect(await check({ formToken: future })).toMatchObject({ ok: false, reason: "bad-token" });
  });

  it("with no minimum fill time, waits for nothing, not even a token stamped ahead", async () => {
    // A cached page's token is stamped with the end of its window, up to seconds ahead.
    const ahead = await issueFormToken(new Date(now.getTime() + 4_000));
    expect(await checkFormGuard(form({ formToken: ahead }), { now, minFillMs: 0 })).toEqual({
      ok: true,
    });
    expect(await checkFormGuard(form({ formToken: ahead }), { now, minFillMs: 1 })).toMatchObject({
      reason: "too-fast",
    });
  });

  it("says a day-old form has expired, so the visitor sends it again", async () => {
    expect(await check({ formToken: await tokenFrom(FORM_TOKEN_MAX_AGE_MS + 1) })).toMatchObject({
      ok: false,
      reason: "expired",
      message: EXPIRED_MESSAGE,
    });
  });

  it("reads a honeypot as filled when any value holds something (the form's or the API's)", () => {
    expect(honeypotFilled([])).toBe(false);
    expect(honeypotFilled([undefined])).toBe(false);
    expect(honeypotFilled(["", "  "])).toBe(false);
    expect(honeypotFilled(["", "https://spam.example"])).toBe(true);
    expect(honeypotFilled([{ $ne: "" }])).toBe(true);
    expect(honeypotFilled([null])).toBe(true);
    expect(honeypotFilled([new File(["x"], "x.txt")])).toBe(true);
  });
});
