import { describe, expect, it } from "vitest";
import { loader } from "./robots-txt";

describe("/robots.txt", () => {
  it("keeps crawlers out of the back office and names the sitemap", async () => {
    const response = loader();
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(lines.indexOf("User-agent: *")).toBeLessThan(lines.indexOf("Disallow: /admin"));
  });
});
