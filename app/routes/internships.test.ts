import { ObjectId } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import type { InternshipDoc } from "#db/collections";
import { MAX_SAVED_INTERNSHIPS } from "~/lib/saved-internships.server";
import { renderRoute } from "../../tests/support/render-route";
import Internships, { action, loader, meta } from "./internships";

afterAll(closeDatabase);

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

function internship(over: Partial<InternshipDoc> & Pick<InternshipDoc, "title">): InternshipDoc {
  return {
    _id: new ObjectId(),
    domain: "Tech",
    company: "Acme Studio",
    location: "Remote",
    duration: [90],
    salary: "€1,000 / month",
    deadline: new Date(now + 10 * DAY),
    status: "Open",
    urgent: false,
    description: "A plain description.",
    requirements: ["Curiosity"],
    benefits: ["Mentoring"],
    isActive: true,
    applicationLink: "https://jobs.example.com/apply",
    createdAt: new Date(now - 5 * DAY),
    updatedAt: new Date(now - 5 * DAY),
    ...over,
  };
}

// Upcoming deadlines: A +5, C +12, B +20, D +30, G +40; E passed; F inactive.
const A = internship({
  title: "Alpha Frontend Intern",
  location: "Hybrid - Berlin",
  duration: [180, 90],
  deadline: new Date(now + 5 * DAY),
  urgent: true,
});
const B = internship({
  title: "beta Design Intern",
  domain: "Design",
  location: "Remote",
  duration: [60, 30],
  deadline: new Date(now + 20 * DAY),
  description: "Figma and user research.",
});
const C = internship({
  title: "Gamma (C++) Analyst",
  domain: "Finance",
  location: "On-site - Lisbon",
  duration: [60],
  deadline: new Date(now + 12 * DAY),
  description: "Spreadsheets and reporting.",
  applicationLink: "",
});
const D = internship({
  title: "Delta Marketing Intern",
  domain: "Marketing",
  location: "Remote",
  duration: [45],
  deadline: new Date(now + 30 * DAY),
  status: "Pending",
});
const E = internship({
  title: "Epsilon People Intern",
  domain: "HR",
  location: "On-site - Berlin",
  duration: [120],
  deadline: new Date(now - 3 * DAY),
  status: "Open",
});
const F = internship({
  title: "Zeta Hidden Intern",
  location: "Remote",
  duration: [30],
  deadline: new Date(now + 1 * DAY),
  isActive: false,
});
const G = internship({
  title: "Eta Closed Intern",
  domain: "Marketing",
  location: "Hybrid - Lisbon",
  duration: [90],
  deadline: new Date(now + 40 * DAY),
  status: "Closed",
});
const id = (d: InternshipDoc) => d._id.toHexString();

beforeAll(async () => {
  const { internships, faqs } = await getCollections();
  await internships.deleteMany({});
  await faqs.deleteMany({});
  await internships.insertMany([A, B, C, D, E, F, G]);
  await faqs.insertOne({
    _id: new ObjectId(),
    question: "Who can apply?",
    answer: "Students.",
    createdAt: new Date(),
    updatedAt: new Date(),
  });
});

async function load(search = "", cookie?: string) {
  const request = new Request(`http://localhost/internships${search}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  // biome-ignore lint/suspicious/noExplicitAny: the loader reads only the request.
  return loader({ request, params: {}, context: {} } as any);
}

const titles = (result: Awaited<ReturnType<typeof load>>) => result.internships.map((i) => i.title);

/** Every page of a query, in order. */
async function allTitles(search: string) {
  const first = await load(search);
  const out = titles(first);
  const join = search ? "&" : "?";
  for (let page = 2; page <= first.pages; page++) {
    out.push(...titles(await load(`${search}${join}page=${page}`)));
  }
  return out;
}

describe("internships loader", () => {
  it("lists active internships only, three per page, deadline soonest first by default", async () => {
    const result = await load();
    expect(result.total).toBe(6);
    expect(result.pages).toBe(2);
    expect(result.page).toBe(1);
    expect(titles(result)).toEqual([A.title, C.title, B.title]);
    expect(await allTitles("")).not.toContain(F.title);
  });

  it("sorts by deadline with passed deadlines after the upcoming ones", async () => {
    expect(await allTitles("?sort=deadline")).toEqual([
      A.title,
      C.title,
      B.title,
      D.title,
      G.title,
      E.title,
    ]);
  });

  it("sorts by duration, short to long, by the shortest duration offered", async () => {
    // B 30, D 45, C 60, A 90 (deadline +5) before G 90 (+40), E 120.
    expect(await allTitles("?sort=duration")).toEqual([
      B.title,
      D.title,
      C.title,
      A.title,
      G.title,
      E.title,
    ]);
  });

  it("sorts by title A-Z regardless of case", async () => {
    expect(await allTitles("?sort=title")).toEqual([
      A.title,
      B.title,
      D.title,
      E.title,
      G.title,
      C.title,
    ]);
  });

  it("searches title and description, case-insensitively", async () => {
    expect(titles(await load("?q=DESIGN"))).toEqual([B.title]);
    expect(titles(await load("?q=spreadsheets"))).toEqual([C.title]);
    expect(titles(await load("?q=%20%20figma%20"))).toEqual([B.title]);
  });

  it("treats regular-expression characters in the search literally", async () => {
    expect(titles(await load("?q=c%2B%2B"))).toEqual([C.title]);
    expect(titles(await load("?q=(C%2B%2B)"))).toEqual([C.title]);
    expect((await load("?q=.*")).total).toBe(0);
    expect((await load("?q=%5B")).total).toBe(0);
  });

  it("filters by domain (exact)", async () => {
    expect(await allTitles("?domain=Marketing")).toEqual([D.title, G.title]);
    expect(titles(await load("?domain=HR"))).toEqual([E.title]);
  });

  it("filters by location (substring)", async () => {
    expect(await allTitles("?location=Hybrid")).toEqual([A.title, G.title]);
    expect(await allTitles("?location=On-site")).toEqual([C.title, E.title]);
    expect(await allTitles("?location=Remote")).toEqual([B.title, D.title]);
  });

  it("filters by duration (inclusion)", async () => {
    expect(await allTitles("?duration=90")).toEqual([A.title, G.title]);
    expect(await allTitles("?duration=60")).toEqual([C.title, B.title]);
    expect((await load("?duration=7")).total).toBe(0);
  });

  it("combines filters, search and sort", async () => {
    const result = await load("?domain=Marketing&location=Remote&q=delta&sort=title");
    expect(titles(result)).toEqual([D.title]);
  });

  it("offers the durations public internships have", async () => {
    expect((await load()).durations).toEqual([30, 45, 60, 90, 120, 180]);
  });

  it("pages by three and clamps a page past the end to the last page", async () => {
    expect(titles(await load("?page=2"))).toEqual([D.title, G.title, E.title]);
    const past = await load("?page=99");
    expect(past.page).toBe(2);
    expect(past.query.page).toBe(2);
    expect(titles(past)).toEqual([D.title, G.title, E.title]);
    const filtered = await load("?domain=HR&page=3");
    expect(filtered.page).toBe(1);
    expect(filtered.pages).toBe(1);
  });

  it("ignores invalid values instead of failing", async () => {
    const result = await load(
      "?domain=Space&location=Moon&duration=abc&sort=price&page=-2&saved=maybe&q=",
    );
    expect(result.query).toMatchObject({
      q: "",
      domain: undefined,
      location: undefined,
      duration: undefined,
      saved: false,
      sort: "deadline",
      page: 1,
    });
    expect(titles(result)).toEqual([A.title, C.title, B.title]);
    expect((await load("?page=1e3&duration=0&domain=tech")).total).toBe(6);
  });

  it("shows only the saved internships with saved-only, read from the cookie", async () => {
    const cookie = `savedInternships=${id(B)}.${id(F)}.not-an-id.${id(E)}`;
    const result = await load("?saved=1", cookie);
    expect(titles(result)).toEqual([B.title, E.title]);
    expect(result.savedIds).toEqual([id(B), id(F), id(E)]);
    // The inactive one is not counted.
    expect(result.savedCount).toBe(2);
    // Without the filter, saved-only does not narrow the list.
    expect((await load("", cookie)).total).toBe(6);
  });

  it("shows nothing for saved-only without a cookie", async () => {
    const result = await load("?saved=1");
    expect(result.total).toBe(0);
    expect(result.internships).toEqual([]);
    expect(result.pages).toBe(1);
  });

  it("counts open positions: active, status Open and the deadline not passed", async () => {
    expect((await load()).openCount).toBe(3);
  });

  it("links each domain with openings from the Hiring now panel, and no domain without", async () => {
    const data = await load();
    const html = renderRoute(Internships, data);
    const panel = html.slice(
      html.indexOf('id="hiring-now"'),
      html.indexOf("</section>", html.indexOf('id="hiring-now"')),
    );
    const none = data.openByDomain.filter((d) => d.open === 0);
    const some = data.openByDomain.filter((d) => d.open > 0);
    expect(none.length).toBeGreaterThan(0);
    expect(some.length).toBeGreaterThan(0);
    for (const { domain } of some)
      expect(panel).toContain(`href="/internships?domain=${domain}#results"`);
    for (const { domain } of none) {
      expect(panel).not.toContain(`domain=${domain}#results`);
      expect(panel).toMatch(new RegExp(`${domain}</span><span[^>]*>No openings right now`));
    }
  });

  it("shows an internship whose deadline has passed as Closed, not open", async () => {
    const result = await load("?domain=HR");
    expect(result.internships[0]).toMatchObject({
      title: E.title,
      status: "Closed",
      isOpen: false,
    });
    const [alpha] = (await load()).internships;
    expect(alpha).toMatchObject({ title: A.title, status: "Open", isOpen: true, urgent: true });
    expect(alpha?.duration).toEqual([90, 180]);
    const pending = await load("?q=delta");
    expect(pending.internships[0]).toMatchObject({ status: "Pending", isOpen: false });
  });

  it("reads the FAQ", async () => {
    expect((await load()).faqs).toEqual([
      expect.objectContaining({ question: "Who can apply?", answer: "Students." }),
    ]);
  });
});

describe("internships meta", () => {
  const matches = [
    { id: "root" },
    {
      id: "routes/site-layout",
      loaderData: { siteUrl: "https://bureau.example", site: { brandName: "Bureau Digital" } },
    },
  ];
  const run = async (search: string) => {
    const data = await load(search);
    // biome-ignore lint/suspicious/noExplicitAny: only data and matches are read.
    return meta({ data, matches, loaderData: data } as any);
  };
  const canonical = (tags: Awaited<ReturnType<typeof run>>) =>
    tags.find((t) => "rel" in t && t.rel === "canonical") as { href: string };

  it("titles the page 'Career at {brand}' and points to /internships", async () => {
    const tags = await run("");
    expect(tags).toContainEqual({ title: "Career at Bureau Digital" });
    expect(canonical(tags).href).toBe("https://bureau.example/internships");
  });

  it("keeps ?page=N in the canonical URL of later pages of the plain list", async () => {
    expect(canonical(await run("?page=2")).href).toBe("https://bureau.example/internships?page=2");
    expect(canonical(await run("?page=1")).href).toBe("https://bureau.example/internships");
    expect(canonical(await run("?page=99")).href).toBe("https://bureau.example/internships?page=2");
    expect(canonical(await run("?domain=Marketing&page=2")).href).toBe(
      "https://bureau.example/internships",
    );
  });
});

// ---------------------------------------------------------------------------------------

type ActionResult = Awaited<ReturnType<typeof action>>;

async function post(
  fields: Record<string, string>,
  {
    search = "",
    cookie,
    headers = {},
  }: { search?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; location: string | null; setCookie: string | null; body: unknown }> {
  const request = new Request(`http://localhost/internships${search}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
  // biome-ignore lint/suspicious/noExplicitAny: the action reads only the request.
  const result: ActionResult = await action({ request, params: {}, context: {} } as any);
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("Location"),
      setCookie: result.headers.get("Set-Cookie"),
      body: null,
    };
  }
  const init = (result as { init?: ResponseInit }).init;
  return {
    status: init?.status ?? 200,
    location: null,
    setCookie: new Headers(init?.headers).get("Set-Cookie"),
    body: (result as { data: unknown }).data,
  };
}

const cookieIds = (setCookie: string | null) => {
  const value = /^savedInternships=([^;]*)/.exec(setCookie ?? "")?.[1] ?? "";
  return value ? value.split(".") : [];
};

describe("internships action (save)", () => {
  it("saves without JavaScript: sets the cookie and redirects back to the same list", async () => {
    const result = await post(
      { intent: "toggle-save", id: id(B) },
      { search: "?domain=Design&page=1&sort=title" },
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/internships?domain=Design&sort=title#internship-${id(B)}`);
    expect(cookieIds(result.setCookie)).toEqual([id(B)]);
    expect(result.setCookie).toMatch(/Path=\//);
    expect(result.setCookie).toMatch(/SameSite=Lax/);
    expect(result.setCookie).toMatch(/Max-Age=31536000/);
  });

  it("toggles: a saved internship is removed, the others stay", async () => {
    const cookie = `savedInternships=${id(A)}.${id(B)}`;
    const removed = await post({ intent: "toggle-save", id: id(A) }, { cookie });
    expect(cookieIds(removed.setCookie)).toEqual([id(B)]);
    const added = await post({ intent: "toggle-save", id: id(C) }, { cookie });
    expect(cookieIds(added.setCookie)).toEqual([id(A), id(B), id(C)]);
  });

  it("deletes the cookie when the last saved internship is removed", async () => {
    const result = await post(
      { intent: "toggle-save", id: id(A) },
      { cookie: `savedInternships=${id(A)}` },
    );
    expect(result.setCookie).toMatch(/^savedInternships=;/);
    expect(result.setCookie).toMatch(/Max-Age=0/);
  });

  it("applies the state asked for (save=1|0), so a repeated click cannot invert it", async () => {
    const cookie = `savedInternships=${id(A)}`;
    expect(
      cookieIds(
        (await post({ intent: "toggle-save", id: id(A), save: "1" }, { cookie })).setCookie,
      ),
    ).toEqual([id(A)]);
    expect(
      cookieIds(
        (await post({ intent: "toggle-save", id: id(B), save: "0" }, { cookie })).setCookie,
      ),
    ).toEqual([id(A)]);
  });

  it("answers a fetcher (enhanced=1) with data instead of a redirect", async () => {
    const result = await post({ intent: "toggle-save", id: id(B), save: "1", enhanced: "1" });
    expect(result.status).toBe(200);
    expect(result.location).toBeNull();
    expect(result.body).toEqual({ id: id(B), saved: true });
    expect(cookieIds(result.setCookie)).toEqual([id(B)]);
  });

  it("keeps at most the cap, forgetting the oldest", async () => {
    const many = Array.from({ length: MAX_SAVED_INTERNSHIPS }, () => new ObjectId().toHexString());
    const result = await post(
      { intent: "toggle-save", id: id(A) },
      { cookie: `savedInternships=${many.join(".")}` },
    );
    const ids = cookieIds(result.setCookie);
    expect(ids).toHaveLength(MAX_SAVED_INTERNSHIPS);
    expect(ids.at(-1)).toBe(id(A));
    expect(ids).not.toContain(many[0]);
  });

  it("redirects only to this page, whatever the query string holds", async () => {
    const result = await post(
      { intent: "toggle-save", id: id(A), redirectTo: "https://evil.example/" },
      { search: "?next=https://evil.example&q=alpha&page=abc" },
    );
    expect(result.location).toBe(`/internships?q=alpha#internship-${id(A)}`);
  });

  it("answers 400 for malformed, unknown or unlisted ids and unknown intents", async () => {
    expect((await post({ intent: "toggle-save", id: "nope" })).status).toBe(400);
    expect((await post({ intent: "toggle-save" })).status).toBe(400);
    expect((await post({ intent: "toggle-save", id: new ObjectId().toHexString() })).status).toBe(
      400,
    );
    expect((await post({ intent: "toggle-save", id: id(F) })).status).toBe(400);
    expect((await post({ intent: "delete", id: id(A) })).status).toBe(400);
    expect((await post({ intent: "toggle-save", id: id(A), save: "2" })).status).toBe(400);
    const bad = await post({ intent: "toggle-save", id: "x" });
    expect(bad.setCookie).toBeNull();
    expect(bad.body).toEqual({ error: expect.any(String) });
  });

  it("answers 405 to methods other than POST", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const request = new Request("http://localhost/internships", {
        method,
        body: new URLSearchParams({ intent: "toggle-save", id: id(A) }),
      });
      // biome-ignore lint/suspicious/noExplicitAny: the action reads only the request.
      const result = (await action({ request, params: {}, context: {} } as any)) as {
        init?: ResponseInit;
      };
      expect(result.init?.status).toBe(405);
      expect(new Headers(result.init?.headers).get("Allow")).toBe("GET, HEAD, POST");
    }
  });

  it("still removes a saved internship that is no longer listed", async () => {
    const result = await post(
      { intent: "toggle-save", id: id(F) },
      { cookie: `savedInternships=${id(F)}.${id(A)}` },
    );
    expect(result.status).toBe(302);
    expect(cookieIds(result.setCookie)).toEqual([id(A)]);
  });

  it("answers 400 to a body that is not a form", async () => {
    const request = new Request("http://localhost/internships", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    // biome-ignore lint/suspicious/noExplicitAny: the action reads only the request.
    const result = await action({ request, params: {}, context: {} } as any);
    expect((result as { init?: ResponseInit }).init?.status).toBe(400);
  });
});
