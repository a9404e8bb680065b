import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase } from "#db/client.server";
import {
  readFlash,
  redirectWithErrorFlash,
  redirectWithFlash,
  redirectWithUndo,
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

  it("carries an Undo to an admin page with the message, and only such an Undo", async () => {
    const undo = { action: "/admin/dashboard/faq?trash", intent: "restore", ids: ["a", "b"] };
    const response = await redirectWithUndo("/admin/dashboard/faq", "2 FAQs moved.", undo);
    const cookie = (response.headers.getSetCookie()[0] ?? "").split(";")[0] as string;
    expect(await readFlash(withCookie(cookie))).toMatchObject({
      message: "2 FAQs moved.",
      tone: "success",
      undo,
    });
    // Plain messages have none; an Undo aimed anywhere but the admin, or with no record, is
    // not offered (the cookie is signed: this only guards the code that writes it).
    expect(
      (await readFlash(withCookie((await serializeFlash("Saved.")).split(";")[0] as string))).undo,
    ).toBeNull();
    for (const bad of [
      { ...undo, action: "https://example.com/admin/" },
      { ...undo, ids: [] },
      { ...undo, ids: [1] },
    ]) {
      const set = await serializeFlash("Moved.", "success", bad as never);
      const read = await readFlash(withCookie(set.split(";")[0] as string));
      expect(read.message).toBe("Moved.");
      expect(read.undo).toBeNull();
    }
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
