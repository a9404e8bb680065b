// The e-mail that tells every other admin a new admin was added (issue 20 finding 3): whoever
// holds a stolen session, token or password and adds themselves a lasting account is seen by
// the owners at once. Sent AFTER the admin is stored and outside the request, like the lead
// notifications: a slow or failing mail server never fails or delays the addition. Without
// SMTP_URL each message is logged (lib/mailer.server.ts).
import { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import { defaultFrom, sendMail } from "~/lib/mailer.server";
import { type Actor, OPERATOR } from "./audit";
import { getSiteIdentity } from "./site-content.server";

export interface AdminAddedNotice {
  added: { _id: string; email: string };
  /** Who added them (the audit entry's actor). */
  actor: Actor;
  at: Date;
}

const inFlight = new Set<Promise<void>>();

/** Starts the e-mails of `notice` without waiting for them. */
export function announceNewAdmin(notice: AdminAddedNotice): void {
  const job = deliver(notice)
    .catch((error: unknown) => {
      console.error(`[mail] Announcing new admin ${notice.added.email} failed:`, error);
    })
    .finally(() => inFlight.delete(job));
  inFlight.add(job);
}

/** Resolves when every announcement started so far has finished (tests, CLI, shutdown). */
export async function settleAdminNotices(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

function composeAdminAddedMail(notice: AdminAddedNotice, site: { siteUrl: string }) {
  const { added, actor } = notice;
  const by =
    actor.email === OPERATOR
      ? `the server's operator (${actor.via === "cli" ? "npm run admin:create" : actor.via})`
      : `${actor.email}${actor.via === "api" ? " through the JSON API" : ""}`;
  const lines = [
    `${added.email} was added as an admin of ${site.siteUrl} by ${by}`,
    `on ${notice.at.toISOString().replace("T", " ").slice(0, 16)} UTC${actor.ip ? `, from ${actor.ip}` : ""}.`,
    "An admin can sign in and change the whole site.",
    "",
    "If you did not expect this, remove them on the Admins page and change your password:",
    `${site.siteUrl}/admin/dashboard/admins`,
  ];
  return { subject: `New admin: ${added.email}`, text: lines.join("\n") };
}

/** Every admin but the new one (the one who added them included: it may not have been them). */
async function recipients(added: { _id: string }): Promise<string[]> {
  const { admins } = await getCollections();
  const others = await admins
    .find({ _id: { $ne: new ObjectId(added._id) } }, { projection: { email: 1 } })
    .toArray();
  return others.map((admin) => admin.email);
}

async function deliver(notice: AdminAddedNotice): Promise<void> {
  const to = await recipients(notice.added);
  if (to.length === 0) return;
  const site = await getSiteIdentity();
  const { subject, text } = composeAdminAddedMail(notice, site);
  const from = defaultFrom(site.brand);
  // One message each: nobody's address is shown to the others, one bad address fails alone.
  for (const address of to) await sendMail({ from, to: address, subject, text });
}
