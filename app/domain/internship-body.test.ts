// The JSON API's internship body (internshipBodySchema): the admin form's rules and messages,
// read from JSON values.
import { describe, expect, it } from "vitest";
import {
  INTERNSHIP_API_MESSAGES,
  INTERNSHIP_MESSAGES,
  internshipBodySchema,
  internshipFormSchema,
} from "~/content/internships";

const valid = {
  title: "Frontend intern",
  domain: "Tech",
  company: "Bureau",
  location: "Remote",
  duration: [60, 30, 60],
  salary: "€900 / month",
  deadline: "2030-06-30",
  description: "Build things.",
  requirements: ["HTML, CSS and JavaScript", " Git "],
  benefits: ["Mentoring"],
  applicationLink: "https://example.com/apply",
};

/** Each problem as `path: message`. */
function problems(body: unknown): string[] {
  const result = internshipBodySchema.safeParse(body);
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("internshipBodySchema", () => {
  it("reads JSON into the form's output, with the SPEC's defaults", () => {
    const value = internshipBodySchema.parse(valid);
    expect(value).toEqual({
      title: "Frontend intern",
      domain: "Tech",
      company: "Bureau",
      location: "Remote",
      duration: [30, 60],
      salary: "€900 / month",
      deadline: new Date("2030-06-30T23:59:59.999Z"),
      status: "Open",
      urgent: false,
      description: "Build things.",
      // An item holding a comma stays whole.
      requirements: ["HTML, CSS and JavaScript", "Git"],
      benefits: ["Mentoring"],
      isActive: true,
      applicationLink: "https://example.com/apply",
    });
  });

  it("gives the same value as the form for the form's comma-separated text", () => {
    const text = { duration: "30, 60", requirements: "HTML, Git", benefits: "Mentoring" };
    const api = internshipBodySchema.parse({ ...valid, ...text, urgent: true, isActive: false });
    const fromForm = internshipFormSchema.parse({
      ...valid,
      ...text,
      company: valid.company,
      urgent: true,
    });
    expect(api).toEqual(fromForm);
  });

  it("takes the deadline as an ISO date-time too (the API's own answer)", () => {
    for (const deadline of ["2030-06-30T23:59:59.999Z", "2030-07-01T01:00:00+02:00"]) {
      expect(internshipBodySchema.parse({ ...valid, deadline }).deadline).toEqual(
        new Date("2030-06-30T23:59:59.999Z"),
      );
    }
    expect(problems({ ...valid, deadline: "2030-02-30" })).toEqual([
      `deadline: ${INTERNSHIP_MESSAGES.deadlineInvalid}`,
    ]);
    expect(problems({ ...valid, deadline: "" })).toEqual([
      `deadline: ${INTERNSHIP_MESSAGES.deadlineRequired}`,
    ]);
  });

  it("says what is missing with the form's messages", () => {
    expect(problems({})).toEqual([
      `title: ${INTERNSHIP_MESSAGES.title}`,
      `domain: ${INTERNSHIP_MESSAGES.domainRequired}`,
      `company: ${INTERNSHIP_MESSAGES.company}`,
      `location: ${INTERNSHIP_MESSAGES.location}`,
      `duration: ${INTERNSHIP_MESSAGES.durationRequired}`,
      `salary: ${INTERNSHIP_MESSAGES.salary}`,
      `deadline: ${INTERNSHIP_MESSAGES.deadlineRequired}`,
      `description: ${INTERNSHIP_MESSAGES.description}`,
      `requirements: ${INTERNSHIP_MESSAGES.requirements}`,
      `benefits: ${INTERNSHIP_MESSAGES.benefits}`,
      `applicationLink: ${INTERNSHIP_MESSAGES.linkRequired}`,
    ]);
  });

  it("checks durations as the form does, from numbers or text", () => {
    expect(problems({ ...valid, duration: [] })).toEqual([
      `duration: ${INTERNSHIP_MESSAGES.durationRequired}`,
    ]);
    expect(problems({ ...valid, duration: "" })).toEqual([
      `duration: ${INTERNSHIP_MESSAGES.durationRequired}`,
    ]);
    for (const duration of [[30.5], [-1], "30,abc", ["30"], [1e21]]) {
      expect(problems({ ...valid, duration })).toEqual([
        `duration: ${INTERNSHIP_MESSAGES.durationFormat}`,
      ]);
    }
    expect(problems({ ...valid, duration: [0] })).toEqual([
      `duration: ${INTERNSHIP_MESSAGES.durationRange}`,
    ]);
  });

  it("checks lists as the form does, from arrays or text", () => {
    expect(problems({ ...valid, requirements: [] })).toEqual([
      `requirements: ${INTERNSHIP_MESSAGES.requirements}`,
    ]);
    expect(problems({ ...valid, benefits: [" ", ""] })).toEqual([
      `benefits: ${INTERNSHIP_MESSAGES.benefits}`,
    ]);
    expect(problems({ ...valid, benefits: " , " })).toEqual([
      `benefits: ${INTERNSHIP_MESSAGES.benefits}`,
    ]);
    expect(problems({ ...valid, benefits: Array(31).fill("x") })).toEqual([
      "benefits: At most 30 benefits.",
    ]);
    expect(problems({ ...valid, benefits: ["x".repeat(301)] })).toEqual([
      "benefits: Each of the benefits can be at most 300 characters long.",
    ]);
  });

  it("refuses operators and wrong types in every field", () => {
    const operator = { $ne: "" };
    expect(problems({ ...valid, title: operator })).toEqual([
      `title: ${INTERNSHIP_MESSAGES.title}`,
    ]);
    expect(problems({ ...valid, domain: operator })).toEqual([
      `domain: ${INTERNSHIP_MESSAGES.domainRequired}`,
    ]);
    expect(problems({ ...valid, duration: operator })).toEqual([
      `duration: ${INTERNSHIP_MESSAGES.durationFormat}`,
    ]);
    expect(problems({ ...valid, requirements: operator })).toEqual([
      `requirements: ${INTERNSHIP_API_MESSAGES.list("requirements")}`,
    ]);
    expect(problems({ ...valid, requirements: [operator] })).not.toEqual([]);
    expect(problems({ ...valid, status: operator })).toEqual([
      `status: ${INTERNSHIP_MESSAGES.status}`,
    ]);
    for (const flag of ["yes", "true", 1, { $ne: false }, null]) {
      expect(problems({ ...valid, urgent: flag })).toEqual([
        `urgent: ${INTERNSHIP_API_MESSAGES.boolean("urgent")}`,
      ]);
      expect(problems({ ...valid, isActive: flag })).toEqual([
        `isActive: ${INTERNSHIP_API_MESSAGES.boolean("isActive")}`,
      ]);
    }
    expect(problems({ ...valid, applicationLink: "javascript:alert(1)" })).toEqual([
      `applicationLink: ${INTERNSHIP_MESSAGES.linkInvalid}`,
    ]);
  });
});
