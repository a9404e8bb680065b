// What the browser may know of outgoing e-mail (the sending is lib/mailer.server.ts).

/**
 * The outcome detail recorded when no mail server is configured. Stored on leads and answered by
 * the JSON API as it always was; the back office shows "E-mail notifications are off" instead,
 * since a setting's name means nothing to most staff.
 */
export const MAIL_OFF_DETAIL = "SMTP_URL is not set";
