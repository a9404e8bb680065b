// /api/resources: what only resources do, in the editor's words (title and description
// required with one message, a link visitors can safely open, an optional image). The contract
// every content type shares (reads, tokens, 404s, field errors, operators, link and image
// addresses, image clean-up) is tests/api/content-types.spec.ts.
import { expect, expectFieldError, expectRefusal, send, test } from "./fixtures";

const PATH = "/api/resources";
const NOT_FOUND = "This resource does not exist (it may have been deleted).";
const REQUIRED = "Title and description are required.";
const LINK_REQUIRED = "Link is required.";
const LINK_INVALID =
  "Enter a web address starting with http:// or https://, or a site path like /blog.";
const IMAGE = "Please upload a valid image.";

const resource = (extra: Record<string, unknown> = {}) => ({
  title: "OWASP Top 10",
  description: "The ten most critical web application security risks.",
  link: "https://owasp.org/Top10/",
  ...extra,
});

test("answers in the editor's words; an image is optional", async ({ request, auth }) => {
  const created = await send(request, "post", PATH, resource({ link: "/blog" }), auth);
  expect(created.status()).toBe(201);
  const body = await created.json();
  expect(body.message).toBe("Resource created.");
  expect(body.data).toMatchObject({ image: "", link: "/blog" });
  const url = `${PATH}/${body.data._id}`;
  const updated = await send(request, "put", url, resource(), auth);
  expect((await updated.json()).message).toBe("Resource updated.");
  const deleted = await request.delete(url, { headers: auth });
  expect((await deleted.json()).message).toBe("Resource deleted.");
  expect((await expectRefusal(await request.get(url), 404)).message).toBe(NOT_FOUND);
});

test("needs a title, a description and a safe link", async ({ request, auth }) => {
  const before = await (await request.get(PATH)).text();
  const body = await expectRefusal(await send(request, "post", PATH, {}, auth), 400);
  const byPath = Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.msg]));
  expect(byPath).toEqual({ title: REQUIRED, description: REQUIRED, link: LINK_REQUIRED });
  for (const link of ["javascript:alert(1)", "not a link"]) {
    const response = await send(request, "post", PATH, resource({ link }), auth);
    expect(await expectFieldError(response, "link")).toBe(LINK_INVALID);
  }
  const response = await send(request, "post", PATH, resource({ image: "/images/nope" }), auth);
  expect(await expectFieldError(response, "image")).toBe(IMAGE);
  expect(await (await request.get(PATH)).text()).toBe(before);
});
