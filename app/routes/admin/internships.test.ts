// The internships admin: the loader's list and form states, the action's add / update / delete
// / toggle, every validation rule and message (durations, lists, the link, the date), 404 for
// malformed or unknown ids, sessions, the SPEC's success and failure texts, and the public page
// and dashboard count following each change.
import { ObjectId } from "mongodb";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import type { InternshipDoc } from "#db/collections";
import { joinErrors } from "~/components/admin/internship-screen";
import {
  INTERNSHIP_ERROR,
  INTERNSHIP_LIMITS,
  INTERNSHIP_TOGGLED,
  internships,
  INTERNSHIP_MESSAGES as M,
  parseDeadline,
  parseDurationText,
  splitList,
} from "~/content/internships";
import { editorDefaults } from "~/content/kit/admin-screen";
import { getDashboardCounts } from "~/domain/dashboard.server";
import { readFlash } from "~/lib/flash.server";
import {
  callRoute,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import { type BulkPost, postBulk } from "../../../tests/support/bulk-post";
import { alertTexts, renderPage } from "../../../tests/support/render-route";
import { loader as publicLoader } from "../internships";
import ManageInternships, { action, loader } from "./internships";

const PAGE = internships.admin.path;
const { texts } = internships;
const internshipFormValues = (editing: Record<string, unknown>) =>
  editorDefaults(internships, editing);

const { failures, failing } = vi.hoisted(() => {
  const failures = { on: false };
  const failing =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      failures.on ? Promise.reject(new Error("secret driver detail")) : fn(...args);
  return { failures, failing };
});
vi.mock("~/content/stores.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/content/stores.server")>();
  const store = original.internshipStore;
  return {
    ...original,
    internshipStore: {
      ...store,
      create: failing(store.create),
      update: failing(store.update),
      remove: failing(store.remove),
    },
  };
});
vi.mock("~/domain/internship.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/domain/internship.server")>();
  return { ...original, toggleInternshipActive: failing(original.toggleInternshipActive) };
});

afterAll(closeDatabase);

let me: SignedIn;
beforeEach(async () => {
  failures.on = false;
  const { internships } = await getCollections();
  await internships.deleteMany({});
  me = await signInFresh();
});

const get = (path: string) => callRoute(loader, path, { cookie: me.cookie });
const post = (fields: Record<string, string>, path = PAGE) =>
  callRoute(action, path, { cookie: me.cookie, fields });

const DAY = 24 * 60 * 60 * 1000;
const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const inDays = (n: number) => new Date(Date.now() + n * DAY);
const dateField = (date: Date) => date.toISOString().slice(0, 10);
const MISSING = "0123456789abcdef01234567";

/** A complete, valid form as an admin would post it. */
function valid(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    title: "Data Intern",
    domain: "Tech",
    company: "Bureau Digital",
    location: "Remote",
    duration: "30,60",
    salary: "€900 / month",
    deadline: dateField(inDays(20)),
    status: "Open",
    description: "Crunch numbers with us.",
    requirements: "SQL, Python",
    benefits: "Mentor, Laptop",
    isActive: "on",
    applicationLink: "https://jobs.example.com/data",
    ...overrides,
  };
}

async function addInternship(title: string, extra: Partial<InternshipDoc> = {}) {
  const { internships } = await getCollections();
  const _id = new ObjectId();
  const createdAt = extra.createdAt ?? day(1);
  await internships.insertOne({
    _id,
    title,
    domain: "Design",
    company: "Bureau Digital",
    location: "Hybrid - Berlin",
    duration: [60, 90],
    salary: "€800 / month",
    deadline: inDays(10),
    status: "Open",
    urgent: false,
    description: `About ${title}`,
    requirements: ["Figma, Sketch or similar", "English"],
    benefits: ["Mentor"],
    isActive: true,
    applicationLink: "https://jobs.example.com/x",
    createdAt,
    updatedAt: createdAt,
    ...extra,
  });
  return _id.toHexString();
}

const renderInternships = (loaderData: unknown, actionData: unknown) =>
  renderPage(ManageInternships, PAGE, loaderData, actionData);

/** The text of the red line below the form, or null. */
function redLine(html: string): string | null {
  return alertTexts(html)[0] ?? null;
}

async function stored(title: string) {
  const { internships } = await getCollections();
  return internships.findOne({ title });
}

/** The text a redirect carries to the next page. */
async function flashOf(response: Response): Promise<string | null> {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0] as string;
  const read = await readFlash(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return read.message;
}

async function publicPage(search = "") {
  return publicLoader({
    request: new Request(`http://localhost/internships${search}`),
    params: {},
    context: new RouterContextProvider(),
  } as never);
}

describe("parsing", () => {
  it("splits durations on commas into whole days, ascending and each once", () => {
    expect(parseDurationText("30,60")).toEqual([30, 60]);
    expect(parseDurationText("30, 60")).toEqual([30, 60]);
    expect(parseDurationText(" 60 ,30, 30 ")).toEqual([30, 60]);
    // An empty item (a double or trailing comma) is ignored, as in the lists.
    expect(parseDurationText("30,,60,")).toEqual([30, 60]);
    expect(parseDurationText("090")).toEqual([90]);
    expect(parseDurationText("3650")).toEqual([3650]);
  });

  it.each([
    ["abc", M.durationFormat],
    ["30,abc", M.durationFormat],
    ["-5", M.durationFormat],
    ["30.5", M.durationFormat],
    ["1e3", M.durationFormat],
    ["30 60", M.durationFormat],
    ["0", M.durationRange],
    ["30,0", M.durationRange],
    ["3651", M.durationRange],
    [" , ,", M.durationRequired],
    ["1,2,3,4,5,6,7,8,9,10,11", "At most 10 durations."],
  ])("refuses duration %j: %s", (text, message) => {
    expect(parseDurationText(text)).toBe(message);
  });

  it("splits lists on commas into trimmed items, dropping empty ones", () => {
    expect(splitList(" SQL ,Python,, Git , ")).toEqual(["SQL", "Python", "Git"]);
    expect(splitList(" , ")).toEqual([]);
  });

  it("reads a deadline as the end of that day in UTC, and only real dates", () => {
    expect(parseDeadline("2026-12-31")?.toISOString()).toBe("2026-12-31T23:59:59.999Z");
    expect(parseDeadline("2028-02-29")?.toISOString()).toBe("2028-02-29T23:59:59.999Z");
    for (const bad of ["2026-02-30", "2026-13-01", "2027-02-29", "31/12/2026", "tomorrow"]) {
      expect(parseDeadline(bad), bad).toBeNull();
    }
    expect(parseDeadline("1999-12-31")).toBeNull();
    expect(parseDeadline("2101-01-01")).toBeNull();
  });

  it("fills the edit form with lists joined by commas", async () => {
    const id = await addInternship("Filled", { deadline: new Date("2026-12-24T23:59:00Z") });
    const { editing } = await get(`${PAGE}?edit=${id}`);
    expect(internshipFormValues(editing)).toEqual({
      title: "Filled",
      domain: "Design",
      company: "Bureau Digital",
      location: "Hybrid - Berlin",
      duration: "60,90",
      salary: "€800 / month",
      deadline: "2026-12-24",
      status: "Open",
      urgent: false,
      description: "About Filled",
      requirements: "Figma, Sketch or similar, English",
      benefits: "Mentor",
      isActive: true,
      applicationLink: "https://jobs.example.com/x",
    });
  });

  it("joins errors with commas for the red line", () => {
    expect(joinErrors(["Title is required.", "Salary is required."])).toBe(
      "Title is required, Salary is required.",
    );
    expect(joinErrors(["A.", "A."])).toBe("A.");
    expect(joinErrors([])).toBe("");
    // The SPEC's generic failure stands as written, as on delete and toggle.
    expect(joinErrors([INTERNSHIP_ERROR])).toBe("An error occurred");
  });
});

describe("the internship list", () => {
  it("shows every internship, active or not, newest first, with the stored fields", async () => {
    await addInternship("Old", { createdAt: day(1) });
    await addInternship("Hidden", { createdAt: day(3), isActive: false });
    await addInternship("Middle", { createdAt: day(2) });
    const data = await get(PAGE);
    expect(data.items.map((i: { title: string }) => i.title)).toEqual(["Hidden", "Middle", "Old"]);
    expect(data.items[0]).toMatchObject({
      isActive: false,
      duration: [60, 90],
      requirements: ["Figma, Sketch or similar", "English"],
      deadlinePassed: false,
      updatedBy: null,
    });
    expect(data).toMatchObject({ total: 3, page: 1, pages: 1, editing: null, deleting: null });
  });

  it("marks a passed deadline", async () => {
    await addInternship("Late", { deadline: inDays(-1) });
    expect((await get(PAGE)).items[0].deadlinePassed).toBe(true);
  });

  it("says so when empty", async () => {
    expect(await get(PAGE)).toMatchObject({ items: [], total: 0 });
  });

  it("searches title, domain, company, location and description, metacharacters literally", async () => {
    await addInternship("Growth (SEO) Intern", { createdAt: day(1), domain: "Marketing" });
    await addInternship("Finance Intern", { createdAt: day(2), domain: "Finance" });
    await addInternship("Remote Intern", { createdAt: day(3), location: "Remote - Europe" });
    expect((await get(`${PAGE}?q=(seo)`)).items.map((i: { title: string }) => i.title)).toEqual([
      "Growth (SEO) Intern",
    ]);
    expect((await get(`${PAGE}?q=marketing`)).total).toBe(1);
    expect((await get(`${PAGE}?q=europe`)).total).toBe(1);
    expect((await get(`${PAGE}?q=about finance`)).total).toBe(1);
    expect((await get(`${PAGE}?q=.*`)).total).toBe(0);
  });

  it("pages by ten; a page past the end shows the last", async () => {
    for (let i = 1; i <= 12; i++) await addInternship(`Intern ${i}`, { createdAt: day(i) });
    expect(await get(PAGE)).toMatchObject({ total: 12, pages: 2, page: 1 });
    const last = await get(`${PAGE}?page=7`);
    expect(last.page).toBe(2);
    expect(last.items.map((i: { title: string }) => i.title)).toEqual(["Intern 2", "Intern 1"]);
  });

  it("opens an internship for editing (?edit) and for the delete step (?delete)", async () => {
    const id = await addInternship("Pick me");
    expect((await get(`${PAGE}?edit=${id}`)).editing).toMatchObject({ _id: id, title: "Pick me" });
    expect((await get(`${PAGE}?delete=${id}`)).deleting).toMatchObject({ _id: id });
  });

  it("answers 404 for a malformed or unknown id to edit or delete", async () => {
    for (const query of [
      "edit=nope",
      `edit=${MISSING}`,
      "edit=",
      `delete=${MISSING}`,
      "delete=1",
    ]) {
      const outcome = await get(`${PAGE}?${query}`);
      expect(statusOf(outcome), query).toBe(404);
      expect(outcome.data).toBe(texts.notFound);
    }
  });

  it("is only for signed-in admins", async () => {
    const outcome = await callRoute(loader, PAGE);
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("adding an internship", () => {
  it("stores the parsed values, stamped, and redirects to the list with the SPEC's text", async () => {
    const response = await post(
      valid({
        title: "  Data Intern ",
        duration: "60, 30",
        requirements: " SQL ,, Python , ",
        benefits: "Mentor,Laptop",
        urgent: "on",
        status: "Pending",
      }),
      `${PAGE}?q=x&page=2`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}#internship-result`);
    expect(await flashOf(response)).toBe(texts.created);
    const doc = await stored("Data Intern");
    expect(doc).toMatchObject({
      domain: "Tech",
      duration: [30, 60],
      requirements: ["SQL", "Python"],
      benefits: ["Mentor", "Laptop"],
      status: "Pending",
      urgent: true,
      isActive: true,
      applicationLink: "https://jobs.example.com/data",
      updatedBy: "editor@bureau.test",
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(doc?.deadline.toISOString()).toBe(`${dateField(inDays(20))}T23:59:59.999Z`);
  });

  it("defaults: status Open, Urgent off; Active off only when unticked", async () => {
    const { status: _s, isActive: _a, ...noDefaults } = valid({ title: "Defaults" });
    expect((await post(noDefaults)).status).toBe(302);
    expect(await stored("Defaults")).toMatchObject({
      status: "Open",
      urgent: false,
      isActive: false,
    });
    // The form itself opens with Active ticked (a new internship is active by default).
    const emptyForm = await post(valid({ title: "Ticked", status: "" }));
    expect(emptyForm.status).toBe(302);
    expect(await stored("Ticked")).toMatchObject({ status: "Open", isActive: true });
  });

  const required: [string, string][] = [
    ["title", M.title],
    ["domain", M.domainRequired],
    ["company", M.company],
    ["location", M.location],
    ["duration", M.durationRequired],
    ["salary", M.salary],
    ["deadline", M.deadlineRequired],
    ["description", M.description],
    ["requirements", M.requirements],
    ["benefits", M.benefits],
    ["applicationLink", M.linkRequired],
  ];

  it.each(required)("requires %s: '%s'", async (field, message) => {
    for (const value of ["", "   "]) {
      const outcome = await post(valid({ [field]: value }));
      expect(statusOf(outcome), JSON.stringify(value)).toBe(400);
      expect(outcome.data.result.error).toEqual({ [field]: [message] });
    }
    const { [field]: _gone, ...without } = valid();
    expect((await post(without)).data.result.error).toEqual({ [field]: [message] });
    const { internships } = await getCollections();
    expect(await internships.countDocuments({})).toBe(0);
  });

  it("reports every missing field at once", async () => {
    const outcome = await post({ intent: "save" });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual(
      Object.fromEntries(required.map(([field, message]) => [field, [message]])),
    );
  });

  it.each([
    [{ domain: "Sales" }, { domain: [M.domainInvalid] }],
    [{ domain: "tech" }, { domain: [M.domainInvalid] }],
    [{ status: "Archived" }, { status: [M.status] }],
    [{ duration: "abc" }, { duration: [M.durationFormat] }],
    [{ duration: "0" }, { duration: [M.durationRange] }],
    [{ duration: "-30" }, { duration: [M.durationFormat] }],
    [{ duration: "30,,-1" }, { duration: [M.durationFormat] }],
    [{ duration: " , " }, { duration: [M.durationRequired] }],
    [{ deadline: "2026-02-30" }, { deadline: [M.deadlineInvalid] }],
    [{ deadline: "next week" }, { deadline: [M.deadlineInvalid] }],
    [{ requirements: " , ," }, { requirements: [M.requirements] }],
    [{ benefits: "," }, { benefits: [M.benefits] }],
    [{ applicationLink: "javascript:alert(1)" }, { applicationLink: [M.linkInvalid] }],
    [{ applicationLink: "ftp://files.example.com/apply" }, { applicationLink: [M.linkInvalid] }],
    [{ applicationLink: "mailto:jobs@example.com" }, { applicationLink: [M.linkInvalid] }],
    [{ applicationLink: "/internships" }, { applicationLink: [M.linkInvalid] }],
    [{ applicationLink: "jobs.example.com" }, { applicationLink: [M.linkInvalid] }],
    [{ applicationLink: "https://" }, { applicationLink: [M.linkInvalid] }],
    [
      { title: "x".repeat(INTERNSHIP_LIMITS.title + 1) },
      { title: [`The title can be at most ${INTERNSHIP_LIMITS.title} characters long.`] },
    ],
    [
      { company: "x".repeat(INTERNSHIP_LIMITS.company + 1) },
      {
        company: [`The company name can be at most ${INTERNSHIP_LIMITS.company} characters long.`],
      },
    ],
    [
      { location: "x".repeat(INTERNSHIP_LIMITS.location + 1) },
      { location: [`The location can be at most ${INTERNSHIP_LIMITS.location} characters long.`] },
    ],
    [
      { duration: `30${",30".repeat(100)}` },
      { duration: ["The duration can be at most 200 characters long."] },
    ],
    [
      { applicationLink: `https://jobs.example.com/${"x".repeat(INTERNSHIP_LIMITS.link)}` },
      {
        applicationLink: [
          `The application link can be at most ${INTERNSHIP_LIMITS.link} characters long.`,
        ],
      },
    ],
    [
      { salary: "x".repeat(INTERNSHIP_LIMITS.salary + 1) },
      { salary: [`The salary can be at most ${INTERNSHIP_LIMITS.salary} characters long.`] },
    ],
    [
      { description: "x".repeat(INTERNSHIP_LIMITS.description + 1) },
      {
        description: [
          `The description can be at most ${INTERNSHIP_LIMITS.description} characters long.`,
        ],
      },
    ],
    [
      { requirements: Array.from({ length: 31 }, (_, i) => `r${i}`).join(",") },
      { requirements: ["At most 30 requirements."] },
    ],
    [
      { benefits: `ok, ${"b".repeat(INTERNSHIP_LIMITS.item + 1)}` },
      {
        benefits: [
          `Each of the benefits can be at most ${INTERNSHIP_LIMITS.item} characters long.`,
        ],
      },
    ],
  ])("refuses %j with 400 and the message beside the field", async (fields, errors) => {
    const outcome = await post(valid(fields));
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual(errors);
    // What was typed comes back, so the form keeps it.
    expect(outcome.data.result.initialValue).toMatchObject(fields);
  });

  it("accepts http and https links", async () => {
    expect((await post(valid({ title: "A", applicationLink: "http://a.example/x" }))).status).toBe(
      302,
    );
    expect(
      (await post(valid({ title: "B", applicationLink: " https://b.example/?q=1#top " }))).status,
    ).toBe(302);
    expect((await stored("B"))?.applicationLink).toBe("https://b.example/?q=1#top");
  });

  it("says 'An error occurred' when the write fails, keeping what was typed", async () => {
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post(valid({ title: "Kept" }));
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.result.error).toEqual({ "": [INTERNSHIP_ERROR] });
    expect(outcome.data.result.initialValue).toMatchObject({ title: "Kept" });
    expect(JSON.stringify(outcome.data)).not.toContain("secret driver detail");
    // The red line below the form says exactly the SPEC's words.
    const html = renderInternships(await get(PAGE), outcome.data);
    expect(redLine(html)).toBe("An error occurred");
    expect(html).toContain('value="Kept"');
  });

  it("refuses an unknown intent with 400", async () => {
    const outcome = await post({ intent: "explode", id: MISSING });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.listError).toBe("Unknown action.");
  });

  it("is refused without a session, and nothing is stored", async () => {
    const outcome = await callRoute(action, PAGE, { fields: valid() });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login/);
    const { internships } = await getCollections();
    expect(await internships.countDocuments({})).toBe(0);
  });

  it("shows on the public page and in the dashboard count", async () => {
    const before = await getDashboardCounts();
    await post(valid({ title: "Public Data Intern" }));
    const page = await publicPage("?q=Public%20Data");
    expect(page.internships).toHaveLength(1);
    expect(page.internships[0]).toMatchObject({
      title: "Public Data Intern",
      status: "Open",
      isOpen: true,
      duration: [30, 60],
    });
    expect(page.openCount).toBe(1);
    const after = await getDashboardCounts();
    expect(after.internshipCount).toBe(before.internshipCount + 1);
  });

  it("an internship whose deadline has passed shows as Closed publicly, by itself", async () => {
    await post(valid({ title: "Yesterday", deadline: dateField(inDays(-1)) }));
    const page = await publicPage("?q=Yesterday");
    expect(page.internships[0]).toMatchObject({ status: "Closed", isOpen: false });
    expect(page.openCount).toBe(0);
    // Stored as the admin chose it: reopening only needs a later deadline.
    expect((await stored("Yesterday"))?.status).toBe("Open");
  });
});

describe("editing an internship", () => {
  it("updates it, stamps the admin, keeps createdAt, returns to the list page", async () => {
    const id = await addInternship("Before");
    const response = await post(
      valid({ id, title: "After", duration: "90", status: "Closed" }),
      `${PAGE}?q=fore&page=1&edit=${id}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=fore#internship-result`);
    expect(await flashOf(response)).toBe(texts.updated);
    const doc = await stored("After");
    expect(doc).toMatchObject({
      duration: [90],
      status: "Closed",
      createdAt: day(1),
      updatedBy: "editor@bureau.test",
    });
    expect(doc?._id.toHexString()).toBe(id);
    expect(doc?.updatedAt.getTime()).toBeGreaterThan(day(1).getTime());
  });

  it("keeps list items holding commas when their field was left as shown", async () => {
    const id = await addInternship("Commas");
    const { editing } = await get(`${PAGE}?edit=${id}`);
    const form = internshipFormValues(editing) as Record<string, unknown>;
    await post(
      valid({
        id,
        title: "Commas",
        requirements: form.requirements as string,
        benefits: "Mentor, Snacks",
      }),
    );
    expect(await stored("Commas")).toMatchObject({
      requirements: ["Figma, Sketch or similar", "English"],
      benefits: ["Mentor", "Snacks"],
    });
  });

  it("validates like adding", async () => {
    const id = await addInternship("Before");
    const outcome = await post(valid({ id, applicationLink: "javascript:alert(1)" }));
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual({ applicationLink: [M.linkInvalid] });
    expect(await stored("Before")).not.toBeNull();
  });

  it("answers 404 for a malformed or unknown id, and changes nothing", async () => {
    await addInternship("Untouched");
    for (const id of ["nope", MISSING, "0123456789abcdef0123456z"]) {
      expect(statusOf(await post(valid({ id, title: "Changed" }))), id).toBe(404);
    }
    expect(await stored("Changed")).toBeNull();
  });
});

describe("toggling Active", () => {
  it("flips it with a POST and redirects back with the SPEC's text (no JavaScript)", async () => {
    const id = await addInternship("Flip");
    const response = await post({ intent: "toggle", id }, `${PAGE}?q=fl&edit=${id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=fl#internship-result`);
    expect(await flashOf(response)).toBe(INTERNSHIP_TOGGLED);
    expect(await stored("Flip")).toMatchObject({
      isActive: false,
      updatedBy: "editor@bureau.test",
    });
    expect((await publicPage("?q=Flip")).internships).toHaveLength(0);
    await post({ intent: "toggle", id });
    expect((await stored("Flip"))?.isActive).toBe(true);
    expect((await publicPage("?q=Flip")).internships).toHaveLength(1);
  });

  it("answers the fetcher with the updated record instead of a redirect", async () => {
    const id = await addInternship("Fetched");
    const outcome = await post({ intent: "toggle", id, respond: "data" });
    expect(statusOf(outcome)).toBe(200);
    expect(outcome.data).toMatchObject({
      message: INTERNSHIP_TOGGLED,
      toggled: { _id: id, title: "Fetched", isActive: false },
    });
  });

  it("answers 404 for a malformed, unknown or missing id", async () => {
    for (const fields of [{ id: "nope" }, { id: MISSING }, {}] as Record<string, string>[]) {
      expect(statusOf(await post({ intent: "toggle", ...fields }))).toBe(404);
    }
  });

  it("says 'An error occurred' when the write fails", async () => {
    const id = await addInternship("Stuck");
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ intent: "toggle", id, respond: "data" });
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.listError).toBe(INTERNSHIP_ERROR);
    expect((await stored("Stuck"))?.isActive).toBe(true);
    // Without JavaScript (the same answer as the page's action data).
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const plain = await post({ intent: "toggle", id });
    quiet.mockRestore();
    expect(redLine(renderInternships(await get(PAGE), plain.data))).toBe("An error occurred");
  });

  it("answers a fetcher's toggle of a deleted internship with data: the red line, not an error page", async () => {
    const outcome = await post({ intent: "toggle", id: MISSING, respond: "data" });
    expect(statusOf(outcome)).toBe(404);
    expect(outcome).not.toBeInstanceOf(Response);
    expect(outcome.data).toMatchObject({ listError: texts.notFound });
    expect(redLine(renderInternships(await get(PAGE), outcome.data))).toBe(texts.notFound);
  });

  it("is refused without a session", async () => {
    const id = await addInternship("Stays");
    const outcome = await callRoute(action, PAGE, { fields: { intent: "toggle", id } });
    expect(outcome.status).toBe(302);
    expect((await stored("Stays"))?.isActive).toBe(true);
  });
});

describe("deleting an internship", () => {
  it("sends it to the trash with a POST and returns to the same list page", async () => {
    const id = await addInternship("Doomed");
    const keep = await addInternship("Kept");
    const response = await post({ intent: "delete", id }, `${PAGE}?q=o&delete=${id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=o#internship-result`);
    expect(await flashOf(response)).toBe(texts.trashed);
    const { internships } = await getCollections();
    const live = await internships.find({ deletedAt: { $exists: false } }).toArray();
    expect(live.map((i) => i._id.toHexString())).toEqual([keep]);
    expect((await publicPage("?q=Doomed")).internships).toHaveLength(0);
  });

  it("answers 404 for a malformed, unknown or missing id", async () => {
    await addInternship("Stays");
    for (const fields of [{ id: "nope" }, { id: MISSING }, {}] as Record<string, string>[]) {
      expect(statusOf(await post({ intent: "delete", ...fields }))).toBe(404);
    }
    const { internships } = await getCollections();
    expect(await internships.countDocuments({})).toBe(1);
  });

  it("says 'An error occurred' when the delete fails", async () => {
    const id = await addInternship("Stays");
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ intent: "delete", id });
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.listError).toBe(INTERNSHIP_ERROR);
    expect(redLine(renderInternships(await get(PAGE), outcome.data))).toBe("An error occurred");
  });

  it("is refused without a session, and nothing is deleted", async () => {
    const id = await addInternship("Stays");
    const outcome = await callRoute(action, PAGE, { fields: { intent: "delete", id } });
    expect(outcome.status).toBe(302);
    const { internships } = await getCollections();
    expect(await internships.countDocuments({})).toBe(1);
  });
});

describe("the trash (the kit's, on the internships' own screen)", () => {
  it("lists a deleted internship on ?trash with Restore and Delete forever; Restore puts it back on the site", async () => {
    const id = await addInternship("Binned");
    await post({ intent: "delete", id });
    expect((await publicPage("?q=Binned")).internships).toHaveLength(0);
    // Not toggled while in the trash.
    expect(statusOf(await post({ intent: "toggle", id }))).toBe(404);
    const list = await get(PAGE);
    expect(renderInternships(list, undefined)).toContain("Trash (1)");
    const trash = await get(`${PAGE}?trash`);
    expect(trash.trash.items).toMatchObject([{ _id: id, subject: "Binned", deletedBy: me.email }]);
    const html = renderInternships(trash, undefined);
    for (const text of ["Deleted internships", "Binned", "Restore", "Delete forever"]) {
      expect(html).toContain(text);
    }
    // The editor and the table are not drawn over the trash.
    expect(html).not.toContain("All Internships");

    const restored = await post({ intent: "restore", id }, `${PAGE}?trash`);
    expect(restored.headers.get("Location")).toBe(`${PAGE}?trash`);
    expect(await flashOf(restored)).toBe("Internship restored.");
    expect((await publicPage("?q=Binned")).internships).toHaveLength(1);

    await post({ intent: "delete", id });
    const purged = await post({ intent: "purge", id }, `${PAGE}?trash&purge=${id}`);
    expect(await flashOf(purged)).toBe("Internship deleted forever.");
    const { internships } = await getCollections();
    expect(await internships.countDocuments({})).toBe(0);
  });
});

describe("Mark active / Mark inactive on the ticked rows", () => {
  const audited = async () =>
    (await getCollections()).auditLog.find({ entity: "internship" }, { sort: { at: 1 } }).toArray();
  const bulk = (post: BulkPost, path = PAGE) => postBulk(action, path, me.cookie, post);
  beforeEach(async () => {
    await (await getCollections()).auditLog.deleteMany({});
  });

  it("asks once, then sets each one, auditing only a change, and lands on the result line", async () => {
    const on = await addInternship("Live one");
    const off = await addInternship("Already off", { isActive: false });
    const step = await bulk({ action: "inactive", ids: [on, off] });
    expect(statusOf(step)).toBe(200);
    expect(step.data.bulk.confirm).toEqual({
      action: "inactive",
      to: "",
      ids: [on, off],
      subjects: ["Live one", "Already off"],
    });
    expect((await stored("Live one"))?.isActive).toBe(true);

    const response = await bulk(
      { action: "inactive", ids: [on, off], confirmed: true },
      `${PAGE}?q=o`,
    );
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=o#internship-result`);
    expect(await flashOf(response)).toBe("2 internships marked inactive.");
    expect(await stored("Live one")).toMatchObject({ isActive: false, updatedBy: me.email });
    expect(await stored("Already off")).toMatchObject({ isActive: false });
    expect((await stored("Already off"))?.updatedBy).toBeUndefined();
    expect((await audited()).map((e) => [e.action, e.entityId, e.summary])).toEqual([
      ["toggle", on, "Live one: inactive"],
    ]);
    expect((await publicPage("?q=Live")).internships).toHaveLength(0);

    await bulk({ action: "active", ids: [on, off], confirmed: true });
    expect((await publicPage("?q=one")).internships).toHaveLength(1);
    expect((await stored("Already off"))?.isActive).toBe(true);
  });
});
