// Sign-in codes in the server's output: without SMTP_URL, mail is logged instead of sent.
/** The newest sign-in code the server logged for `email` (no SMTP_URL: mail is logged). */
export function loggedSignInCode(output: string, email: string): string | null {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`"(\\d{6}) is your [^\\n]* sign-in code" to ${escaped}`, "g");
  return [...output.matchAll(pattern)].at(-1)?.[1] ?? null;
}
