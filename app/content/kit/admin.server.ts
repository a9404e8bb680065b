// The loader and action of a content type's admin screen (list, `?new`, `?edit=<id>`,
// `?delete=<id>`), built from its description. The order is the same for every type:
// the session first (nobody signed out gets a body read), then the form, the delete or save
// intent, the schema, the image files (stored only once every other field is valid, so a
// refused form leaves nothing behind), the write through the store (which runs the
// after-write steps), and a redirect with a flash.
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { DELETE_INTENT } from "~/components/admin/confirm-delete";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { IMAGE_UPLOAD_FAILED } from "~/domain/image";
import { discardImage, readUploadForm, resolveImageField } from "~/domain/image.server";
import {
  attempt,
  deleteFromCollection,
  loadCollectionScreen,
  notFound,
  readForm,
} from "~/lib/admin-crud.server";
import { listHref, parseListState } from "~/lib/admin-list";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { CollectionStore } from "./store.server";
import { type CollectionType, isImageField } from "./types";

/** The save button's intent (delete has its own, DELETE_INTENT). */
export const SAVE_INTENT = "save";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

type ActionResult = { result: SubmissionResult<string[]> | null; listError: string | null };

const invalid = (result: SubmissionResult<string[]> | null, listError: string | null = null) =>
  data<ActionResult>({ result, listError }, { status: 400 });

export function collectionAdmin<T extends CollectionType>(store: CollectionStore<T>) {
  const { type } = store;
  const { texts } = type;
  const path = type.admin.path;
  const imageFields = type.fields.filter(isImageField);

  async function loader({ request }: Pick<Args, "request">) {
    await requireAdmin(request);
    return loadCollectionScreen(request, {
      list: store.listForAdmin,
      get: store.get,
      notFoundText: texts.notFound,
    });
  }

  async function action({ request, context }: Args) {
    const { admin } = await requireAdmin(request);
    const actor = actorOf(admin, context);
    const back = listHref(path, parseListState(new URL(request.url)));
    // A form with an image field is multipart: its file comes with it without JavaScript.
    const form = imageFields.length ? await readUploadForm(request) : await readForm(request);
    if (!form) {
      // Not a readable form (a file over the cap, a broken body).
      const field = imageFields[0]?.name ?? "";
      return invalid({ status: "error", error: { [field]: [IMAGE_UPLOAD_FAILED] } });
    }
    const intent = form.get("intent");
    const id = form.get("id");

    if (intent === DELETE_INTENT) {
      if (typeof id !== "string" || !(await store.get(id))) notFound(texts.notFound);
      return deleteFromCollection({
        what: `Deleting a ${type.entity}`,
        form,
        remove: () => store.remove(id, actor),
        notFoundText: texts.notFound,
        back,
        flash: texts.deleted,
      });
    }
    if (intent !== SAVE_INTENT) return invalid(null, "Unknown action.");

    // An edit names its record; a create has no id at all.
    const editId = typeof id === "string" && id !== "" ? id : null;
    if (editId !== null && !(await store.get(editId))) notFound(texts.notFound);
    const submission = parseFormWith(form, type.schema);
    if (submission.status !== "success") return invalid(submission.reply());

    // Only now are files stored: a form with other errors leaves nothing behind.
    const input: Record<string, unknown> = { ...submission.value };
    const stored: string[] = [];
    const discardStored = () => Promise.all(stored.map((url) => discardImage(url)));
    for (const field of imageFields) {
      const image = await resolveImageField(form, field.name, { uploadedBy: admin.email });
      const message = !image.ok ? image.message : image.url === "" ? field.required : undefined;
      if (message) {
        await discardStored();
        return invalid(submission.reply({ fieldErrors: { [field.name]: [message] } }));
      }
      if (image.ok) {
        input[field.name] = image.url;
        if (image.stored) stored.push(image.url);
      }
    }

    const value = input as Parameters<typeof store.create>[0];
    const saved = await attempt(`${editId ? "Updating" : "Creating"} a ${type.entity}`, () =>
      editId ? store.update(editId, value, actor) : store.create(value, actor).then(() => true),
    );
    if (!saved.ok || !saved.value) {
      // The files stored for this save would be used by nothing.
      await discardStored();
      if (saved.ok) notFound(texts.notFound);
      const failed = editId ? texts.updateFailed : texts.createFailed;
      return data<ActionResult>(
        { result: submission.reply({ formErrors: [failed] }), listError: null },
        { status: 500 },
      );
    }
    // A new record is first in the list (newest first): show page 1 of the whole list.
    return editId ? redirectWithFlash(back, texts.updated) : redirectWithFlash(path, texts.created);
  }

  return { loader, action };
}
