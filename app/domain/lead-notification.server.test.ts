// The e-mail to the agency about a new lead (issue 4): to the contact address, Reply-To the
// visitor, sent after the lead is stored; a mail failure or a missing SMTP server never loses
// the lead, and the outcome is written on it.
import nodemailer from "nodemailer";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { setMailTransport } from "~/lib/mailer.server";
import { createContactMessage } from "./contact-message.server";
import { settleNotifications } from "./lead-notification.server";
import { createQuote } from "./quote.server";

const sent: { to: string; replyTo: string; from: string; subject: string; text: string }[] = [];
const logs: string[] = [];

/** A transport that records messages (nodemailer's JSON transport, plus a spy). */
function recordingTransport() {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const send = transport.sendMail.bind(transport);
  transport.sendMail = (async (mail: Record<string, string>) => {
    sent.push({
      to: String(mail.to),
      replyTo: String(mail.replyTo),
      from: String(mail.from),
      subject: String(mail.subject),
      text: String(mail.text),
    });
    return send(mail);
  }) as typeof transport.sendMail;
  return transport;
}

afterAll(closeDatabase);
beforeEach(async () => {
  sent.length = 0;
  logs.length = 0;
  const { quotes, contacts, siteSettings } = await getCollections();
  await Promise.all([quotes.deleteMany({}), contacts.deleteMany({}), siteSettings.deleteMany({})]);
  // The agency's address: the site settings' e-mail (the contact page shows the same).
  await siteSettings.insertOne({
    _id: SINGLETON_ID,
    brandName: "Agency",
    legalName: "Agency Ltd",
    tagline: "",
    logo: "",
    email: "hello@agency.example",
    phone: "+49 30 1234567",
    social: [],
    updatedAt: new Date(),
  });
});
afterEach(() => setMailTransport(undefined));

const quote = {
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "+1 555 123 4567",
  service: "SEO" as const,
  message: "Please quote an SEO audit.",
};

describe("new lead notification", () => {
  it("e-mails the agency's contact address with Reply-To the visitor and records it", async () => {
    setMailTransport(recordingTransport(), (line) => logs.push(line));
    const { doc } = await createQuote(quote, {
      source: { page: "/services", utm: { source: "news" } },
    });
    await settleNotifications();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "hello@agency.example",
      replyTo: '"Jane Doe" <jane@example.com>',
      subject: "New quote request from Jane Doe (SEO)",
    });
    expect(sent[0]?.from).toMatch(/no-reply@/);
    expect(sent[0]?.text).toContain("Phone: +1 555 123 4567");
    expect(sent[0]?.text).toContain("Please quote an SEO audit.");
    expect(sent[0]?.text).toContain("Sent from: http://localhost:3000/services");
    expect(sent[0]?.text).toContain("Campaign: utm_source=news");
    const { quotes } = await getCollections();
    expect((await quotes.findOne({ _id: doc._id }))?.notification?.status).toBe("sent");
  });

  it("keeps the lead when the mail server fails, and records the failure", async () => {
    const failing = nodemailer.createTransport({ jsonTransport: true });
    failing.sendMail = (async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    }) as typeof failing.sendMail;
    setMailTransport(failing, (line) => logs.push(line));
    const { doc } = await createContactMessage({
      name: "Sam",
      email: "sam@example.com",
      message: "Hello",
    });
    await settleNotifications();
    const stored = await (await getCollections()).contacts.findOne({ _id: doc._id });
    expect(stored).toMatchObject({ name: "Sam", status: "new" });
    expect(stored?.notification).toMatchObject({
      status: "failed",
      detail: "connect ECONNREFUSED 127.0.0.1:25",
    });
    expect(logs.join("\n")).toContain("Could not send");
  });

  it("without SMTP_URL logs what it would have sent", async () => {
    setMailTransport(null, (line) => logs.push(line));
    const { doc } = await createContactMessage({
      name: "Ann",
      email: "ann@example.com",
      message: "Hi",
    });
    await settleNotifications();
    expect(logs).toEqual([
      '[mail] SMTP_URL is not set; would have sent "New contact message from Ann" to hello@agency.example (Reply-To "Ann" <ann@example.com>)',
    ]);
    const stored = await (await getCollections()).contacts.findOne({ _id: doc._id });
    expect(stored?.notification?.status).toBe("skipped");
  });

  it("stores a repeated post once and announces it once", async () => {
    setMailTransport(recordingTransport(), (line) => logs.push(line));
    const first = await createQuote(quote, { submissionKey: "k1" });
    const again = await createQuote(quote, { submissionKey: "k1" });
    const other = await createQuote(quote, { submissionKey: "k2" });
    await settleNotifications();
    expect([first.created, again.created, other.created]).toEqual([true, false, true]);
    expect(await (await getCollections()).quotes.countDocuments({})).toBe(2);
    expect(sent).toHaveLength(2);
  });
});
