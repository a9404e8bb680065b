// /robots.txt: crawlers may read the whole public site but not the back office, and learn
// where the sitemap is. The Sitemap line must be an absolute URL (https://www.rfc-editor.org/rfc/rfc9309
// leaves it to the sitemaps protocol, which requires one).
import { publicSiteUrl } from "~/domain/site-content.server";

export function loader() {
  const siteUrl = publicSiteUrl();
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
