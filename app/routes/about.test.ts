import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { buildDemoContent } from "#db/seed/demo-content";
import { splitValues } from "~/content/about-page";
import { renderRoute } from "../../tests/support/render-route";
import About, { loader } from "./about";

afterAll(closeDatabase);
beforeEach(async () => {
  const { aboutPage } = await getCollections();
  await aboutPage.deleteMany({});
});

describe("about loader", () => {
  it("reads the about page and splits the values into one item per line", async () => {
    const { aboutPage } = await getCollections();
    const demo = buildDemoContent(new Date()).aboutPage;
    // Portraits saved before alt text existed (the demo's own are described).
    const olderTeam = demo.team.map(
      ({ imageAlt: _alt, imageDecorative: _decorative, ...member }) => member,
    );
    await aboutPage.insertOne({ ...demo, team: olderTeam, title: "About us, freshly edited" });

    const { about, values } = await loader();
    expect(about).not.toHaveProperty("_id");
    expect(about?.title).toBe("About us, freshly edited");
    expect(about?.content).toBe(demo.content);
    expect(about?.mission).toBe(demo.mission);
    // Portraits saved before alt text existed: not described yet.
    expect(about?.team).toEqual(
      demo.team.map((member) => ({ ...member, imageAlt: "", imageDecorative: false })),
    );
    // The contact line is the site settings' e-mail and phone (none saved here).
    expect(about?.contact).toEqual({ email: "", phone: "" });
    expect(values).toEqual(demo.values.split("\n"));
    expect(values).toHaveLength(4);
  });

  it("sees a change saved after the first read", async () => {
    const { aboutPage } = await getCollections();
    const demo = buildDemoContent(new Date()).aboutPage;
    await aboutPage.insertOne(demo);
    await loader();
    await aboutPage.updateOne({ _id: demo._id }, { $set: { values: "Only one value" } });
    expect((await loader()).values).toEqual(["Only one value"]);
  });

  it("gives no page and no values when none was saved", async () => {
    expect(await loader()).toEqual({ about: null, values: [] });
  });
});

describe("splitValues", () => {
  it("drops blank lines, trims, accepts Windows line ends and strips typed list markers", () => {
    expect(splitValues("  First \r\n\r\n- Second\n• Third\n2. Fourth\n   \n")).toEqual([
      "First",
      "Second",
      "Third",
      "Fourth",
    ]);
  });

  it("keeps a hyphen that is part of the text", () => {
    expect(splitValues("-10% waste\nWell-being first")).toEqual(["-10% waste", "Well-being first"]);
  });
});

describe("about page", () => {
  const demo = buildDemoContent(new Date());
  const { _id, ...page } = demo.aboutPage;
  const contact = { email: demo.siteSettings.email, phone: demo.siteSettings.phone };
  const about = { ...page, contact };

  it("shows the values as a list, the team with avatar fallback, and the contact line", () => {
    const html = renderRoute(About, {
      about: { ...about, team: [{ name: "No Photo", role: "Tester", image: "" }] },
      values: ["Plain value", "Lead: with an explanation"],
    });
    expect(html).toContain("Our Mission");
    expect(html).toMatch(
      /<ul[^>]*><li[^>]*>.*Plain value.*<\/li><li[^>]*>.*Lead<span class="sr-only">:<\/span>/s,
    );
    expect(html).toContain('src="/demo/default-avatar.webp"');
    expect(html).toContain(`href="mailto:${about.contact.email}"`);
    expect(html).toContain('href="tel:+493055572140"');
    expect(html).toContain('"@type":"AboutPage"');
  });

  it("renders a sensible page when no about page was saved", () => {
    const html = renderRoute(About, { about: null, values: [] });
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain("About Us</h1>");
    expect(html).toContain('href="/contact"');
    expect(html).not.toContain("mailto:");
    expect(html).not.toContain("Our Values");
  });
});
