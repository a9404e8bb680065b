// The JSON API of a single document, built from its description: GET (public) and PUT (bearer)
// on its path, declared with lib/api.server.ts (so /api/openapi.json describes exactly what is
// checked). The PUT body is the editor's schema (it reads JSON as it is: lists as arrays of rows,
// images as addresses) and saves through the same store, so it runs the same after-write steps.
// Each image address goes through imageToSave: this site's absolute `secure_url` is kept as
// /images/<id>, a stored image that is not there is refused naming its field.
import { z } from "zod";
import { apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";
import { type DocumentType, imageNames, imagePaths, rowsIn, setAt, valueAt } from "./document";
import type { DocumentStore, InputOfDocument, RecordOfDocument } from "./document-store.server";

export function documentApi<T extends DocumentType>(store: DocumentStore<T>) {
  const { type } = store;
  const { api: doc } = type;
  const images = imagePaths(type);
  /** The record as the JSON API shows it (the description's toApiRecord). */
  const answer = (value: unknown) =>
    type.toApiRecord(type.toRecord(value as Record<string, unknown> | null)) as RecordOfDocument<T>;

  /** The body with every image address as the document keeps it, or a 400 naming the field. */
  async function withImages(body: InputOfDocument<T>): Promise<InputOfDocument<T>> {
    const out = structuredClone(body) as Record<string, unknown>;
    for (const { name, invalid } of imageNames(images, rowsIn(out), true)) {
      setAt(out, name, await imageToSave(name, String(valueAt(out, name) ?? ""), invalid));
    }
    return out as InputOfDocument<T>;
  }

  return apiRoute(doc.path, {
    get: operation({
      tag: doc.tag,
      summary: doc.getSummary,
      auth: "none",
      response: z.object({ success: z.literal(true), data: type.record }),
      handler: async () => apiJson({ success: true, data: answer(await store.get()) }),
    }),
    put: operation({
      tag: doc.tag,
      summary: doc.putSummary,
      description: doc.putDescription,
      auth: "bearer",
      body: type.schema as unknown as z.ZodType<InputOfDocument<T>>,
      response: okResponse(type.record),
      handler: async ({ body, actor }) => {
        const input = await withImages(body);
        await store.save(input, actor);
        // What is stored of the input, read back as GET would.
        const data = answer(type.toStore(input));
        return apiJson({ success: true, data, message: type.texts.saved });
      },
    }),
  });
}
