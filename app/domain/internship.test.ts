import { describe, expect, it } from "vitest";
import { SEARCH_MAX } from "~/lib/admin-list";
import {
  DEFAULT_INTERNSHIP_QUERY,
  formatDurations,
  hasActiveFilters,
  internshipSearch,
  jobPostingJsonLd,
  type PublicInternship,
  parseInternshipQuery,
  parseSalary,
} from "./internship-list";

const parse = (search: string) => parseInternshipQuery(new URLSearchParams(search));

describe("parseInternshipQuery", () => {
  it("reads every parameter", () => {
    expect(
      parse("q=%20React%20&domain=Tech&location=On-site&duration=90&saved=1&sort=title&page=3"),
    ).toEqual({
      q: "React",
      domain: "Tech",
      location: "On-site",
      duration: 90,
      saved: true,
      sort: "title",
      page: 3,
    });
  });

  it("gives the defaults for an empty query string", () => {
    expect(parse("")).toEqual(DEFAULT_INTERNSHIP_QUERY);
    // What a GET form without JavaScript sends when nothing is chosen.
    expect(parse("q=&sort=deadline&domain=&location=&duration=")).toEqual(DEFAULT_INTERNSHIP_QUERY);
  });

  it("drops each bad value on its own", () => {
    expect(parse("domain=tech&location=Mars&duration=-1&sort=price&page=0&saved=yes")).toEqual(
      DEFAULT_INTERNSHIP_QUERY,
    );
    expect(parse("duration=1.5&page=1e2")).toEqual(DEFAULT_INTERNSHIP_QUERY);
    expect(parse("duration=99999&page=9999999")).toEqual(DEFAULT_INTERNSHIP_QUERY);
    expect(parse("domain=Space&sort=duration")).toEqual({
      ...DEFAULT_INTERNSHIP_QUERY,
      sort: "duration",
    });
  });

  it("takes the first of repeated parameters", () => {
    expect(parse("domain=HR&domain=Tech").domain).toBe("HR");
  });

  it("cuts long searches", () => {
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(SEARCH_MAX);
  });
});

describe("internshipSearch", () => {
  it("leaves out defaults and empty values", () => {
    expect(internshipSearch(DEFAULT_INTERNSHIP_QUERY)).toBe("");
    expect(internshipSearch({ sort: "deadline", page: 1, q: "" })).toBe("");
  });

  it("round-trips through the parser", () => {
    const query = {
      q: "c++ & design",
      domain: "Design",
      location: "Hybrid",
      duration: 60,
      saved: true,
      sort: "duration",
      page: 2,
    } as const;
    const search = internshipSearch(query);
    expect(search).toBe(
      "?q=c%2B%2B+%26+design&domain=Design&location=Hybrid&duration=60&saved=1&sort=duration&page=2",
    );
    expect(parse(search)).toEqual(query);
  });
});

it("hasActiveFilters ignores the sort and the page", () => {
  expect(hasActiveFilters({ ...DEFAULT_INTERNSHIP_QUERY, sort: "title", page: 4 })).toBe(false);
  expect(hasActiveFilters({ ...DEFAULT_INTERNSHIP_QUERY, saved: true })).toBe(true);
  expect(hasActiveFilters({ ...DEFAULT_INTERNSHIP_QUERY, q: "x" })).toBe(true);
});

it("formatDurations", () => {
  expect(formatDurations([30, 60])).toBe("30 / 60 days");
  expect(formatDurations([90])).toBe("90 days");
  expect(formatDurations([])).toBe("");
});

describe("parseSalary", () => {
  it("reads one amount per period", () => {
    expect(parseSalary("€1,100 / month")).toEqual({
      "@type": "MonetaryAmount",
      currency: "EUR",
      value: { "@type": "QuantitativeValue", value: 1100, unitText: "MONTH" },
    });
    expect(parseSalary("$20 per hour")?.value).toMatchObject({ value: 20, unitText: "HOUR" });
    expect(parseSalary("1.200 EUR / Month")?.value).toMatchObject({ value: 1200 });
    expect(parseSalary("950 GBP a year")?.currency).toBe("GBP");
  });

  it("gives null for anything else", () => {
    expect(parseSalary("Unpaid, stipend for travel")).toBeNull();
    expect(parseSalary("€900-1,100 / month")).toBeNull();
    expect(parseSalary("Competitive")).toBeNull();
    expect(parseSalary("€12.50 / hour")).toBeNull();
  });
});

describe("jobPostingJsonLd", () => {
  const base: PublicInternship = {
    _id: "64b7f0000000000000000001",
    title: "Frontend Intern",
    domain: "Tech",
    company: "Bureau Digital",
    location: "Hybrid - Berlin",
    duration: [90],
    salary: "€1,100 / month",
    deadline: "2030-01-31T23:59:00.000Z",
    createdAt: "2029-12-01T10:00:00.000Z",
    status: "Open",
    isOpen: true,
    urgent: false,
    description: "Build things.",
    requirements: [],
    benefits: [],
    applicationLink: "https://jobs.example.com/x",
  };

  it("describes an on-site or hybrid position with its place and salary", () => {
    expect(jobPostingJsonLd(base)).toEqual({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title: "Frontend Intern",
      description: "Build things.",
      datePosted: "2029-12-01T10:00:00.000Z",
      validThrough: "2030-01-31T23:59:00.000Z",
      employmentType: "INTERN",
      hiringOrganization: { "@type": "Organization", name: "Bureau Digital" },
      jobLocation: {
        "@type": "Place",
        address: { "@type": "PostalAddress", addressLocality: "Berlin" },
      },
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "EUR",
        value: { "@type": "QuantitativeValue", value: 1100, unitText: "MONTH" },
      },
    });
  });

  it("marks remote positions as telecommute, with the area when the listing names it", () => {
    const remote = jobPostingJsonLd({ ...base, location: "Remote", salary: "Unpaid" });
    expect(remote.jobLocationType).toBe("TELECOMMUTE");
    expect(remote).not.toHaveProperty("jobLocation");
    expect(remote).not.toHaveProperty("applicantLocationRequirements");
    expect(remote).not.toHaveProperty("baseSalary");
    expect(jobPostingJsonLd({ ...base, location: "Remote - Europe" })).toMatchObject({
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "AdministrativeArea", name: "Europe" },
    });
  });

  it("leaves out a place the location does not name", () => {
    expect(jobPostingJsonLd({ ...base, location: "On-site" })).not.toHaveProperty("jobLocation");
  });
});
