// The trash over the JSON API, for every registered type (app/content/registry.ts) without
// naming one: DELETE keeps its contract and sends the record to the trash (off the public list
// and reads at once), GET {path}/trash lists it with a token only, POST {path}/trash/{id} brings
// it back, DELETE {path}/trash/{id} deletes it forever; an id not in the trash is a 404 and
// every trash call needs a token.

import { E2E_ADMIN } from "../support/constants";
import { exampleOf, STORE_CASES } from "../support/content-types";
import { ISO_DATE, listOf } from "./content-support";
import { expect, expectRefusal, MALFORMED_IDS, send, test, UNKNOWN_ID } from "./fixtures";

for (const [entity, type] of STORE_CASES) {
  const path = type.api.path;
  const { texts } = type;

  test(`${entity}: DELETE ${path}/{id} sends it to the trash; restore, then delete forever`, async ({
    request,
    auth,
  }) => {
    const posted = await send(request, "post", path, exampleOf(type), auth);
    expect(posted.status(), await posted.text()).toBe(201);
    const created = (await posted.json()).data as { _id: string } & Record<string, unknown>;
    const url = `${path}/${created._id}`;
    const inTrash = `${path}/trash/${created._id}`;
    // An inactive internship or a draft is not on the public list: read with the token.
    const ids = async () =>
      (await (await request.get(path, { headers: auth })).json()).data.map(
        (row: { _id: string }) => row._id,
      );
    expect(await ids()).toContain(created._id);

    const deleted = await request.delete(url, { headers: auth });
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ success: true, message: texts.deleted });
    expect(await ids()).not.toContain(created._id);
    expect((await listOf(request, path)).map((row) => row._id)).not.toContain(created._id);
    await expectRefusal(await request.get(url, { headers: auth }), 404);
    await expectRefusal(await send(request, "put", url, exampleOf(type), auth), 404);

    // The trash: a token needed; the record with when and by whom.
    await expectRefusal(await request.get(`${path}/trash`), 401);
    const trash = await request.get(`${path}/trash`, { headers: auth });
    expect(trash.status()).toBe(200);
    const listed = (await trash.json()).data as Record<string, unknown>[];
    expect(listed.find((row) => row._id === created._id)).toEqual({
      ...created,
      deletedAt: expect.stringMatching(ISO_DATE),
      deletedBy: E2E_ADMIN.email,
    });

    // Restore: back, the same record.
    await expectRefusal(await request.post(inTrash), 401);
    const restored = await request.post(inTrash, { headers: auth });
    expect(restored.status()).toBe(200);
    // The same record, stamped as changed now where the type shows when it changed.
    const restamped = Object.fromEntries(
      Object.entries(created).map(([k, v]) => [k, k === "updatedAt" ? expect.any(String) : v]),
    );
    expect(await restored.json()).toEqual({
      success: true,
      message: texts.restored,
      data: restamped,
    });
    expect(await ids()).toContain(created._id);
    expect((await request.get(url, { headers: auth })).status()).toBe(200);
    // Not in the trash any more: neither restored again nor deleted forever.
    await expectRefusal(await request.post(inTrash, { headers: auth }), 404);
    await expectRefusal(await request.delete(inTrash, { headers: auth }), 404);

    // Delete forever: only from the trash, then gone everywhere.
    expect((await request.delete(url, { headers: auth })).status()).toBe(200);
    await expectRefusal(await request.delete(inTrash), 401);
    const purged = await request.delete(inTrash, { headers: auth });
    expect(purged.status()).toBe(200);
    expect(await purged.json()).toEqual({ success: true, message: texts.purged });
    const after = (await (await request.get(`${path}/trash`, { headers: auth })).json()).data;
    expect(after.map((row: { _id: string }) => row._id)).not.toContain(created._id);
    await expectRefusal(await request.post(inTrash, { headers: auth }), 404);
    await expectRefusal(await request.delete(inTrash, { headers: auth }), 404);
  });

  test(`${entity}: an id that names nothing in the trash is a 404`, async ({ request, auth }) => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      await expectRefusal(await request.post(`${path}/trash/${id}`, { headers: auth }), 404);
      await expectRefusal(await request.delete(`${path}/trash/${id}`, { headers: auth }), 404);
    }
  });
}
