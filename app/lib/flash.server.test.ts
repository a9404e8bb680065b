import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase } from "#db/client.server";
import {
  readFlash,
  redirectWithErrorFlash,
  redirectWithFlash,
  serializeFlash,
} from "./flash.server";

afterAll(closeDatabase);

const withCookie = (cookie: string) =>
  new Request("http://localhost/admin/dashboard", { headers: { Cookie: cookie } });

describe("flash messages", () => {
  it("redirects with a message that the next page reads once", async () => {
    const response = await redirectWithFlash("/admin/dashboard", "Saved.", {
      headers: { "Set-Cookie": "other=1; Path=/" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    const flash = cookies.find((c) => c.startsWith("bureau_flash=")) ?? "";
    expect(flash).toContain("HttpOnly");
    expect(flash).toContain("SameSite=Lax");

    const read = await readFlash(withCookie(flash.split(";")[0] as string));
    expect(read.message).toBe("Saved.");
    expect(read.tone).toBe("success");
    // …and the answer clears it, so a reload shows nothing.
    expect(new Headers(read.headers).get("Set-Cookie")).toMatch(/^bureau_flash=; Max-Age=0/);
  });

  it("shows nothing without the cookie, or with one it did not sign", async () => {
    expect((await readFlash(withCookie("x=1"))).message).toBeNull();
    const forged = `bureau_flash=${encodeURIComponent(btoa(JSON.stringify("Hacked!")))}.AAAA`;
    expect((await readFlash(withCookie(forged))).message).toBeNull();
  });

  it("carries an error as one (a failed delete posted without JavaScript)", async () => {
    const response = await redirectWithErrorFlash("/admin/dashboard/faq", "Unexpected error: x");
    expect(response.status).toBe(302);
    const flash = response.headers.getSetCookie()[0] ?? "";
    const read = await readFlash(withCookie(flash.split(";")[0] as string));
    expect(read).toMatchObject({ message: "Unexpected error: x", tone: "error" });
  });

  it("caps the message length", async () => {
    const cookie = (await serializeFlash("x".repeat(2000))).split(";")[0] as string;
    expect((await readFlash(withCookie(cookie))).message).toHaveLength(500);
  });
});
