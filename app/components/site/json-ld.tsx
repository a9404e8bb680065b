// Structured data for crawlers. `<` is escaped so content can never close the script element;
// the block is data, not script, so it needs no CSP nonce.
export function JsonLd({ data }: { data: Record<string, unknown> | Record<string, unknown>[] }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, not HTML from content.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
