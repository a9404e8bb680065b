// /admin/dashboard/audit's loader: the guard, newest first, the URL's filter, pages of 50, and a
// change made through the FAQ editor showing up. Read-only: the module has no action.
import { describe, expect, it } from "vitest";
import { ADMIN_ACCOUNT_NAV } from "~/components/admin/admin-nav";
import type { Actor } from "~/domain/audit";
import { recordAudit } from "~/domain/audit.server";
import { callRoute, freshAdminEachTest, statusOf } from "../../../tests/support/admin-request";
import { adminRoutes } from "../../../tests/support/admin-routes";
import * as audit from "./audit";
import { action as faqAction } from "./faq";

// The admin's own creation is audited: the log is emptied after the sign-in.
const me = freshAdminEachTest(["auditLog", "faqs"], "auditor@bureau.test");

const get = (path: string) => callRoute(audit.loader, path, { cookie: me.cookie });
const ANA: Actor = { email: "ana@bureau.test", via: "admin", ip: "203.0.113.5" };

describe("the audit log page", () => {
  it("is an admin route behind the guard, linked from the sidebar, with no action", async () => {
    expect(adminRoutes().some((r) => r.path === audit.PAGE)).toBe(true);
    expect(ADMIN_ACCOUNT_NAV.map((l) => l.to)).toContain(audit.PAGE);
    expect("action" in audit).toBe(false);
    const anonymous = await callRoute(audit.loader, audit.PAGE);
    expect(statusOf(anonymous)).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(
      `/admin/login?${new URLSearchParams({ redirectTo: audit.PAGE })}`,
    );
  });

  it("shows a change made in the FAQ editor, with the signed-in admin and the address", async () => {
    await callRoute(faqAction, "/admin/dashboard/faq", {
      cookie: me.cookie,
      fields: { intent: "save", question: "Seen in the log?", answer: "Yes." },
    });
    const data = await get(audit.PAGE);
    expect(data.items).toEqual([
      expect.objectContaining({
        actor: "auditor@bureau.test",
        action: "create",
        entity: "faq",
        summary: "Seen in the log?",
        via: "admin",
        ip: "203.0.113.9",
      }),
    ]);
  });

  it("filters by the URL and pages by 50, newest first", async () => {
    const start = Date.UTC(2026, 10, 1);
    for (let i = 0; i < 55; i++) {
      await recordAudit(
        i % 5 === 0 ? ANA : { ...ANA, email: "bo@bureau.test" },
        { action: i % 2 ? "update" : "create", entity: "faq", summary: `#${i}` },
        { now: new Date(start + i * 3_600_000) },
      );
    }
    const first = await get(audit.PAGE);
    expect(first.total).toBe(55);
    expect(first.pages).toBe(2);
    expect(first.items).toHaveLength(50);
    expect(first.items[0].summary).toBe("#54");
    const second = await get(`${audit.PAGE}?page=2`);
    expect(second.items.map((e: { summary: string }) => e.summary)).toEqual([
      "#4",
      "#3",
      "#2",
      "#1",
      "#0",
    ]);
    // A page past the end shows the last.
    expect((await get(`${audit.PAGE}?page=9`)).filter.page).toBe(2);
    const ana = await get(`${audit.PAGE}?who=ana&action=create`);
    expect(ana.items.map((e: { summary: string }) => e.summary)).toEqual([
      "#50",
      "#40",
      "#30",
      "#20",
      "#10",
      "#0",
    ]);
    const day = await get(`${audit.PAGE}?from=2026-11-02&to=2026-11-02&entity=faq`);
    expect(day.total).toBe(24);
    // Nonsense is dropped, not refused: the list shows more and the form what applies.
    const odd = await get(`${audit.PAGE}?action=hack&entity=%24where&from=2026-02-30`);
    expect(odd.filter).toMatchObject({ action: "", entity: "", from: "" });
    expect(odd.total).toBe(55);
  });

  it("says so when nothing matches", async () => {
    const data = await get(`${audit.PAGE}?who=nobody`);
    expect(data).toMatchObject({ items: [], total: 0, pages: 1 });
  });
});
