// The loader and action of a single document's admin screen (view, `?edit`, Save), built from
// its description. The action's order is the same for every document: the session first
// (nobody signed out gets a body read, up to 16 MiB with files), the form, an add/remove-row
// button (answered with the form plus or minus that row, nothing saved), the schema, the rules
// that need the posted files, the image files (stored only once everything else is valid, so a
// refused form leaves nothing behind), the save through the store (which runs the after-write
// steps), and a redirect to the view with a flash.
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { DISCARD_INTENT, SAVE_AS_DRAFT } from "~/components/admin/publishing";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { IMAGE_UPLOAD_FAILED, imageFieldNames } from "~/domain/image";
import {
  deleteImageIfUnused,
  discardImage,
  readUploadForm,
  resolveImageField,
} from "~/domain/image.server";
import { attempt } from "~/lib/admin-crud.server";
import { redirectWithFlash } from "~/lib/flash.server";
import {
  checkFormIntent,
  FORM_UNREADABLE,
  parseFormWith,
  readRowIntent,
  rowCount,
  withoutIntent,
} from "~/lib/form-data.server";
import { historyLink } from "../history.server";
import { siteTimeZone } from "../site-time-zone.server";
import {
  type DocumentType,
  imageNames,
  imagePaths,
  rowLists,
  rowsIn,
  setAt,
  valueAt,
} from "./document";
import type { DocumentStore, StoredDocument } from "./document-store.server";
import { ALT_REQUIRED, altNames, lacksAlt } from "./image-alt";
import { isPreviewIntent, previewIntent, previewLinksOf } from "./preview.server";
import { DRAFT_SAVED } from "./publishing";
import type { ScheduleTimes } from "./schedule";
import { SCHEDULE_INTENT, scheduleAction, UNSCHEDULE_INTENT } from "./schedule-admin.server";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const answer = (result: SubmissionResult<string[]>, status: number) => data({ result }, { status });

/** A document as the screen gets it: dates as ISO text. */
export type ScreenDocument<T extends DocumentType> = Omit<StoredDocument<T>, "updatedAt"> & {
  updatedAt: string | null;
};

/** Whether a file was picked for the image `name` (it comes with the form without JavaScript). */
function filePicked(form: FormData, name: string): boolean {
  const file = form.get(imageFieldNames(name).file);
  return file instanceof Blob && file.size > 0;
}

export function documentAdmin<T extends DocumentType>(store: DocumentStore<T>) {
  const { type } = store;
  const images = imagePaths(type);
  const lists = rowLists(type);
  const schema = type.schema;

  async function loader({ request }: Pick<Args, "request">) {
    await requireAdmin(request);
    const [doc, draft] = await Promise.all([store.get(), store.getDraft()]);
    const forScreen = (one: StoredDocument<T> | null) =>
      one
        ? ({ ...one, updatedAt: one.updatedAt?.toISOString() ?? null } as ScreenDocument<T>)
        : null;
    return {
      doc: forScreen(doc),
      /** The pending draft (decision 033): what the editor opens on when there is one. */
      draft: forScreen(draft),
      editing: new URL(request.url).searchParams.has("edit"),
      history: await historyLink(type.entity, null, true),
      // The editor's Preview links panel (kit/preview.server.ts).
      previews: await previewLinksOf(type.entity, null),
      // Scheduled publishing of the draft (kit/schedule-admin.server.ts).
      schedule: await store.getSchedule(),
      timeZone: await siteTimeZone(),
    };
  }

  /**
   * Before an add/remove-row answer: a file picked without JavaScript is stored now and its
   * address goes in the form (a file input cannot be given a value back, the pick would be lost),
   * as the picker does at once with JavaScript; a ticked "Remove image" empties the address. An
   * upload of an earlier answer that this one replaces goes (a saved image is in use and stays).
   * Nothing is saved in the document until Save. Answers a refused file's field and message.
   */
  async function carryImages(form: FormData, fields: FormData, skip: string | null, by: string) {
    let refused: [string, string] | null = null;
    for (const { name } of imageNames(images, (list) => rowCount(fields, list))) {
      const field = imageFieldNames(name);
      const carried = String(fields.get(field.url) ?? "");
      if (skip !== null && name.startsWith(skip)) {
        // A removed row: an upload it carried that was never saved goes with it.
        await deleteImageIfUnused(carried);
        continue;
      }
      if (filePicked(form, name)) {
        const image = await resolveImageField(form, name, { uploadedBy: by });
        if (image.ok) fields.set(field.url, image.url);
        else refused ??= [name, image.message];
      } else if (fields.get(field.remove) === "on") {
        fields.set(field.url, "");
      }
      if (fields.get(field.url) !== carried) await deleteImageIfUnused(carried);
      fields.delete(field.remove);
    }
    return refused;
  }

  async function action({ request, context }: Args) {
    const { admin } = await requireAdmin(request);
    const actor = actorOf(admin, context);
    // A form with an image is multipart: its files come with it without JavaScript.
    let form: FormData | null;
    if (images.length) form = await readUploadForm(request);
    else form = await request.formData().catch(() => null);
    if (!form) {
      // Not a readable form (a file over the cap, a broken body).
      const message = images.length ? IMAGE_UPLOAD_FAILED : FORM_UNREADABLE;
      return answer({ status: "error", error: { "": [message] } }, 400);
    }
    // The Preview links panel's intents, back to the screen.
    const intent = form.get("intent");
    if (isPreviewIntent(intent)) {
      const target = { entity: type.entity, id: null };
      const back = `${type.admin.path}${new URL(request.url).search}`;
      return previewIntent(String(intent), form, { target, actor, back, flash: redirectWithFlash });
    }
    // Schedule and Cancel schedule (kit/schedule-admin.server.ts).
    if (intent === SCHEDULE_INTENT || intent === UNSCHEDULE_INTENT) {
      const write = (times: ScheduleTimes) => store.schedule(times.publishAt, actor);
      const notFound = () => {
        throw data(type.texts.saveFailed, { status: 404 });
      };
      return scheduleAction({
        form,
        intent,
        write,
        editor: type.admin.path,
        single: true,
        notFound,
      });
    }
    // What conform reads and echoes back: the text fields (a File cannot be sent back).
    // Discard changes: the publishing line's own button, no fields.
    if (form.get("intent") === DISCARD_INTENT) {
      const done = await attempt(`Discarding the ${type.entity} draft`, () =>
        store.discardDraft(actor),
      );
      if (!done.ok) throw data(type.texts.saveFailed, { status: 500 });
      return redirectWithFlash(
        type.admin.path,
        done.value ? "Draft discarded: the published version is unchanged." : "There was no draft.",
      );
    }
    const asDraft = form.get("as") === SAVE_AS_DRAFT;
    form.delete("as");
    form.delete("intent");
    const fields = new FormData();
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") fields.append(name, value);
    }
    // A hand-made intent is a small 400 before anything is stored (lib/form-data.server.ts).
    checkFormIntent(fields, schema);
    const row = readRowIntent(fields, lists);
    if (row.kind === "refused") {
      // The form comes back as it was, with the reason above it.
      const reply = parseFormWith(withoutIntent(fields), schema).reply();
      return answer({ ...reply, error: { "": [row.message] } }, 400);
    }
    if (row.kind === "row") {
      const removed = row.type === "remove" ? `${row.list}[${row.index}].` : null;
      const refused = await carryImages(form, fields, removed, admin.email);
      const reply = parseFormWith(fields, schema).reply();
      // Adding, removing or moving a row is not saving: no error is shown for fields not yet
      // filled in.
      const error = refused ? { [refused[0]]: [refused[1]] } : undefined;
      return answer({ ...reply, error }, refused ? 400 : 200);
    }

    const submission = parseFormWith(fields, schema);
    if (submission.status !== "success") return answer(submission.reply(), 400);
    const value = submission.value as Record<string, unknown>;
    const fileErrors = type.checkFiles?.(submission.value, (name) => filePicked(form, name));
    if (fileErrors) return answer(submission.reply({ fieldErrors: fileErrors }), 400);

    // Only now are files stored: a form with other errors leaves nothing behind.
    const stored: string[] = [];
    const input = structuredClone(value);
    for (const { name } of imageNames(images, rowsIn(value))) {
      const image = await resolveImageField(form, name, { uploadedBy: admin.email });
      if (!image.ok) {
        for (const url of stored) await discardImage(url);
        return answer(submission.reply({ fieldErrors: { [name]: [image.message] } }), 400);
      }
      if (image.stored) stored.push(image.url);
      setAt(input, name, image.url);
    }
    // The alt rule once every image's address is known (a file picked without JavaScript too).
    const lacking = imageNames(images, rowsIn(input))
      .filter(({ name, described }) => described && lacksAlt((at) => valueAt(input, at), name))
      .map(({ name }) => [altNames(name).alt, [ALT_REQUIRED]]);
    if (lacking.length) {
      for (const url of stored) await discardImage(url);
      return answer(submission.reply({ fieldErrors: Object.fromEntries(lacking) }), 400);
    }

    // A database outage is rethrown (the site's 503 page); any other failure keeps the form.
    // "Save draft" keeps the site as it is; Save publishes what the form holds.
    const saved = await attempt(`Saving the ${type.entity}`, () =>
      asDraft ? store.saveDraft(input as never, actor) : store.save(input as never, actor),
    );
    if (!saved.ok) {
      // The files stored for this save would be used by nothing.
      for (const url of stored) await discardImage(url);
      return answer(submission.reply({ formErrors: [type.texts.saveFailed] }), 500);
    }
    if (asDraft) return redirectWithFlash(`${type.admin.path}?edit`, DRAFT_SAVED);
    return redirectWithFlash(type.admin.path, type.texts.saved);
  }

  return { loader, action };
}
