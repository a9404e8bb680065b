// E-mail and phone links shared by /about, /contact and the legal pages: `mailto:` and `tel:`
// built the same way everywhere, so a phone number typed with spaces still dials.

/** `tel:` URL for a displayed number: digits only, a leading + kept (RFC 3966 global number). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${digits}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

const LINK = "font-semibold text-blue-700 underline-offset-4 hover:text-blue-800 hover:underline";

export function EmailLink({ email, className = LINK }: { email: string; className?: string }) {
  return (
    <a href={mailtoHref(email)} className={className}>
      {email.trim()}
    </a>
  );
}

export function PhoneLink({ phone, className = LINK }: { phone: string; className?: string }) {
  return (
    <a href={telHref(phone)} className={className}>
      {phone.trim()}
    </a>
  );
}
