// The posts of the lead inbox, shared by the list and detail pages of quote requests and
// contact messages: change the status, add an internal note, delete; on the lists also the
// ticked rows' status or deletion at once (lib/bulk.server.ts). Every one is a plain form
// POST (works without JavaScript); the status change also comes from a fetcher with
// JavaScript (`_enhanced=1`), which gets data back instead of a redirect so the page stays put
// and the row changes when the loaders run again, that is, only once the server has saved it.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { DELETE_INTENT } from "~/components/admin/confirm-delete";
import {
  attempt,
  deleteFromCollection,
  notFound,
  readForm,
  unexpectedError,
} from "~/lib/admin-crud.server";
import { BULK_DELETE, BULK_INTENT, type BulkAnswer } from "~/lib/bulk";
import { bulkAction } from "~/lib/bulk.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { Actor } from "./audit";
import {
  checkStatus,
  ENHANCED_FIELD,
  leadBulkChoices,
  leadSubject,
  NOTE_ADDED,
  NOTE_INTENT,
  NOTES_FULL,
  noteSchema,
  STATUS_FAILED,
  STATUS_INTENT,
  statusSetText,
} from "./lead-inbox";
import type { AddNoteOutcome } from "./lead-inbox.server";

export interface LeadActionData {
  /** A failed status change, for the row whose control sent it. */
  statusError: { id: string; message: string } | null;
  /** Shown above the table (or the record) after a failed post without JavaScript. */
  listError: string | null;
  /** The note form's reply (errors beside the field, the typed text kept). */
  noteResult: SubmissionResult<string[]> | null;
  /** A bulk post's confirmation step, or why it was refused (lib/bulk.ts). */
  bulk?: BulkAnswer;
}

const answer = (values: Partial<LeadActionData>, status = 200) =>
  data<LeadActionData>(
    { statusError: null, listError: null, noteResult: null, ...values },
    { status },
  );

export interface LeadKind<Status extends string> {
  /** e.g. "quote request", for logs and messages. */
  noun: string;
  statuses: readonly Status[];
  /** The fields the list may be sorted by (`?sort=`), which its links and redirects keep. */
  sortable: readonly string[];
  notFoundText: string;
  exists: (id: string) => Promise<boolean>;
  /** Who the lead is from, or null when the id names nothing (a bulk confirmation's list). */
  nameOf: (id: string) => Promise<string | null>;
  setStatus: (id: string, status: Status, actor: Actor) => Promise<boolean>;
  remove: (id: string, actor: Actor) => Promise<boolean>;
  addNote: (id: string, text: string, actor: Actor) => Promise<AddNoteOutcome>;
  deletedFlash: string;
}

/**
 * Runs the posted intent. `back` is where a post without JavaScript returns (the same list
 * page and filter, or the record); `afterDelete` where a deletion returns.
 */
export async function leadAction<Status extends string>(
  request: Request,
  actor: Actor,
  kind: LeadKind<Status>,
  places: { back: string; afterDelete: string; fixedId?: string },
) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const posted = form.get("id");
  // A detail page names its record in the URL; a list row in the form.
  const id = places.fixedId ?? (typeof posted === "string" ? posted : "");

  if (intent === STATUS_INTENT) {
    const enhanced = form.get(ENHANCED_FIELD) === "1";
    const checked = checkStatus(form.get("status"), kind.statuses);
    if (!checked.ok) {
      return answer(
        { statusError: { id, message: checked.message }, listError: checked.message },
        400,
      );
    }
    // Answered, not thrown: a fetcher's thrown 404 would replace the whole page with an error.
    if (!(await kind.exists(id))) {
      return answer(
        { statusError: { id, message: kind.notFoundText }, listError: kind.notFoundText },
        404,
      );
    }
    const saved = await attempt(`Changing a ${kind.noun}'s status`, () =>
      kind.setStatus(id, checked.status, actor),
    );
    if (!saved.ok) {
      return answer({ statusError: { id, message: STATUS_FAILED }, listError: STATUS_FAILED }, 500);
    }
    if (!saved.value) {
      return answer(
        { statusError: { id, message: kind.notFoundText }, listError: kind.notFoundText },
        404,
      );
    }
    if (enhanced) return answer({});
    return redirectWithFlash(places.back, statusSetText(checked.status));
  }

  if (intent === NOTE_INTENT) {
    if (!(await kind.exists(id))) notFound(kind.notFoundText);
    const submission = parseFormWith(form, noteSchema);
    if (submission.status !== "success") {
      return answer({ noteResult: submission.reply() }, 400);
    }
    const added = await attempt(`Adding a note to a ${kind.noun}`, () =>
      kind.addNote(id, submission.value.text, actor),
    );
    if (!added.ok) {
      return answer(
        { noteResult: submission.reply({ formErrors: [unexpectedError(added.error)] }) },
        500,
      );
    }
    if (added.value === "not-found") notFound(kind.notFoundText);
    if (added.value === "full") {
      return answer({ noteResult: submission.reply({ formErrors: [NOTES_FULL] }) }, 409);
    }
    return redirectWithFlash(`${places.back}#notes`, NOTE_ADDED);
  }

  if (intent === DELETE_INTENT) {
    if (!(await kind.exists(id))) notFound(kind.notFoundText);
    const outcome = await deleteFromCollection({
      what: `Deleting a ${kind.noun}`,
      form,
      remove: () => kind.remove(id, actor),
      notFoundText: kind.notFoundText,
      back: places.afterDelete,
      failedBack: places.back,
      flash: kind.deletedFlash,
    });
    // A failed delete from JavaScript answers { result, listError }; keep this module's shape.
    if (outcome instanceof Response) return outcome;
    return answer({ listError: outcome.data.listError }, 500);
  }

  if (intent === BULK_INTENT && places.fixedId === undefined) {
    const outcome = await bulkAction(form, {
      noun: [kind.noun, `${kind.noun}s`],
      writes: leadBulkChoices(kind.statuses).map((choice) => ({
        choice,
        write: (one, to) =>
          choice.value === BULK_DELETE.value
            ? kind.remove(one, actor)
            : kind.setStatus(one, to as Status, actor),
      })),
      subject: async (one) => {
        const name = await kind.nameOf(one);
        return name === null ? null : leadSubject(kind.noun, name);
      },
      back: places.back,
    });
    if (outcome instanceof Response) return outcome;
    return answer({ bulk: outcome.bulk }, outcome.status);
  }

  return answer({ listError: "Unknown action." }, 400);
}
