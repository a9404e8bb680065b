import { useNonce } from "~/lib/nonce";

// Structured data for crawlers. `<` is escaped so content can never close the script element.
// The block is data, not script, so CSP would not block it; it carries the response's nonce
// anyway so that every <script> of a page has one (tests/e2e/security-headers.spec.ts).
export function JsonLd({ data }: { data: Record<string, unknown> | Record<string, unknown>[] }) {
  const nonce = useNonce();
  const html = { __html: JSON.stringify(data).replace(/</g, "\\u003c") };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, not HTML from content.
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={html} />;
}
