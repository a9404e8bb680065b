// Outgoing e-mail through nodemailer. SMTP_URL set: sent through that server. Unset (a fresh
// clone, the tests): nothing leaves the machine and the message is logged instead, so a demo
// never needs a mail server and a missing one is visible in the log.
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/env.server";
import { MAIL_OFF_DETAIL } from "./mail";

export interface MailMessage {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

export type MailOutcome =
  | { status: "sent" }
  | { status: "skipped"; detail: string }
  | { status: "failed"; detail: string };

let transport: Transporter | null | undefined;
let log: (line: string) => void = (line) => console.log(line);

/** For tests: a transport to use instead of SMTP_URL's (null: behave as if it were unset). */
export function setMailTransport(next: Transporter | null | undefined, logger?: typeof log): void {
  transport = next;
  if (logger) log = logger;
}

function currentTransport(): Transporter | null {
  if (transport !== undefined) return transport;
  const url = getEnv().SMTP_URL;
  // Bounded waits: a hung mail server must not keep work piling up.
  transport = url
    ? nodemailer.createTransport(url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as object)
    : null;
  return transport;
}

/** The From address: MAIL_FROM, else no-reply at the site's host. */
export function defaultFrom(brand: string): string {
  const configured = getEnv().MAIL_FROM;
  if (configured) return configured;
  const host = new URL(getEnv().SITE_URL).hostname;
  const domain = host.includes(".") ? host : `${host}.localdomain`;
  return `"${brand.replace(/["\\\r\n]/g, "")}" <no-reply@${domain}>`;
}

/** Sends `message`; never throws (the caller records the outcome). */
export async function sendMail(message: MailMessage & { from: string }): Promise<MailOutcome> {
  const mailer = currentTransport();
  if (!mailer) {
    log(
      `[mail] SMTP_URL is not set; would have sent "${message.subject}" to ${message.to}${
        message.replyTo ? ` (Reply-To ${message.replyTo})` : ""
      }`,
    );
    return { status: "skipped", detail: MAIL_OFF_DETAIL };
  }
  try {
    await mailer.sendMail(message);
    return { status: "sent" };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    log(`[mail] Could not send "${message.subject}" to ${message.to}: ${detail}`);
    return { status: "failed", detail: detail.slice(0, 500) };
  }
}
