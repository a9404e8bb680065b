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

  it("says why a sending failed in plain words, keeps the server's message as the detail", () => {
    const cases: [string, RegExp, string | undefined][] = [
      [
        "Invalid login: 535 5.7.8 Username and Password not accepted",
        /refused the site's sign-in$/,
        undefined,
      ],
      ["connect ECONNREFUSED 127.0.0.1:587", /could not reach its mail server$/, undefined],
      ["Greeting never received", /could not reach its mail server$/, undefined],
      ["getaddrinfo ENOTFOUND smtp.example", /could not reach its mail server$/, undefined],
      [
        "Can't send mail - all recipients were rejected: 550 5.1.1 <x@y.example>: Recipient address rejected",
        /refused the address it was sent to$/,
        "/admin/dashboard/contact",
      ],
      ["Message failed: 451 try later", /^The e-mail to the agency failed$/, undefined],
      ["550 5.7.1 Relaying denied", /would not send it for the site$/, undefined],
      [
        "553 5.7.1 Sender address rejected: not owned by user",
        /would not send it for the site$/,
        undefined,
      ],
      [
        "550-5.7.26 This mail is unauthenticated, which poses a security risk to the sender",
        /would not send it for the site$/,
        undefined,
      ],
      ["550 SPF authentication failed", /would not send it for the site$/, undefined],
    ];
    for (const [raw, text, href] of cases) {
      const note = notificationNote({ status: "failed", at, detail: raw });
      expect(note.text, raw).toMatch(text);
      expect(note.detail).toBe(`Technical detail: ${raw}`);
      expect(note.fix?.href).toBe(href);
      if (!href) expect(note.fix?.text).toMatch(/^Whoever runs the site's server checks/);
      expect(`${note.text} ${note.fix?.text}`).not.toContain("SMTP");
    }
    expect(notificationNote({ status: "sent", at, detail: null })).toEqual({
      text: "E-mailed to the agency",
      detail: null,
      fix: null,
    });
  });
});
