import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { DEMO_COLLECTIONS } from "#db/seed/index";
import { LEGAL_TEXT_REVISED, lastModifiedByPage, PUBLIC_PAGES } from "./site-content.server";

afterAll(closeDatabase);
beforeEach(async () => {
  const c = await getCollections();
  for (const name of DEMO_COLLECTIONS) await c[name].deleteMany({});
});

const at = (day: number) => new Date(Date.UTC(2027, 0, day, 12));
const stamps = (createdAt: Date, updatedAt = createdAt) => ({ createdAt, updatedAt });

describe("lastModifiedByPage", () => {
  it("dates every page by the newest document it shows", async () => {
    await getDb();
    const c = await getCollections();
    await c.heroSection.insertOne({
      _id: SINGLETON_ID,
      title: "Hero",
      subtitle: "",
      image: "",
      ctaText: "",
      ctaLink: "",
      updatedAt: at(2),
    });
    await c.highlights.insertOne({
      _id: new ObjectId(),
      title: "h",
      label: "l",
      description: "d",
      order: 0,
      ...stamps(at(1), at(5)),
    });
    await c.testimonials.insertOne({
      _id: new ObjectId(),
      name: "n",
      title: "t",
      image: "",
      text: "x",
      rating: 5,
      ...stamps(at(3)),
    });
    await c.blogs.insertMany([
      {
        _id: new ObjectId(),
        title: "old, edited late",
        description: "",
        imageUrl: "",
        author: "",
        authorName: "",
        authorAvatar: "",
        excerpt: "",
        tags: [],
        ...stamps(at(1), at(4)),
      },
      {
        _id: new ObjectId(),
        title: "new",
        description: "",
        imageUrl: "",
        author: "",
        authorName: "",
        authorAvatar: "",
        excerpt: "",
        tags: [],
        ...stamps(at(3)),
      },
    ]);
    await c.internships.insertOne({
      _id: new ObjectId(),
      title: "Inactive internship",
      domain: "Tech",
      company: "c",
      location: "Remote",
      duration: [30],
      salary: "",
      deadline: at(30),
      status: "Closed",
      urgent: false,
      description: "",
      requirements: [],
      benefits: [],
      isActive: false,
      applicationLink: "",
      ...stamps(at(1), at(6)),
    });
    await c.faqs.insertOne({ _id: new ObjectId(), question: "q", answer: "a", ...stamps(at(7)) });
    await c.resources.insertOne({
      _id: new ObjectId(),
      title: "r",
      description: "",
      image: "",
      link: "https://example.com",
      ...stamps(at(8)),
    });
    await c.servicePage.insertOne({
      _id: SINGLETON_ID,
      hero: { title: "s", subtitle: "", image: "" },
      services: [],
      benefits: [],
      processSteps: [],
      cta: { title: "", subtitle: "", buttons: [] },
      updatedAt: at(9),
    });
    await c.aboutPage.insertOne({
      _id: SINGLETON_ID,
      title: "",
      content: "",
      mission: "",
      values: "",
      team: [],
      contact: { email: "", phone: "" },
      updatedAt: at(10),
    });
    await c.contactInfo.insertOne({
      _id: SINGLETON_ID,
      address: "",
      email: "a@example.com",
      phone: "1",
      mapEmbedUrl: "",
      image: "",
      updatedAt: at(11),
    });

    const dates = await lastModifiedByPage();
    expect(Object.keys(dates).sort()).toEqual([...PUBLIC_PAGES].sort());
    expect(dates).toEqual({
      "/": at(5), // the highlight edited on day 5 beats hero (2), testimonial (3), posts (4)
      "/services": at(9),
      "/internships": at(7), // the FAQ (7) beats the internship (6), active or not
      "/resources": at(8),
      "/about": at(10),
      "/contact": at(11),
      "/privacy-policy": at(11), // contact e-mail changed after the legal text was revised
      "/terms-of-service": at(11),
      "/blog": at(4), // an old post edited on day 4 beats the newest post (day 3)
    });
  });

  it("has no date for a page with nothing to show; the legal pages keep their revision date", async () => {
    const dates = await lastModifiedByPage();
    expect(dates["/"]).toBeNull();
    expect(dates["/blog"]).toBeNull();
    expect(dates["/services"]).toBeNull();
    expect(dates["/privacy-policy"]).toEqual(LEGAL_TEXT_REVISED);
    expect(dates["/terms-of-service"]).toEqual(LEGAL_TEXT_REVISED);
  });
});
