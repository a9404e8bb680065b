// The single documents, each answered in a `data` field: GET (public) and PUT (bearer) of
// /api/hero-section, /api/service-page, /api/about-page, /api/contact-info and
// /api/footer-content, with the admin editors' rules and messages. After a PUT the public page
// shows the change, as a client would check; a replaced uploaded image is deleted. That PUT needs
// a valid token is proved once for every document by app/content/kit/document.test.ts.
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { E2E_ADMIN } from "../support/constants";
import { STORED, uploadPng } from "./content-support";
import { expect, expectRefusal, INJECTIONS, send, startApiServer, test } from "./fixtures";

type Doc = Record<string, unknown>;
const MISSING_IMAGE = "/images/0123456789abcdef01234567";
const IMAGE_INVALID = "Please upload a valid image.";
/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let counter = 0;
/** A text no other test writes, to find on the public page. */
const unique = (what: string) => `${what} ${Date.now()}-${++counter}`;

async function read(request: APIRequestContext, url: string): Promise<Doc> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body.success).toBe(true);
  return body.data;
}

/** PUTs a document and checks the answer: the saved record, which a GET then reads too. */
async function save(
  request: APIRequestContext,
  auth: Record<string, string>,
  url: string,
  body: Doc,
  message: string,
): Promise<Doc> {
  const response = await send(request, "put", url, body, auth);
  expect(response.status(), await response.text()).toBe(200);
  const answer = await response.json();
  expect(answer.success).toBe(true);
  expect(answer.message).toBe(message);
  expect(await read(request, url)).toEqual(answer.data);
  return answer.data;
}

/** The HTML of a public page. */
async function page(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

/** `body` with the value at a dotted path ("services.0.title") replaced. */
function withValue(body: Doc, path: string, value: unknown): Doc {
  const copy = structuredClone(body);
  const keys = path.split(".");
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) as string] = value;
  return copy;
}

/**
 * Every INJECTIONS value at each path (or the values given with it): a 400 naming that field
 * (or a part of it), and nothing written.
 */
async function expectInjectionsRefused(
  request: APIRequestContext,
  auth: Record<string, string>,
  url: string,
  valid: Doc,
  paths: (string | [string, unknown[]])[],
) {
  const before = await read(request, url);
  for (const entry of paths) {
    const [path, values] = typeof entry === "string" ? [entry, INJECTIONS] : entry;
    for (const value of values) {
      const response = await send(request, "put", url, withValue(valid, path, value), auth);
      const body = await expectRefusal(response, 400);
      const named = body.errors?.some((e) => e.path === path || e.path.startsWith(`${path}.`));
      expect(named, `${path} = ${JSON.stringify(value)}: ${JSON.stringify(body.errors)}`).toBe(
        true,
      );
    }
  }
  expect(await read(request, url)).toEqual(before);
}

/** A 400 whose errors give `msg` for `path`. */
async function expectError(
  request: APIRequestContext,
  auth: Record<string, string>,
  url: string,
  body: Doc,
  path: string,
  msg: string,
) {
  const answer = await expectRefusal(await send(request, "put", url, body, auth), 400);
  expect(answer.errors, JSON.stringify(answer.errors)).toContainEqual({ path, msg });
}

/** Stores an image the way the admin's image field does (signed in), and answers its address. */
async function uploadImage(
  playwright: PlaywrightWorkerArgs["playwright"],
  serverUrl: string,
): Promise<string> {
  const context = await playwright.request.newContext({ baseURL: serverUrl });
  try {
    const login = await context.post("/admin/login", { form: E2E_ADMIN, maxRedirects: 0 });
    expect(login.status()).toBe(302);
    const upload = await context.post("/admin/dashboard/uploads", {
      multipart: { file: { name: "pixel.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const { url } = await upload.json();
    expect(url).toMatch(/^\/images\/[0-9a-f]{24}$/);
    return url;
  } finally {
    await context.dispose();
  }
}

/**
 * The `secure_url` POST /api/images answers (this site's absolute address) saved at `path` is
 * kept as /images/<id>, which GET then shows and the in-use check of the hourly sweep finds; our
 * own absolute address of a missing image, or of a stored one in another form, is a 400 on that
 * field, and nothing is written.
 */
async function expectSecureUrlKept(
  request: APIRequestContext,
  auth: { Authorization: string },
  url: string,
  valid: Doc,
  path: string,
  message: string,
) {
  const { secure_url, url: stored } = await uploadPng(request, auth);
  expect(secure_url).toMatch(/^https?:\/\//);
  expect(stored).toMatch(STORED);
  const data = await save(request, auth, url, withValue(valid, path, secure_url), message);
  const saved = path.split(".").reduce<unknown>((node, key) => (node as Doc)[key], data);
  expect(saved).toBe(stored);
  expect(await imageStatus(request, stored)).toBe(200);

  const before = await read(request, url);
  const origin = new URL(secure_url).origin;
  for (const address of [
    `${origin}${MISSING_IMAGE}`,
    `${secure_url}?v=2`,
    `${origin}/${stored}`,
    `${origin}${stored}/x`,
  ]) {
    await expectError(request, auth, url, withValue(valid, path, address), path, IMAGE_INVALID);
  }
  expect(await read(request, url)).toEqual(before);
}

async function imageStatus(request: APIRequestContext, url: string): Promise<number> {
  return (await request.get(url)).status();
}

test.describe("/api/hero-section", () => {
  const URL = "/api/hero-section";
  const valid = () => ({
    title: unique("Hero title"),
    subtitle: "We build fast sites.",
    image: "/demo/hero.webp",
    ctaText: unique("Talk to us"),
    ctaLink: "/contact",
  });

  test("GET: the hero in data, without a token", async ({ request }) => {
    const data = await read(request, URL);
    // imageAlt / imageDecorative: the image's alt text, added to the contract (additive).
    expect(Object.keys(data).sort()).toEqual([
      "ctaLink",
      "ctaText",
      "image",
      "imageAlt",
      "imageDecorative",
      "subtitle",
      "title",
    ]);
    const { imageDecorative, ...texts } = data;
    expect(typeof imageDecorative).toBe("boolean");
    for (const value of Object.values(texts)) expect(typeof value).toBe("string");
  });

  test("PUT: saves it, answers the record and the home page shows it", async ({
    request,
    auth,
  }) => {
    const body = valid();
    const data = await save(request, auth, URL, body, "Hero section saved.");
    expect(data).toMatchObject(body);
    const home = await page(request, "/");
    expect(home).toContain(body.title);
    expect(home).toContain(body.ctaText);
    // What it answered, sent back as it is, is accepted.
    expect(await save(request, auth, URL, data, "Hero section saved.")).toEqual(data);
  });

  test("PUT checks as the editor does", async ({ request, auth }) => {
    const before = await read(request, URL);
    await expectError(
      request,
      auth,
      URL,
      { ...valid(), title: " " },
      "title",
      "Title is required.",
    );
    await expectError(request, auth, URL, { subtitle: "x" }, "title", "Title is required.");
    for (const image of ["javascript:alert(1)", "//evil.example/x.png", MISSING_IMAGE]) {
      await expectError(request, auth, URL, { ...valid(), image }, "image", IMAGE_INVALID);
    }
    await expectError(
      request,
      auth,
      URL,
      { ...valid(), ctaLink: "javascript:alert(1)" },
      "ctaLink",
      "Enter a site path like /contact or an http(s) address.",
    );
    expect(await read(request, URL)).toEqual(before);
  });

  test("PUT refuses operators in every field", async ({ request, auth }) => {
    await expectInjectionsRefused(request, auth, URL, valid(), [
      "title",
      "subtitle",
      "image",
      "ctaText",
      "ctaLink",
    ]);
  });

  test("PUT keeps POST /api/images' secure_url as /images/<id>", async ({ request, auth }) => {
    await expectSecureUrlKept(request, auth, URL, valid(), "image", "Hero section saved.");
  });

  test("PUT deletes the uploaded image it replaces", async ({
    request,
    auth,
    playwright,
    serverUrl,
  }) => {
    const first = await uploadImage(playwright, serverUrl);
    const second = await uploadImage(playwright, serverUrl);
    await save(request, auth, URL, { ...valid(), image: first }, "Hero section saved.");
    expect(await imageStatus(request, first)).toBe(200);
    await save(request, auth, URL, { ...valid(), image: second }, "Hero section saved.");
    expect(await imageStatus(request, first)).toBe(404);
    expect(await imageStatus(request, second)).toBe(200);
    await save(request, auth, URL, { ...valid(), image: "" }, "Hero section saved.");
    expect(await imageStatus(request, second)).toBe(404);
  });
});

test.describe("/api/service-page", () => {
  const URL = "/api/service-page";
  const MESSAGE = "Service page updated.";
  const valid = () => ({
    hero: { title: unique("Services hero"), subtitle: "What we do.", image: "/demo/services.webp" },
    services: [
      { title: unique("Service card"), description: "Sites that load fast.", icon: "globe" },
    ],
    benefits: [{ title: unique("Benefit"), description: "One team.", icon: "users-three" }],
    processSteps: [{ title: unique("Step"), description: "We listen first." }],
    cta: {
      title: unique("CTA title"),
      subtitle: "Tell us about it.",
      buttons: [{ label: unique("Book a call"), link: "/contact" }],
    },
  });

  test("GET: the page in data, without a token", async ({ request }) => {
    const data = await read(request, URL);
    expect(Object.keys(data).sort()).toEqual([
      "benefits",
      "cta",
      "hero",
      "processSteps",
      "services",
    ]);
    expect(Array.isArray(data.services)).toBe(true);
    expect(data).not.toHaveProperty("updatedBy");
  });

  test("PUT: saves it (blank rows dropped) and /services shows it", async ({ request, auth }) => {
    const body = valid();
    const withBlankRow = { ...body, services: [...body.services, { title: "", description: "" }] };
    const data = await save(request, auth, URL, withBlankRow, MESSAGE);
    expect(data).toMatchObject(body);
    const html = await page(request, "/services");
    for (const text of [
      body.hero.title,
      body.services[0]?.title,
      body.benefits[0]?.title,
      body.processSteps[0]?.title,
      body.cta.title,
      body.cta.buttons[0]?.label,
    ]) {
      expect(html).toContain(String(text));
    }
    expect(await save(request, auth, URL, data, MESSAGE)).toEqual(data);
  });

  test("PUT checks as the editor does", async ({ request, auth }) => {
    const before = await read(request, URL);
    const body = valid();
    await expectError(request, auth, URL, {}, "hero.title", "Hero title is required.");
    await expectError(
      request,
      auth,
      URL,
      withValue(body, "services.0.icon", "rocket"),
      "services.0.icon",
      "Choose one of the icons.",
    );
    await expectError(
      request,
      auth,
      URL,
      withValue(body, "benefits.0.description", ""),
      "benefits.0.description",
      "Benefit description is required.",
    );
    await expectError(
      request,
      auth,
      URL,
      withValue(body, "cta.buttons.0.link", "javascript:alert(1)"),
      "cta.buttons.0.link",
      "Enter a page of this site (/contact) or an http(s) address.",
    );
    await expectError(
      request,
      auth,
      URL,
      withValue(body, "hero.image", MISSING_IMAGE),
      "hero.image",
      IMAGE_INVALID,
    );
    expect(await read(request, URL)).toEqual(before);
  });

  test("PUT refuses operators in every field, nested objects and lists included", async ({
    request,
    auth,
  }) => {
    await expectInjectionsRefused(request, auth, URL, valid(), [
      "hero",
      "hero.title",
      "hero.subtitle",
      "hero.image",
      "services",
      "services.0.title",
      "services.0.description",
      "services.0.icon",
      "benefits",
      "benefits.0.icon",
      "processSteps",
      "processSteps.0.title",
      // An object where an object of optional fields belongs is that object, its unknown keys
      // ignored ({"$ne": ""} is a CTA with nothing set): only other types are refused.
      ["cta", [["a", "b"], null, "text", 1]],
      "cta.title",
      "cta.buttons",
      "cta.buttons.0.label",
      "cta.buttons.0.link",
    ]);
  });

  test("PUT keeps POST /api/images' secure_url as /images/<id>", async ({ request, auth }) => {
    await expectSecureUrlKept(request, auth, URL, valid(), "hero.image", MESSAGE);
  });

  test("PUT deletes the uploaded hero image it replaces", async ({
    request,
    auth,
    playwright,
    serverUrl,
  }) => {
    const first = await uploadImage(playwright, serverUrl);
    const second = await uploadImage(playwright, serverUrl);
    await save(request, auth, URL, withValue(valid(), "hero.image", first), MESSAGE);
    await save(request, auth, URL, withValue(valid(), "hero.image", second), MESSAGE);
    expect(await imageStatus(request, first)).toBe(404);
    expect(await imageStatus(request, second)).toBe(200);
  });
});

test.describe("/api/about-page", () => {
  const URL = "/api/about-page";
  const MESSAGE = "About page updated.";
  const valid = () => ({
    title: "About Bureau",
    content: "Who we are.",
    mission: unique("Our mission is"),
    values: `${unique("Clarity")}\nCraft`,
    team: [{ name: unique("Ada Member"), role: "Engineer", image: "/demo/team-a.webp" }],
    contact: { email: "hello@bureau.test", phone: "+49 30 1234567" },
  });

  test("GET: the page in data, without a token", async ({ request }) => {
    const data = await read(request, URL);
    expect(Object.keys(data).sort()).toEqual([
      "contact",
      "content",
      "mission",
      "team",
      "title",
      "values",
    ]);
    expect(data).not.toHaveProperty("updatedBy");
  });

  test("PUT: saves it (blank team rows dropped) and /about shows it", async ({ request, auth }) => {
    const body = valid();
    const withBlankRow = { ...body, team: [...body.team, { name: "", role: "", image: "" }] };
    const data = await save(request, auth, URL, withBlankRow, MESSAGE);
    expect(data).toMatchObject(body);
    const html = await page(request, "/about");
    expect(html).toContain(body.mission);
    expect(html).toContain(String(body.team[0]?.name));
    expect(html).toContain(String(body.values.split("\n")[0]));
    expect(await save(request, auth, URL, data, MESSAGE)).toEqual(data);
  });

  test("PUT checks as the editor does", async ({ request, auth }) => {
    const before = await read(request, URL);
    const body = valid();
    await expectError(
      request,
      auth,
      URL,
      { ...body, values: "" },
      "values",
      "Mission and values are required.",
    );
    await expectError(
      request,
      auth,
      URL,
      { ...body, contact: { email: "", phone: "1" } },
      "contact.email",
      "Contact email and phone are required.",
    );
    await expectError(
      request,
      auth,
      URL,
      { ...body, contact: { email: "nope", phone: "1" } },
      "contact.email",
      "Enter a valid email address.",
    );
    await expectError(
      request,
      auth,
      URL,
      withValue(body, "team.0.name", ""),
      "team.0.name",
      "Name is required.",
    );
    await expectError(
      request,
      auth,
      URL,
      { ...body, team: [body.team[0], { name: "B", role: "", image: MISSING_IMAGE }] },
      "team.1.image",
      IMAGE_INVALID,
    );
    expect(await read(request, URL)).toEqual(before);
  });

  test("PUT refuses operators in every field, nested objects and lists included", async ({
    request,
    auth,
  }) => {
    await expectInjectionsRefused(request, auth, URL, valid(), [
      "title",
      "content",
      "mission",
      "values",
      "team",
      "team.0.name",
      "team.0.role",
      "team.0.image",
      "contact",
      "contact.email",
      "contact.phone",
    ]);
  });

  test("PUT keeps POST /api/images' secure_url as /images/<id> for a team member", async ({
    request,
    auth,
  }) => {
    await expectSecureUrlKept(request, auth, URL, valid(), "team.0.image", MESSAGE);
  });

  test("PUT deletes portraits the page no longer shows", async ({
    request,
    auth,
    playwright,
    serverUrl,
  }) => {
    const kept = await uploadImage(playwright, serverUrl);
    const dropped = await uploadImage(playwright, serverUrl);
    const body = valid();
    const team = [
      { name: "Kept", role: "", image: kept },
      { name: "Leaving", role: "", image: dropped },
    ];
    await save(request, auth, URL, { ...body, team }, MESSAGE);
    await save(request, auth, URL, { ...body, team: [team[0]] }, MESSAGE);
    expect(await imageStatus(request, kept)).toBe(200);
    expect(await imageStatus(request, dropped)).toBe(404);
  });
});

test.describe("/api/contact-info", () => {
  const URL = "/api/contact-info";
  const MESSAGE = "Contact info updated.";
  const valid = () => ({
    address: unique("Kastanienallee"),
    email: `team-${Date.now()}@bureau.test`,
    phone: "+49 30 7654321",
    mapEmbedUrl: "https://www.openstreetmap.org/export/embed.html?bbox=13.4,52.5,13.5,52.6",
    image: "",
  });

  test("GET: the contact information in data, without a token", async ({ request }) => {
    const data = await read(request, URL);
    expect(Object.keys(data).sort()).toEqual([
      "address",
      "email",
      "image",
      "imageAlt",
      "imageDecorative",
      "mapEmbedUrl",
      "phone",
    ]);
    expect(data).not.toHaveProperty("updatedBy");
  });

  test("PUT: saves it and /contact shows it", async ({ request, auth }) => {
    const body = valid();
    const data = await save(request, auth, URL, body, MESSAGE);
    expect(data).toMatchObject(body);
    const html = await page(request, "/contact");
    expect(html).toContain(body.address);
    expect(html).toContain(body.email);
    expect(html).toContain("https://www.openstreetmap.org/export/embed.html");
    expect(await save(request, auth, URL, data, MESSAGE)).toEqual(data);
  });

  test("PUT checks as the editor does, the map allow-list included", async ({ request, auth }) => {
    const before = await read(request, URL);
    await expectError(
      request,
      auth,
      URL,
      { ...valid(), phone: "" },
      "phone",
      "Email and phone are required.",
    );
    await expectError(
      request,
      auth,
      URL,
      { ...valid(), email: "nope" },
      "email",
      "Enter a valid email address.",
    );
    for (const mapEmbedUrl of [
      "https://evil.example/maps/embed",
      "http://www.google.com/maps/embed?pb=1",
      "https://www.google.com.evil.example/maps/embed",
    ]) {
      const answer = await expectRefusal(
        await send(request, "put", URL, { ...valid(), mapEmbedUrl }, auth),
        400,
      );
      expect(answer.errors?.[0]?.path).toBe("mapEmbedUrl");
      expect(answer.errors?.[0]?.msg).toMatch(/^Only a Google Maps or OpenStreetMap embed address/);
    }
    await expectError(
      request,
      auth,
      URL,
      { ...valid(), image: MISSING_IMAGE },
      "image",
      IMAGE_INVALID,
    );
    expect(await read(request, URL)).toEqual(before);
  });

  test("PUT refuses operators in every field", async ({ request, auth }) => {
    await expectInjectionsRefused(request, auth, URL, valid(), [
      "address",
      "email",
      "phone",
      "mapEmbedUrl",
      "image",
    ]);
  });

  test("PUT keeps POST /api/images' secure_url as /images/<id>", async ({ request, auth }) => {
    await expectSecureUrlKept(request, auth, URL, valid(), "image", MESSAGE);
  });

  test("PUT deletes the uploaded image it replaces", async ({
    request,
    auth,
    playwright,
    serverUrl,
  }) => {
    const first = await uploadImage(playwright, serverUrl);
    await save(request, auth, URL, { ...valid(), image: first }, MESSAGE);
    await save(request, auth, URL, { ...valid(), image: "" }, MESSAGE);
    expect(await imageStatus(request, first)).toBe(404);
  });
});

test.describe("/api/footer-content", () => {
  const URL = "/api/footer-content";
  const MESSAGE = "Footer updated.";
  const valid = () => ({
    copyright: unique("Bureau Test Co"),
    links: [{ label: unique("Careers link"), url: "/internships" }],
    social: [{ platform: "Mastodon", url: "https://mastodon.example/@bureau" }],
  });

  test("GET: the footer in data, without a token", async ({ request }) => {
    const data = await read(request, URL);
    expect(Object.keys(data).sort()).toEqual(["copyright", "links", "social"]);
  });

  test("PUT: saves it (blank rows dropped) and every page's footer shows it", async ({
    request,
    auth,
  }) => {
    const body = valid();
    const data = await save(
      request,
      auth,
      URL,
      { ...body, links: [...body.links, { label: "", url: "" }] },
      MESSAGE,
    );
    expect(data).toMatchObject(body);
    for (const path of ["/", "/about"]) {
      const html = await page(request, path);
      expect(html).toContain(body.copyright);
      expect(html).toContain(String(body.links[0]?.label));
      expect(html).toContain("https://mastodon.example/@bureau");
    }
    expect(await save(request, auth, URL, data, MESSAGE)).toEqual(data);
  });

  test("PUT checks as the editor does", async ({ request, auth }) => {
    const before = await read(request, URL);
    await expectError(request, auth, URL, {}, "copyright", "Copyright is required.");
    await expectError(
      request,
      auth,
      URL,
      withValue(valid(), "links.0.url", "javascript:alert(1)"),
      "links.0.url",
      "Enter a page of this site (/about), an http(s) address or a mailto: link.",
    );
    await expectError(
      request,
      auth,
      URL,
      withValue(valid(), "social.0.platform", ""),
      "social.0.platform",
      "Platform is required.",
    );
    expect(await read(request, URL)).toEqual(before);
  });

  test("PUT refuses operators in every field, lists included", async ({ request, auth }) => {
    await expectInjectionsRefused(request, auth, URL, valid(), [
      "copyright",
      "links",
      "links.0.label",
      "links.0.url",
      "social",
      "social.0.platform",
      "social.0.url",
    ]);
  });

  test("other methods are 405 with Allow", async ({ request, auth }) => {
    const response = await send(request, "post", URL, valid(), auth);
    await expectRefusal(response, 405);
    expect(response.headers().allow).toBe("GET, PUT, HEAD, OPTIONS");
  });
});

test.describe("/api/openapi.json", () => {
  test("describes the internships and the single documents from their schemas", async ({
    request,
  }) => {
    const response = await request.get("/api/openapi.json");
    expect(response.status()).toBe(200);
    const doc = await response.json();
    for (const url of [
      "/api/hero-section",
      "/api/service-page",
      "/api/about-page",
      "/api/contact-info",
      "/api/footer-content",
    ]) {
      expect(Object.keys(doc.paths[url]).sort(), url).toEqual(["get", "put"]);
      expect(doc.paths[url].put.security).toEqual([{ bearer: [] }]);
      expect(doc.paths[url].get.security).toEqual([]);
    }
    expect(Object.keys(doc.paths["/api/internships"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/internships/{id}"]).sort()).toEqual([
      "delete",
      "get",
      "put",
    ]);
    expect(Object.keys(doc.paths["/api/internships/{id}/toggle"])).toEqual(["patch"]);
    const body = doc.paths["/api/internships"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties)).toContain("company");
    expect(Object.keys(body.properties)).toContain("urgent");
  });
});

test.describe("with nothing saved yet", () => {
  test("each document reads as blank fields in the same shape, and the list as empty", async ({
    playwright,
  }) => {
    const { url, app } = await startApiServer({ SEED_DEMO_CONTENT: "false" });
    const request = await playwright.request.newContext({ baseURL: url });
    try {
      expect(await read(request, "/api/hero-section")).toEqual({
        title: "",
        subtitle: "",
        image: "",
        imageAlt: "",
        imageDecorative: false,
        ctaText: "",
        ctaLink: "",
      });
      expect(await read(request, "/api/service-page")).toEqual({
        hero: { title: "", subtitle: "", image: "", imageAlt: "", imageDecorative: false },
        services: [],
        benefits: [],
        processSteps: [],
        cta: { title: "", subtitle: "", buttons: [] },
      });
      expect(await read(request, "/api/about-page")).toEqual({
        title: "",
        content: "",
        mission: "",
        values: "",
        team: [],
        contact: { email: "", phone: "" },
      });
      expect(await read(request, "/api/contact-info")).toEqual({
        address: "",
        email: "",
        phone: "",
        mapEmbedUrl: "",
        image: "",
        imageAlt: "",
        imageDecorative: false,
      });
      expect(await read(request, "/api/footer-content")).toEqual({
        copyright: "",
        links: [],
        social: [],
      });
      expect(await read(request, "/api/internships/")).toEqual([]);
    } finally {
      await request.dispose();
      await app.stop("SIGTERM");
    }
  });
});
