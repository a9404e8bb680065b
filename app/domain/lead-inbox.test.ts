// What a lead's page says about its new-lead e-mail (notificationNote): plain words, never the
// name of a server setting, and where to put it right.
import { describe, expect, it } from "vitest";
import { MAIL_OFF_DETAIL } from "~/lib/mail";
import { NO_CONTACT_EMAIL_DETAIL, notificationNote } from "./lead-inbox";

const at = "2026-11-26T10:00:00.000Z";

describe("notificationNote", () => {
  it("says notifications are off when no mail server is set, without the setting's name", () => {
    const note = notificationNote({ status: "skipped", at, detail: MAIL_OFF_DETAIL });
    expect(note.text).toBe("Not e-mailed: e-mail notifications are off");
    expect(note.detail).toBeNull();
    expect(note.fix?.text).toMatch(/^Whoever runs the site's server turns them on/);
    expect(JSON.stringify(note)).not.toContain("SMTP");
  });

  it("links to the contact e-mail's editor when the site has none", () => {
    const note = notificationNote({ status: "skipped", at, detail: NO_CONTACT_EMAIL_DETAIL });
    expect(note.text).toBe("Not e-mailed: the site has no contact e-mail");
    expect(note.fix).toEqual({
      text: "Set one in",
      href: "/admin/dashboard/contact",
      linkText: "Contact info",
    });
  });

  it("keeps the reason of a failed sending and says nothing more for a sent one", () => {
    expect(notificationNote({ status: "failed", at, detail: "Greeting never received" })).toEqual({
      text: "The e-mail to the agency failed",
      detail: "Greeting never received",
      fix: null,
    });
    expect(notificationNote({ status: "sent", at, detail: null })).toEqual({
      text: "E-mailed to the agency",
      detail: null,
      fix: null,
    });
  });
});
