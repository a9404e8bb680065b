// /api/internships: the list (also at the dashboard's /api/internships/), one
// internship, add, replace, delete and Toggle Active, with the admin form's rules and the
// SPEC's messages. Every write needs the bearer token; the reads are public.
import type { APIRequestContext } from "@playwright/test";
import {
  expect,
  expectFieldError,
  expectRefusal,
  INJECTIONS,
  MALFORMED_IDS,
  send,
  test,
  UNKNOWN_ID,
} from "./fixtures";

const ADDED = "Internship added successfully!";
const UPDATED = "Internship updated successfully!";
const DELETED = "Internship deleted successfully!";
const TOGGLED = "Internship active status toggled successfully!";
const NOT_FOUND = "This internship does not exist (it may have been deleted).";

type Internship = Record<string, unknown> & { _id: string; title: string; isActive: boolean };

let counter = 0;
/** A valid body with a title no other test uses. */
function internshipBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `API intern ${Date.now()}-${counter}`,
    domain: "Design",
    company: "Bureau Studio",
    location: "Hybrid - Berlin",
    duration: [90, 30],
    salary: "€900 / month",
    deadline: "2031-03-15",
    status: "Open",
    urgent: true,
    description: "Design real products with a senior mentor.",
    requirements: ["Figma", "HTML, CSS and JavaScript"],
    benefits: ["Mentoring", "Travel card"],
    isActive: true,
    applicationLink: "https://example.com/apply",
    ...overrides,
  };
}

/** The list as an admin reads it (with a token: inactive ones included). */
async function list(
  request: APIRequestContext,
  headers?: Record<string, string>,
): Promise<Internship[]> {
  const response = await request.get("/api/internships", { headers });
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

async function create(
  request: APIRequestContext,
  auth: Record<string, string>,
  overrides: Record<string, unknown> = {},
): Promise<Internship> {
  const response = await send(request, "post", "/api/internships", internshipBody(overrides), auth);
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}

/** The public listing searched for one title: whether a card shows it (as its heading). */
async function publicListShows(request: APIRequestContext, title: string): Promise<boolean> {
  const response = await request.get(`/internships?q=${encodeURIComponent(title)}`);
  expect(response.status()).toBe(200);
  // The search box repeats the title: only a card's heading counts.
  return (await response.text()).includes(`>${title}</h3>`);
}

test.describe("GET /api/internships", () => {
  test("lists every internship in data, without a token, also at the trailing-slash address", async ({
    request,
  }) => {
    const response = await request.get("/api/internships");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body.success).toBe(true);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    for (const item of body.data) {
      expect(item._id).toMatch(/^[0-9a-f]{24}$/);
      expect(typeof item.title).toBe("string");
      expect(typeof item.company).toBe("string");
      expect(typeof item.urgent).toBe("boolean");
      expect(typeof item.isActive).toBe("boolean");
      expect(Array.isArray(item.duration)).toBe(true);
      expect(Array.isArray(item.requirements)).toBe(true);
      expect(new Date(item.deadline).toISOString()).toBe(item.deadline);
      // Who edited it stays in the admin: this read is public.
      expect(item).not.toHaveProperty("updatedBy");
    }

    // The dashboard reads GET /api/internships/, with the trailing slash.
    const slash = await request.get("/api/internships/");
    expect(slash.status()).toBe(200);
    expect((await slash.json()).data).toEqual(body.data);
  });

  test("with a token it includes inactive internships, newest first (the admin screen toggles them back)", async ({
    request,
    auth,
  }) => {
    const older = await create(request, auth);
    const inactive = await create(request, auth, { isActive: false });
    const ids = (await list(request, auth)).map((i) => i._id);
    expect(ids.slice(0, 2)).toEqual([inactive._id, older._id]);
  });

  test("without a token an inactive internship is absent, as on the public site", async ({
    request,
    auth,
  }) => {
    const inactive = await create(request, auth, { isActive: false });
    const ids = (await list(request)).map((i) => i._id);
    expect(ids).not.toContain(inactive._id);
    expect((await list(request)).every((i) => i.isActive)).toBe(true);
    await expectRefusal(await request.get(`/api/internships/${inactive._id}`), 404);
    const withToken = await request.get(`/api/internships/${inactive._id}`, { headers: auth });
    expect((await withToken.json()).data._id).toBe(inactive._id);
  });
});

test("without a token a passed deadline reads Closed, as on the public site; with one the stored status", async ({
  request,
  auth,
}) => {
  const late = await create(request, auth, { deadline: "2020-01-15", status: "Open" });
  const upcoming = await create(request, auth, { deadline: "2031-03-15", status: "Pending" });
  const anonymous = await list(request);
  expect(anonymous.find((i) => i._id === late._id)?.status).toBe("Closed");
  expect(anonymous.find((i) => i._id === upcoming._id)?.status).toBe("Pending");
  const one = await request.get(`/api/internships/${late._id}`);
  expect((await one.json()).data.status).toBe("Closed");
  // The admin edits what is stored.
  expect((await list(request, auth)).find((i) => i._id === late._id)?.status).toBe("Open");
  const stored = await request.get(`/api/internships/${late._id}`, { headers: auth });
  expect((await stored.json()).data.status).toBe("Open");
});

test.describe("POST /api/internships", () => {
  test("adds one: 201 with the record and the SPEC's message, shown on the public page", async ({
    request,
    auth,
  }) => {
    const body = internshipBody();
    const response = await send(request, "post", "/api/internships", body, auth);
    expect(response.status()).toBe(201);
    const answer = await response.json();
    expect(answer.success).toBe(true);
    expect(answer.message).toBe(ADDED);
    expect(answer.data).toMatchObject({
      title: body.title,
      domain: "Design",
      company: "Bureau Studio",
      location: "Hybrid - Berlin",
      duration: [30, 90],
      salary: "€900 / month",
      deadline: "2031-03-15T23:59:59.999Z",
      status: "Open",
      urgent: true,
      description: body.description,
      // An item holding a comma stays whole.
      requirements: ["Figma", "HTML, CSS and JavaScript"],
      benefits: ["Mentoring", "Travel card"],
      isActive: true,
      applicationLink: "https://example.com/apply",
    });
    expect(answer.data._id).toMatch(/^[0-9a-f]{24}$/);
    expect(typeof answer.data.createdAt).toBe("string");

    const listed = await list(request);
    expect(listed[0]).toEqual(answer.data);
    const one = await request.get(`/api/internships/${answer.data._id}`);
    expect(await one.json()).toEqual({ success: true, data: answer.data });
    expect(await publicListShows(request, body.title)).toBe(true);
  });

  test("applies the SPEC's defaults and reads the form's comma-separated text", async ({
    request,
    auth,
  }) => {
    const { status, urgent, isActive, ...rest } = internshipBody();
    const response = await send(
      request,
      "post",
      "/api/internships",
      { ...rest, duration: "30,60", requirements: "Figma, Git", benefits: "Mentoring" },
      auth,
    );
    expect(response.status()).toBe(201);
    const { data } = await response.json();
    expect(data).toMatchObject({
      status: "Open",
      urgent: false,
      isActive: true,
      duration: [30, 60],
      requirements: ["Figma", "Git"],
      benefits: ["Mentoring"],
    });
  });

  test("needs a valid token: 401 and nothing added", async ({ request }) => {
    const before = await list(request);
    const body = internshipBody();
    await expectRefusal(await send(request, "post", "/api/internships", body), 401);
    await expectRefusal(
      await send(request, "post", "/api/internships", body, { Authorization: "Bearer nope" }),
      401,
    );
    expect(await list(request)).toEqual(before);
  });

  test("an empty body: 400 naming every required field with the form's messages, joined", async ({
    request,
    auth,
  }) => {
    const before = await list(request);
    const response = await send(request, "post", "/api/internships", {}, auth);
    const body = await expectRefusal(response, 400);
    const expected = {
      title: "Title is required.",
      domain: "Domain is required.",
      company: "Company name is required.",
      location: "Location is required.",
      duration: "Duration is required.",
      salary: "Salary is required.",
      deadline: "Deadline is required.",
      description: "Description is required.",
      requirements: "Requirements are required.",
      benefits: "Benefits are required.",
      applicationLink: "Application link is required.",
    };
    expect(Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.msg]))).toEqual(expected);
    // The internship screen shows the list's messages joined by commas.
    expect(body.message).toBe(Object.values(expected).join(", "));
    expect(await list(request)).toEqual(before);
  });

  test("checks each field as the admin form does", async ({ request, auth }) => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { domain: "Sales" },
        "domain",
        "Domain must be one of Marketing, Tech, Design, Finance, HR.",
      ],
      [{ duration: [0] }, "duration", "Each duration must be between 1 and 3650 days."],
      [
        { duration: [30.5] },
        "duration",
        "Duration must be whole numbers of days separated by commas, e.g. 30,60.",
      ],
      [{ duration: [] }, "duration", "Duration is required."],
      [{ deadline: "2031-02-30" }, "deadline", "Deadline must be a valid date."],
      [{ status: "Draft" }, "status", "Status must be one of Open, Closed, Pending."],
      [{ requirements: [" "] }, "requirements", "Requirements are required."],
      [{ benefits: "" }, "benefits", "Benefits are required."],
      [
        { applicationLink: "javascript:alert(1)" },
        "applicationLink",
        "Application link must be a valid http(s) URL.",
      ],
      [{ title: "   " }, "title", "Title is required."],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await send(
        request,
        "post",
        "/api/internships",
        internshipBody(overrides),
        auth,
      );
      expect(await expectFieldError(response, path), JSON.stringify(overrides)).toBe(message);
    }
  });

  test("refuses operators and wrong types in every field type, writing nothing", async ({
    request,
    auth,
  }) => {
    const before = await list(request);
    const fields = [
      "title", // text
      "company",
      "domain", // one of a list
      "status",
      "deadline", // a date
      "applicationLink", // a URL
      "duration", // an array of numbers
      "urgent", // booleans
      "isActive",
    ];
    for (const field of fields) {
      for (const value of INJECTIONS) {
        const response = await send(
          request,
          "post",
          "/api/internships",
          internshipBody({ [field]: value }),
          auth,
        );
        await expectFieldError(response, field);
      }
    }
    // Arrays of texts: an object in place of the list or of an item.
    for (const field of ["requirements", "benefits"]) {
      for (const value of [{ $ne: "" }, { $gt: "" }, [{ $ne: "" }], [["a"]], null]) {
        const response = await send(
          request,
          "post",
          "/api/internships",
          internshipBody({ [field]: value }),
          auth,
        );
        expect((await expectRefusal(response, 400)).errors?.[0]?.path).toMatch(
          new RegExp(`^${field}`),
        );
      }
    }
    // SPEC booleans are booleans: not "yes", not "true", not 1.
    for (const value of ["yes", "true", 1, [false], {}]) {
      const response = await send(
        request,
        "post",
        "/api/internships",
        internshipBody({ urgent: value }),
        auth,
      );
      expect(await expectFieldError(response, "urgent")).toBe("urgent must be true or false.");
    }
    expect(await list(request)).toEqual(before);
  });

  test("refuses a body that is not JSON", async ({ request, auth }) => {
    const response = await request.post("/api/internships", {
      headers: { ...auth, "Content-Type": "text/plain" },
      data: JSON.stringify(internshipBody()),
    });
    await expectRefusal(response, 415);
  });
});

test.describe("GET /api/internships/{id}", () => {
  test("reads one without a token; unknown and malformed ids are 404", async ({
    request,
    auth,
  }) => {
    const created = await create(request, auth);
    const response = await request.get(`/api/internships/${created._id}`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: created });

    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const missing = await expectRefusal(await request.get(`/api/internships/${id}`), 404);
      expect(missing.message).toBe(NOT_FOUND);
    }
  });
});

test.describe("PUT /api/internships/{id}", () => {
  test("replaces it: the record and the SPEC's message; the public page follows", async ({
    request,
    auth,
  }) => {
    const created = await create(request, auth);
    const body = internshipBody({
      domain: "Tech",
      duration: "60",
      urgent: false,
      status: "Pending",
      requirements: ["Git"],
    });
    const response = await send(request, "put", `/api/internships/${created._id}`, body, auth);
    expect(response.status()).toBe(200);
    const answer = await response.json();
    expect(answer.success).toBe(true);
    expect(answer.message).toBe(UPDATED);
    expect(answer.data).toMatchObject({
      _id: created._id,
      title: body.title,
      domain: "Tech",
      duration: [60],
      status: "Pending",
      urgent: false,
      requirements: ["Git"],
      createdAt: created.createdAt,
    });
    expect((await list(request, auth)).find((i) => i._id === created._id)).toEqual(answer.data);
    expect(await publicListShows(request, body.title)).toBe(true);
    expect(await publicListShows(request, created.title)).toBe(false);
  });

  test("takes back the record it answered with (ISO deadline, arrays) unchanged", async ({
    request,
    auth,
  }) => {
    const created = await create(request, auth);
    const { _id, createdAt, updatedAt, ...record } = created;
    const response = await send(request, "put", `/api/internships/${_id}`, record, auth);
    expect(response.status(), await response.text()).toBe(200);
    const { data } = await response.json();
    expect({ ...data, updatedAt }).toEqual(created);
  });

  test("needs a valid token: 401 and nothing changed", async ({ request, auth }) => {
    const created = await create(request, auth);
    const url = `/api/internships/${created._id}`;
    const body = internshipBody();
    await expectRefusal(await send(request, "put", url, body), 401);
    await expectRefusal(await send(request, "put", url, body, { Authorization: "Bearer x" }), 401);
    expect((await (await request.get(url)).json()).data).toEqual(created);
  });

  test("invalid bodies are 400 and change nothing; operators too", async ({ request, auth }) => {
    const created = await create(request, auth);
    const url = `/api/internships/${created._id}`;
    await expectFieldError(
      await send(request, "put", url, internshipBody({ title: "" }), auth),
      "title",
    );
    for (const value of INJECTIONS) {
      const response = await send(request, "put", url, internshipBody({ isActive: value }), auth);
      await expectFieldError(response, "isActive");
      const title = await send(request, "put", url, internshipBody({ title: value }), auth);
      await expectFieldError(title, "title");
    }
    expect((await (await request.get(url)).json()).data).toEqual(created);
  });

  test("unknown and malformed ids are 404", async ({ request, auth }) => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const response = await send(request, "put", `/api/internships/${id}`, internshipBody(), auth);
      expect((await expectRefusal(response, 404)).message).toBe(NOT_FOUND);
    }
  });
});

test.describe("DELETE /api/internships/{id}", () => {
  test("deletes it with the SPEC's message; then it is gone", async ({ request, auth }) => {
    const created = await create(request, auth);
    const url = `/api/internships/${created._id}`;

    await expectRefusal(await send(request, "delete", url, undefined), 401);
    await expectRefusal(
      await send(request, "delete", url, undefined, { Authorization: "Bearer x" }),
      401,
    );
    expect((await request.get(url)).status()).toBe(200);

    const response = await send(request, "delete", url, undefined, auth);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: DELETED });
    await expectRefusal(await request.get(url), 404);
    expect((await list(request)).some((i) => i._id === created._id)).toBe(false);
    expect(await publicListShows(request, created.title)).toBe(false);
    await expectRefusal(await send(request, "delete", url, undefined, auth), 404);
  });

  test("unknown and malformed ids are 404", async ({ request, auth }) => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const response = await send(request, "delete", `/api/internships/${id}`, undefined, auth);
      expect((await expectRefusal(response, 404)).message).toBe(NOT_FOUND);
    }
  });
});

test.describe("PATCH /api/internships/{id}/toggle", () => {
  test("flips isActive and answers the updated record; the public page follows", async ({
    request,
    auth,
  }) => {
    const created = await create(request, auth);
    const url = `/api/internships/${created._id}/toggle`;
    expect(await publicListShows(request, created.title)).toBe(true);

    const off = await send(request, "patch", url, undefined, auth);
    expect(off.status()).toBe(200);
    const answer = await off.json();
    expect(answer).toMatchObject({ success: true, message: TOGGLED });
    expect(answer.data).toEqual({ ...created, isActive: false, updatedAt: answer.data.updatedAt });
    expect((await list(request, auth)).find((i) => i._id === created._id)).toEqual(answer.data);
    expect(await publicListShows(request, created.title)).toBe(false);

    const on = await send(request, "patch", url, undefined, auth);
    expect((await on.json()).data.isActive).toBe(true);
    expect(await publicListShows(request, created.title)).toBe(true);
  });

  test("needs a valid token: 401 and nothing changed", async ({ request, auth }) => {
    const created = await create(request, auth);
    const url = `/api/internships/${created._id}/toggle`;
    await expectRefusal(await send(request, "patch", url, undefined), 401);
    await expectRefusal(
      await send(request, "patch", url, undefined, { Authorization: "Bearer x" }),
      401,
    );
    const now = await request.get(`/api/internships/${created._id}`);
    expect((await now.json()).data).toEqual(created);
  });

  test("unknown and malformed ids are 404; other methods 405", async ({ request, auth }) => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const response = await send(
        request,
        "patch",
        `/api/internships/${id}/toggle`,
        undefined,
        auth,
      );
      expect((await expectRefusal(response, 404)).message).toBe(NOT_FOUND);
    }
    const get = await request.get(`/api/internships/${UNKNOWN_ID}/toggle`);
    await expectRefusal(get, 405);
    expect(get.headers().allow).toContain("PATCH");
  });
});
