// Drafts over the JSON API (issue 24, decision 033), for every registered content type without
// naming one: a record added as a draft is read only with a token, published and unpublished
// through /api/{type}/{id}/publish and /unpublish, and a published record's changes wait as its
// draft (/api/{type}/{id}/draft) until published or discarded. The single documents' drafts
// (/api/{type}/draft, /api/{type}/publish) are in app/content/kit/document.test.ts.
import { exampleOf, STORE_CASES, titleField } from "../support/content-types";
import { expect, send, test, UNKNOWN_ID } from "./fixtures";

for (const [entity, type] of STORE_CASES) {
  const path = type.api.path;
  const title = titleField(type);
  const example = exampleOf(type);

  test(`${entity}: drafts are read with a token only, then published, changed as a draft, unpublished`, async ({
    request,
    auth,
  }) => {
    const posted = await send(request, "post", `${path}?status=draft`, example, auth);
    expect(posted.status(), await posted.text()).toBe(201);
    const { _id: id } = (await posted.json()).data;
    const ids = async (headers: Record<string, string> = {}) =>
      ((await (await request.get(path, { headers })).json()).data as { _id: string }[]).map(
        (row) => row._id,
      );
    // Without a token the answer is as it always was: no draft in it.
    expect(await ids()).not.toContain(id);
    expect((await request.get(`${path}/${id}`)).status()).toBe(404);
    expect(await ids(auth)).toContain(id);
    expect((await request.get(`${path}/${id}`, { headers: auth })).status()).toBe(200);

    // Publishing needs a token.
    expect((await request.post(`${path}/${id}/publish`)).status()).toBe(401);
    const published = await request.post(`${path}/${id}/publish`, { headers: auth });
    expect(published.status(), await published.text()).toBe(200);
    expect((await published.json()).data).toMatchObject({ publishStatus: "published" });
    expect(await ids()).toContain(id);

    // Changes as a draft: the site keeps the published version.
    const before = (await (await request.get(`${path}/${id}`)).json()).data[title];
    const draft = await send(
      request,
      "put",
      `${path}/${id}/draft`,
      { ...example, [title]: "Waiting for review" },
      auth,
    );
    expect(draft.status(), await draft.text()).toBe(200);
    expect((await draft.json()).data).toMatchObject({
      [title]: "Waiting for review",
      hasDraft: true,
    });
    expect((await (await request.get(`${path}/${id}`)).json()).data[title]).toBe(before);
    const refused = await send(request, "put", `${path}/${id}/draft`, { [title]: 42 }, auth);
    expect(refused.status()).toBe(400);
    const discarded = await request.delete(`${path}/${id}/draft`, { headers: auth });
    expect((await discarded.json()).data).toMatchObject({ [title]: before, hasDraft: false });

    const unpublished = await request.post(`${path}/${id}/unpublish`, { headers: auth });
    expect((await unpublished.json()).data).toMatchObject({ publishStatus: "draft" });
    expect((await request.get(`${path}/${id}`)).status()).toBe(404);
    expect((await request.post(`${path}/${UNKNOWN_ID}/publish`, { headers: auth })).status()).toBe(
      404,
    );
  });
}

test("an address that names no content type is a JSON 404; a type's own routes come first", async ({
  request,
  auth,
}) => {
  const unknown = await request.post(`/api/nothing/${UNKNOWN_ID}/publish`, { headers: auth });
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).success).toBe(false);
  // /api/faqs/draft is an FAQ's id (none), not a single document's draft.
  const faq = await request.get("/api/faqs/draft");
  expect(faq.status()).toBe(404);
  expect((await request.get("/api/hero-section/draft", { headers: auth })).status()).toBe(200);
});
