// The loader and action of a content type's admin screen (list, `?new`, `?edit=<id>`,
// `?delete=<id>`), built from its description. The order is the same for every type:
// the session first (nobody signed out gets a body read), then the form, the delete, bulk or
// save intent, the schema, the image files (stored only once every other field is valid, so a
// refused form leaves nothing behind), the write through the store (which runs the
// after-write steps), and a redirect with a flash. An `ordered` type also takes Move up / Move
// down (`move`). A type with intents of its own (previewing a post) hands them in as `intents`:
// the kit still checks the session and reads the form first. A delete sends the record to the
// trash; the trash's view (`?trash`), Restore and Delete forever are trash.server.ts's.
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { DELETE_INTENT } from "~/components/admin/confirm-delete";
import { DISCARD_INTENT, SAVE_AS_DRAFT, UNPUBLISH_INTENT } from "~/components/admin/publishing";
import type { Actor } from "~/domain/audit";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { IMAGE_UPLOAD_FAILED, imageFieldNames } from "~/domain/image";
import { discardImage, readUploadForm, resolveImageField } from "~/domain/image.server";
import {
  attempt,
  deleteFromCollection,
  loadCollectionScreen,
  notFound,
  readForm,
  unexpectedError,
} from "~/lib/admin-crud.server";
import { type ListSort, listHref, parseListState } from "~/lib/admin-list";
import { BULK_INTENT, BULK_TRASH, type BulkChoice } from "~/lib/bulk";
import { bulkAction } from "~/lib/bulk.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { ListPage } from "~/lib/list-page.server";
import { historyLink } from "../history.server";
import { siteTimeZone } from "../site-time-zone.server";
import { MOVE_INTENT, SAVE_INTENT, type ScreenActionData } from "./admin-screen";
import type { HistoryLinkData } from "./history-link";
import { ALT_REQUIRED, altNames, lacksAlt } from "./image-alt";
import type { PreviewLink } from "./preview";
import { isPreviewIntent, previewIntent, previewLinksOf } from "./preview.server";
import { DRAFT_SAVED, type PublishingState } from "./publishing";
import type { ScheduleTimes } from "./schedule";
import { SCHEDULE_INTENT, scheduleAction, UNSCHEDULE_INTENT } from "./schedule-admin.server";
import { moveSchema } from "./schema";
import type { AdminQuery, WriteOptions } from "./store.server";
import { RESTORE_INTENT, type TrashData, trashHref } from "./trash";
import { loadTrash, type TrashStore, trashAction } from "./trash.server";
import {
  type CollectionType,
  describedImages,
  isImageField,
  POSITION_MESSAGE,
  sortFields,
} from "./types";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The screen again, with the form's errors or the list's error line (400 unless said). */
const answer = (
  result: SubmissionResult<string[]> | null,
  listError: string | null = null,
  status = 400,
) => data<ScreenActionData>({ result, listError }, { status });

/** What an intent of the type's own is given, once the session is checked and the form read. */
export interface IntentContext {
  form: FormData;
  /** The posted id; null when none (or empty). */
  id: string | null;
  actor: Actor;
  /** The list with its search and page: where a write goes back to. */
  back: string;
  /** Form replies never carry these inputs back (a picked file does not serialise). */
  hideFields: string[];
}

export interface AdminOptions<Extra extends object> {
  /** The type's own intents, by the value its form posts as `intent`. */
  intents?: Record<
    string,
    (
      context: IntentContext,
    ) => Promise<Response | ReturnType<typeof data<ScreenActionData & Extra>>>
  >;
  /**
   * The checked value just before it is saved, given the posted form and the record being
   * edited (null when adding): for what the form alone cannot say (an internship's list items
   * that hold commas).
   */
  prepare?: (
    value: Record<string, unknown>,
    posted: { form: FormData; current: { _id: string } | null },
  ) => Record<string, unknown>;
  /**
   * The type's bulk actions besides Delete selected (an internship's Mark active), each writing
   * one record through the type's own domain function (false: the record is gone).
   */
  bulk?: readonly {
    choice: BulkChoice;
    write: (id: string, actor: Actor, to: string) => Promise<boolean>;
  }[];
}

/**
 * What the screen needs of a store: the kit's own (kit/store.server.ts), or one a type builds on
 * it (a highlight's, whose table also gives each card's position).
 */
export interface AdminStore extends TrashStore {
  type: CollectionType;
  listForAdmin(query: AdminQuery): Promise<ListPage<{ _id: string }>>;
  get(id: string): Promise<{ _id: string } | null>;
  create(input: Record<string, unknown>, actor: Actor, options?: WriteOptions): Promise<unknown>;
  update(
    id: string,
    input: Record<string, unknown>,
    actor: Actor,
    options?: WriteOptions,
  ): Promise<boolean>;
  remove(id: string, actor: Actor): Promise<boolean>;
  /** The record with its pending draft applied, and where it stands (kit/store.server.ts). */
  getForEditor(id: string): Promise<({ _id: string } & PublishingState) | null>;
  saveDraft(id: string, input: Record<string, unknown>, actor: Actor): Promise<boolean>;
  unpublish(id: string, actor: Actor): Promise<boolean>;
  discardDraft(id: string, actor: Actor): Promise<boolean>;
  /** When the record publishes / unpublishes (kit/schedule.server.ts). */
  schedule?(id: string, times: ScheduleTimes, actor: Actor): Promise<boolean>;
  /** An `ordered` type's Move up / Move down (kit/store.server.ts). */
  move?(id: string, position: number, actor: Actor): Promise<boolean>;
}

/** The loader's answer: the store's page of the table, the search, the record being edited. */
type ScreenData<S extends AdminStore> = Awaited<ReturnType<S["listForAdmin"]>> & {
  q: string;
  sort: ListSort | null;
  formOpen: boolean;
  editing: Awaited<ReturnType<S["getForEditor"]>> | null;
  deleting: Awaited<ReturnType<S["get"]>> | null;
  trash: TrashData;
  /** The edited record's "History (N)" link (kit/history-link.tsx). */
  history: HistoryLinkData | null;
  /** The record being edited's preview links (kit/preview.server.ts). */
  previews: PreviewLink[] | null;
};

export function collectionAdmin<S extends AdminStore, Extra extends object = Record<never, never>>(
  store: S,
  options: AdminOptions<Extra> = {},
) {
  const { type } = store;
  const { texts } = type;
  const path = type.admin.path;
  // Where a write lands: the list, at the screen's success line when it names one.
  const landing = type.admin.resultId ? `#${type.admin.resultId}` : "";
  const imageFields = type.fields.filter(isImageField);
  const intents = options.intents ?? {};
  const noun = `${type.admin.noun[0].charAt(0).toUpperCase()}${type.admin.noun[0].slice(1)}`;
  const hideFields = imageFields.map((field) => imageFieldNames(field.name).file);
  // The columns staff may sort by: any other `?sort=` is dropped from the list and its links.
  const sortable = [...sortFields(type).keys()];
  // The flash's Undo after a move to the trash: Restore of those records, back to the list.
  const trashUndo = (ids: string[]) => ({ action: trashHref(path), intent: RESTORE_INTENT, ids });

  async function loader({ request }: Pick<Args, "request">): Promise<ScreenData<S>> {
    await requireAdmin(request);
    const screen = await loadCollectionScreen(request, {
      list: store.listForAdmin,
      // The editor shows a published record's pending draft, the delete step what is live.
      get: store.getForEditor,
      notFoundText: texts.notFound,
      sortable,
    });
    const editing = screen.editing as { _id: string } | null;
    const [trash, history, previews] = await Promise.all([
      loadTrash(store, new URL(request.url)),
      historyLink(type.entity, editing?._id),
      editing ? previewLinksOf(type.entity, editing._id) : null,
    ]);
    // Scheduled publishing: times typed and shown in the site's zone.
    const timeZone = await siteTimeZone();
    return { ...screen, trash, history, previews, timeZone } as ScreenData<S> & {
      timeZone: string;
    };
  }

  async function action({ request, context }: Args) {
    const { admin } = await requireAdmin(request);
    const actor = actorOf(admin, context);
    const back = `${listHref(path, parseListState(new URL(request.url), sortable))}${landing}`;
    // A form with an image field is multipart: its file comes with it without JavaScript.
    const form = imageFields.length ? await readUploadForm(request) : await readForm(request);
    if (!form) {
      // Not a readable form (a file over the cap, a broken body).
      const field = imageFields[0]?.name ?? "";
      return answer({ status: "error", error: { [field]: [IMAGE_UPLOAD_FAILED] } });
    }
    // A button's own intent comes after the form's hidden one: the type's own intents win.
    const posted = form.getAll("intent");
    const isOwn = (value: unknown): value is string =>
      typeof value === "string" && Object.hasOwn(intents, value);
    const intent = posted.find(isOwn) ?? posted[0];
    // The posted id: an edit or a delete names its record; a create has none.
    const postedId = form.get("id");
    const id = typeof postedId === "string" && postedId !== "" ? postedId : null;
    // The editor's Preview links panel: the record's, back to its editor.
    if (isPreviewIntent(intent)) {
      if (id === null || !(await store.get(id))) notFound(texts.notFound);
      const target = { entity: type.entity, id };
      const editor = listHref(path, parseListState(new URL(request.url), sortable), { edit: id });
      return previewIntent(String(intent), form, {
        target,
        actor,
        back: editor,
        flash: redirectWithFlash,
      });
    }
    const own = isOwn(intent) ? intents[intent] : undefined;
    if (own) return own({ form, id, actor, back, hideFields });

    const trashed = trashAction(store, { intent, id, form, actor, url: new URL(request.url) });
    if (trashed) return trashed;

    const move = type.ordered ? store.move : undefined;
    if (intent === MOVE_INTENT && move) {
      if (id === null || !(await store.get(id))) notFound(texts.notFound);
      const submission = parseFormWith(form, moveSchema);
      if (submission.status !== "success") return answer(null, POSITION_MESSAGE);
      const { position } = submission.value;
      const moved = await attempt(`Moving a ${type.entity}`, () => move(id, position, actor));
      if (!moved.ok) return answer(null, unexpectedError(moved.error), 500);
      if (!moved.value) notFound(texts.notFound);
      return redirectWithFlash(back, `${noun} moved to position ${position}.`);
    }

    if ((intent === SCHEDULE_INTENT || intent === UNSCHEDULE_INTENT) && store.schedule) {
      const schedule = store.schedule;
      if (id === null || !(await store.get(id))) notFound(texts.notFound);
      const editor = listHref(path, parseListState(new URL(request.url), sortable), { edit: id });
      const write = (times: ScheduleTimes) => schedule(id, times, actor);
      const missing = () => notFound(texts.notFound);
      return scheduleAction({ form, intent, write, editor, single: false, notFound: missing });
    }

    if (intent === UNPUBLISH_INTENT || intent === DISCARD_INTENT) {
      if (id === null || !(await store.get(id))) notFound(texts.notFound);
      const unpublish = intent === UNPUBLISH_INTENT;
      const done = await attempt(
        `${unpublish ? "Unpublishing" : "Discarding"} a ${type.entity}`,
        () => (unpublish ? store.unpublish(id, actor) : store.discardDraft(id, actor)),
      );
      if (!done.ok) return answer(null, unexpectedError(done.error), 500);
      if (!done.value) notFound(texts.notFound);
      const flash = unpublish
        ? `${noun} unpublished: it is a draft again.`
        : "Draft discarded: the published version is unchanged.";
      const editor = listHref(path, parseListState(new URL(request.url), sortable), { edit: id });
      return redirectWithFlash(editor, flash);
    }

    if (intent === DELETE_INTENT) {
      if (id === null || !(await store.get(id))) notFound(texts.notFound);
      return deleteFromCollection({
        what: `Deleting a ${type.entity}`,
        form,
        remove: () => store.remove(id, actor),
        notFoundText: texts.notFound,
        back,
        flash: texts.trashed,
        failedText: texts.deleteFailed,
        undo: trashUndo([id]),
      });
    }
    if (intent === BULK_INTENT) {
      // Delete selected and the type's own, one record at a time through the store.
      const outcome = await bulkAction(form, {
        noun: type.admin.noun,
        writes: [
          { choice: BULK_TRASH, write: (one) => store.remove(one, actor), undo: trashUndo },
          ...(options.bulk ?? []).map(({ choice, write }) => ({
            choice,
            write: (one: string, to: string) => write(one, actor, to),
          })),
        ],
        subject: async (one) => {
          const record = await store.get(one);
          return record ? type.admin.subject(record) : null;
        },
        back,
      });
      if (outcome instanceof Response) return outcome;
      return data<ScreenActionData>(
        { result: null, listError: null, bulk: outcome.bulk },
        { status: outcome.status },
      );
    }
    if (intent !== SAVE_INTENT) return answer(null, "Unknown action.");

    const current = id === null ? null : await store.get(id);
    if (id !== null && !current) notFound(texts.notFound);
    const submission = parseFormWith(form, type.schema);
    if (submission.status !== "success") return answer(submission.reply({ hideFields }));

    // Only now are files stored: a form with other errors leaves nothing behind.
    const input: Record<string, unknown> = { ...submission.value };
    const stored: string[] = [];
    const discardStored = () => Promise.all(stored.map((url) => discardImage(url)));
    for (const field of imageFields) {
      const image = await resolveImageField(form, field.name, { uploadedBy: admin.email });
      const message = !image.ok ? image.message : image.url === "" ? field.required : undefined;
      if (message) {
        await discardStored();
        return answer(submission.reply({ hideFields, fieldErrors: { [field.name]: [message] } }));
      }
      if (image.ok) {
        input[field.name] = image.url;
        if (image.stored) stored.push(image.url);
      }
    }

    // The alt rule once every image's address is known (a file picked without JavaScript too).
    const lacking = describedImages(type.fields).filter((field) =>
      lacksAlt((name) => input[name], field.name),
    );
    if (lacking.length) {
      await discardStored();
      const fieldErrors = Object.fromEntries(
        lacking.map((field) => [altNames(field.name).alt, [ALT_REQUIRED]]),
      );
      return answer(submission.reply({ hideFields, fieldErrors }));
    }

    const value = options.prepare ? options.prepare(input, { form, current }) : input;
    // "Save draft" keeps the site as it is; the main button publishes what the form holds.
    const asDraft = form.get("as") === SAVE_AS_DRAFT;
    const saved = await attempt(
      `${id ? "Updating" : "Creating"} a ${type.entity}`,
      async (): Promise<string | false> => {
        if (!id) {
          const status = asDraft ? "draft" : "published";
          const created = (await store.create(value, actor, { status })) as { _id: string };
          return created._id;
        }
        const written = asDraft
          ? await store.saveDraft(id, value, actor)
          : await store.update(id, value, actor, { status: "published" });
        return written ? id : false;
      },
    );
    if (!saved.ok || !saved.value) {
      // The files stored for this save would be used by nothing.
      await discardStored();
      if (saved.ok) notFound(texts.notFound);
      const failed = id ? texts.updateFailed : texts.createFailed;
      return answer(submission.reply({ hideFields, formErrors: [failed] }), null, 500);
    }
    // A saved draft stays open in its editor: staff usually go on with it (or preview it).
    if (asDraft) {
      const editor = listHref(path, parseListState(new URL(request.url), sortable), {
        edit: saved.value,
      });
      return redirectWithFlash(editor, DRAFT_SAVED);
    }
    if (id) return redirectWithFlash(back, texts.updated);
    // Where the new record is in the whole list: first (newest first), or last in an ordered
    // type (its last page), so staff see what they made.
    const page = type.ordered ? (await store.listForAdmin({ q: "", page: 1 })).pages : 1;
    return redirectWithFlash(`${listHref(path, { page })}${landing}`, texts.created);
  }

  return { loader, action };
}
