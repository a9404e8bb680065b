// The e-mail that tells the agency about a new quote request or contact message. It goes to the
// contact address of the site's contact information, with Reply-To set to the visitor so a
// reply from the mail program reaches them. It is sent AFTER the lead is stored and outside
// the visitor's request: a slow or failing mail server never loses a lead or delays the answer.
// The outcome (sent, failed, skipped) is written on the lead for the inbox to show.
import {
  type Collection,
  MongoServerError,
  type ObjectId,
  type OptionalUnlessRequiredId,
} from "mongodb";
import { getCollections } from "#db/client.server";
import type { LeadNotification, LeadSource } from "#db/collections";
import { getContactEmail } from "~/content/contact-info.server";
import { defaultFrom, sendMail } from "~/lib/mailer.server";
import { NO_CONTACT_EMAIL_DETAIL } from "./lead-inbox";
import { getSiteIdentity } from "./site-content.server";

export interface LeadSummary {
  kind: "quote" | "contact";
  id: ObjectId;
  name: string;
  email: string;
  fields: [label: string, value: string][];
  message: string;
  source?: LeadSource;
}

/** How a lead is stored: where it came from, and the key that makes a repeated post one lead. */
export interface LeadOptions {
  source?: LeadSource;
  /** Same post twice (double click, resent request): same key; the unique index keeps one. */
  submissionKey?: string;
  now?: Date;
}

/** Inserts `doc`; false when a lead with its submissionKey is already stored. */
export async function insertOnce<T extends { submissionKey?: string }>(
  collection: Collection<T>,
  doc: OptionalUnlessRequiredId<T>,
): Promise<boolean> {
  try {
    await collection.insertOne(doc);
    return true;
  } catch (error) {
    if (
      error instanceof MongoServerError &&
      error.code === 11000 &&
      doc.submissionKey &&
      JSON.stringify(error.keyPattern ?? error.message).includes("submissionKey")
    ) {
      return false;
    }
    throw error;
  }
}

const inFlight = new Set<Promise<void>>();

/** Starts the notification of `lead` without waiting for it. */
export function notifyNewLead(lead: LeadSummary): void {
  const job = deliver(lead)
    .catch((error: unknown) => {
      console.error(`[mail] Notification of ${lead.kind} ${lead.id} failed:`, error);
    })
    .finally(() => inFlight.delete(job));
  inFlight.add(job);
}

/** Resolves when every notification started so far has finished (tests, shutdown). */
export async function settleNotifications(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

function composeLeadMail(lead: LeadSummary, siteUrl: string) {
  const what = lead.kind === "quote" ? "quote request" : "contact message";
  const service = lead.fields.find(([label]) => label === "Service")?.[1];
  const subject =
    lead.kind === "quote"
      ? `New quote request from ${lead.name}${service ? ` (${service})` : ""}`
      : `New contact message from ${lead.name}`;
  const source = lead.source ?? {};
  const utm = Object.entries(source.utm ?? {})
    .map(([key, value]) => `utm_${key}=${value}`)
    .join(", ");
  const lines = [
    `A new ${what} arrived on the website.`,
    "",
    `Name: ${lead.name}`,
    `Email: ${lead.email}`,
    ...lead.fields.map(([label, value]) => `${label}: ${value}`),
    "",
    "Message:",
    lead.message,
    "",
    ...(source.page ? [`Sent from: ${siteUrl}${source.page}`] : []),
    ...(source.referrer ? [`Referred by: ${source.referrer}`] : []),
    ...(utm ? [`Campaign: ${utm}`] : []),
    "",
    `Reply to this e-mail to answer ${lead.name}, or open the back office:`,
    `${siteUrl}/admin/dashboard/${lead.kind === "quote" ? "quotes" : "contact-forms"}`,
  ];
  return { subject, text: lines.join("\n") };
}

async function deliver(lead: LeadSummary): Promise<void> {
  const [to, site] = await Promise.all([getContactEmail(), getSiteIdentity()]);
  let notification: LeadNotification;
  if (!to) {
    console.log(`[mail] No contact e-mail is set; ${lead.kind} ${lead.id} was not announced`);
    notification = { status: "skipped", at: new Date(), detail: NO_CONTACT_EMAIL_DETAIL };
  } else {
    const { subject, text } = composeLeadMail(lead, site.siteUrl);
    const outcome = await sendMail({
      from: defaultFrom(site.brand),
      to,
      replyTo: `"${lead.name.replace(/["\\]/g, "")}" <${lead.email}>`,
      subject,
      text,
    });
    notification = { ...outcome, at: new Date() };
  }
  const { quotes, contacts } = await getCollections();
  const update = { $set: { notification } };
  if (lead.kind === "quote") await quotes.updateOne({ _id: lead.id }, update);
  else await contacts.updateOne({ _id: lead.id }, update);
}
