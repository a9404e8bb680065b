// The server half of a bulk action (bulk.ts): read and check the post, then either answer the
// confirmation step (a post without `confirmed`: which records, by name) or write. Nothing is
// written until every check has passed: an unknown action, a malformed id, nothing ticked or
// more than BULK_MAX all answer 4xx with a message for the bar. The writes go one record at a
// time through the entity's own domain function, so each is audited and runs its after-write
// steps exactly as a single write does; a record deleted meanwhile is skipped and counted.
// The caller has already checked the session (requireAdmin); cross-site posts never get here
// (app/server.ts refuses them).
import { attempt, unexpectedError } from "./admin-crud.server";
import {
  BULK_FIELDS,
  BULK_MAX,
  type BulkAnswer,
  type BulkChoice,
  counted,
  nothingSelected,
} from "./bulk";
import {
  type FlashUndo,
  redirectWithErrorFlash,
  redirectWithFlash,
  redirectWithUndo,
} from "./flash.server";

/** One action of a list, and how it writes one record (false: the record is gone). */
export interface BulkWrite {
  choice: BulkChoice;
  write: (id: string, to: string) => Promise<boolean>;
  /** How the flash takes the writes back (a move to the trash), given the ids written. */
  undo?: (ids: string[]) => FlashUndo;
}

export interface BulkTarget {
  /** Singular and plural ("FAQ", "FAQs"), for the messages. */
  noun: readonly [string, string];
  writes: readonly BulkWrite[];
  /** What a record is called on the confirmation step, or null when the id names nothing. */
  subject: (id: string) => Promise<string | null>;
  /** The list as it was (search, page, filter): where a write returns. */
  back: string;
}

/** A redirect once written, or what the bar shows (the confirmation step, or why not). */
export type BulkOutcome = Response | { status: number; bulk: BulkAnswer };

/** The ids MongoDB gives: 24 hexadecimal digits. */
const OBJECT_ID = /^[0-9a-f]{24}$/i;

const refuse = (error: string, status = 400): BulkOutcome => ({ status, bulk: { error } });

/** The ticked ids, once each, in the order posted; "select all" adds the page's. */
function postedIds(form: FormData): unknown[] {
  const ids: unknown[] = form.getAll(BULK_FIELDS.ids);
  if (form.get(BULK_FIELDS.all) !== null) ids.push(...form.getAll(BULK_FIELDS.page));
  return [...new Set(ids)];
}

export async function bulkAction(form: FormData, target: BulkTarget): Promise<BulkOutcome> {
  const { noun } = target;
  const picked = target.writes.find((w) => w.choice.value === form.get(BULK_FIELDS.action));
  if (!picked) return refuse("Unknown bulk action.");
  const { choice } = picked;

  const ids = postedIds(form);
  const malformed = ids.find((id) => typeof id !== "string" || !OBJECT_ID.test(id));
  if (malformed !== undefined) {
    const shown = typeof malformed === "string" ? `“${malformed.slice(0, 40)}”` : "A file";
    return refuse(`${shown} is not the id of a ${noun[0]}. Reload the list and select again.`);
  }
  if (ids.length === 0) return refuse(nothingSelected(noun));
  if (ids.length > BULK_MAX) {
    return refuse(`Select at most ${BULK_MAX} ${noun[1]} at a time (${ids.length} were sent).`);
  }
  const to = String(form.get(BULK_FIELDS.to) ?? "");
  if (choice.options && !choice.options.values.includes(to)) {
    return refuse(`${choice.options.label}: choose one of ${choice.options.values.join(", ")}.`);
  }
  const checked = ids as string[];

  if (form.get(BULK_FIELDS.confirmed) === null) {
    // The step without JavaScript: name what would change; the records gone meanwhile drop out.
    const named = await Promise.all(checked.map(async (id) => [id, await target.subject(id)]));
    const found = named.filter((pair): pair is [string, string] => pair[1] !== null);
    if (found.length === 0) {
      return refuse(`The selected ${noun[1]} no longer exist (they may have been deleted).`, 404);
    }
    return {
      status: 200,
      bulk: {
        confirm: {
          action: choice.value,
          to,
          ids: found.map(([id]) => id),
          subjects: found.map(([, subject]) => subject),
        },
      },
    };
  }

  // One at a time, in order: each write is a single write as far as the audit and caches go.
  let done = 0;
  let gone = 0;
  const written: string[] = [];
  for (const id of checked) {
    const wrote = await attempt(`Bulk "${choice.value}" of ${noun[1]}`, () => picked.write(id, to));
    if (!wrote.ok) {
      const so = done ? `${choice.done(counted(done, noun), to)} ` : "";
      const left = counted(checked.length - done - gone, noun);
      return redirectWithErrorFlash(
        target.back,
        `${so}${unexpectedError(wrote.error)} ${left} left unchanged.`,
      );
    }
    if (wrote.value) {
      done++;
      written.push(id);
    } else gone++;
  }
  if (done === 0) {
    return redirectWithErrorFlash(
      target.back,
      `Nothing changed: the selected ${noun[1]} no longer exist.`,
    );
  }
  const skipped = gone ? ` ${counted(gone, noun)} no longer existed.` : "";
  const message = `${choice.done(counted(done, noun), to)}${skipped}`;
  return picked.undo
    ? redirectWithUndo(target.back, message, picked.undo(written))
    : redirectWithFlash(target.back, message);
}
