// Scheduled publishing over the JSON API (issue 24), for every registered content type without
// naming one: POST /api/{type}/{id}/schedule with ISO times (UTC) or null, admin token only,
// a time in the past or an unpublish before the publish refused with 400 naming the field; a
// single document schedules its pending draft (POST /api/{type}/schedule); both are in the
// OpenAPI document.
import { exampleOf, STORE_CASES } from "../support/content-types";
import { expect, expectRefusal, send, test, UNKNOWN_ID } from "./fixtures";

const inHours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

for (const [entity, type] of STORE_CASES) {
  const path = type.api.path;

  test(`${entity}: a schedule is set, refused when it cannot happen, and cancelled`, async ({
    request,
    auth,
  }) => {
    const posted = await send(request, "post", `${path}?status=draft`, exampleOf(type), auth);
    expect(posted.status(), await posted.text()).toBe(201);
    const { _id: id } = (await posted.json()).data;
    const url = `${path}/${id}/schedule`;
    const publishAt = inHours(2);
    const unpublishAt = inHours(26);

    expect((await request.post(url, { data: { publishAt } })).status()).toBe(401);
    const set = await request.post(url, { headers: auth, data: { publishAt, unpublishAt } });
    expect(set.status(), await set.text()).toBe(200);
    expect((await set.json()).data).toEqual({ publishAt, unpublishAt });
    const draft = await request.get(`${path}/${id}/draft`, { headers: auth });
    expect((await draft.json()).data).toMatchObject({ publishAt, unpublishAt });

    const past = await expectRefusal(
      await request.post(url, { headers: auth, data: { publishAt: inHours(-1) } }),
      400,
    );
    expect(past.errors?.[0]?.path).toBe("publishAt");
    const backwards = await expectRefusal(
      await request.post(url, {
        headers: auth,
        data: { publishAt: inHours(3), unpublishAt: inHours(2) },
      }),
      400,
    );
    expect(backwards.errors?.[0]?.path).toBe("unpublishAt");
    const malformed = await expectRefusal(
      await request.post(url, { headers: auth, data: { publishAt: "next tuesday" } }),
      400,
    );
    expect(malformed.errors?.[0]?.path).toBe("publishAt");
    await expectRefusal(
      await request.post(`${path}/${UNKNOWN_ID}/schedule`, { headers: auth, data: { publishAt } }),
      404,
    );

    const cancelled = await request.post(url, {
      headers: auth,
      data: { publishAt: null, unpublishAt: null },
    });
    expect((await cancelled.json()).data).toEqual({ publishAt: null, unpublishAt: null });
  });
}

test("a single document schedules its draft, and only when it has one", async ({
  request,
  auth,
}) => {
  const url = "/api/hero-section/schedule";
  await request.delete("/api/hero-section/draft", { headers: auth });
  const none = await expectRefusal(
    await request.post(url, { headers: auth, data: { publishAt: inHours(1) } }),
    400,
  );
  expect(none.errors?.[0]?.path).toBe("publishAt");
  const hero = (await (await request.get("/api/hero-section")).json()).data;
  const { _id: _, updatedAt: _a, updatedBy: _b, ...body } = hero;
  const saved = await request.put("/api/hero-section/draft", {
    headers: auth,
    data: { ...body, title: "Scheduled hero" },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const publishAt = inHours(1);
  const set = await request.post(url, { headers: auth, data: { publishAt } });
  expect(set.status(), await set.text()).toBe(200);
  expect((await set.json()).data).toEqual({ publishAt, unpublishAt: null });
  await expectRefusal(
    await request.post("/api/no-such-type/schedule", { headers: auth, data: { publishAt } }),
    404,
  );
});

test("the OpenAPI document describes both schedule routes", async ({ request }) => {
  const doc = await (await request.get("/api/openapi.json")).json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(["/api/{type}/{id}/schedule", "/api/{type}/schedule"]),
  );
  expect(doc.paths["/api/{type}/{id}/schedule"].post.security).toBeTruthy();
});
