// /admin/dashboard/intership-page (spelled so on purpose): the internships admin, on the content
// kit's loader and action (app/content/internships.ts describes the type; the kit checks the
// session, saves, deletes and runs the after-write steps). The screen is the internship's own:
// the kit's editor is always there, with the success and error lines below it, where every
// change lands; then 'All Internships' with its twelve columns, Toggle Active per row, and
// Delete selected / Mark active / Mark inactive for the ticked rows
// (components/admin/internship-screen.tsx, components/admin/bulk-bar.tsx). Delete asks its question (a dialog with
// JavaScript, `?delete=<id>` without, components/admin/confirm-delete.tsx).
import { useEffect, useState } from "react";
import { data, useLocation } from "react-router";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import {
  InternshipTable,
  joinErrors,
  type Note,
  ResultLines,
} from "~/components/admin/internship-screen";
import { PreviewLinks } from "~/components/admin/preview-links";
import { useLayoutFlash } from "~/components/admin/use-flash";
import {
  INTERNSHIP_ERROR,
  INTERNSHIP_TOGGLED,
  type InternshipRecord,
  internships,
  RESPOND_FIELD,
  TOGGLE_INTENT,
} from "~/content/internships";
import { collectionAdmin, type IntentContext } from "~/content/kit/admin.server";
import { CollectionEditor, collectionMeta, ScreenHeader } from "~/content/kit/admin-screen";
import { internshipStore } from "~/content/stores.server";
import { setInternshipActive, toggleInternshipActive } from "~/domain/internship.server";
import { deadlinePassed } from "~/domain/internship-list";
import { attempt, notFound } from "~/lib/admin-crud.server";
import { listHref } from "~/lib/admin-list";
import { bulkActive } from "~/lib/bulk";
import { redirectWithFlash } from "~/lib/flash.server";
import type { Route } from "./+types/internships";
import type { AdminPageHandle } from "./layout";

const { admin, texts } = internships;

// The success line belongs below the form, not at the top of the admin shell.
export const handle: AdminPageHandle = { ownFlash: true };

/** What a toggle answers a fetcher besides the list's error line. */
type Toggled = { toggled?: InternshipRecord; message?: string };

/** Toggle Active, the internship's own intent. */
async function toggle({ form, id, actor, back }: IntentContext) {
  // A toggle sent by a fetcher gets its 404 as data: thrown, it would replace the whole page
  // with the error boundary, where the red line can say it (as lead-actions.server.ts does).
  const fetched = form.get(RESPOND_FIELD) === "data";
  const answer = (body: Toggled & { listError?: string }, status = 200) =>
    data({ result: null, listError: null, ...body }, { status });
  const gone = () =>
    fetched ? answer({ listError: texts.notFound }, 404) : notFound(texts.notFound);
  if (id === null || !(await internshipStore.get(id))) return gone();
  const toggled = await attempt("Toggling an internship", () => toggleInternshipActive(id, actor));
  if (!toggled.ok) return answer({ listError: INTERNSHIP_ERROR }, 500);
  if (!toggled.value) return gone();
  // The answer replaces the row. With JavaScript the page stays put and reloads its list;
  // without it, POST/redirect/GET like every other change.
  return fetched
    ? answer({ toggled: toggled.value, message: INTERNSHIP_TOGGLED })
    : redirectWithFlash(back, INTERNSHIP_TOGGLED);
}

/**
 * Requirements and benefits are typed comma-separated, so an item holding a comma ("HTML, CSS
 * and JavaScript") cannot survive the round trip. When the admin left such a list exactly as
 * the form showed it, the stored items are kept instead of being split anew.
 */
function keepUnchangedLists(
  value: Record<string, unknown>,
  { form, current }: { form: FormData; current: { _id: string } | null },
) {
  const kept = { ...value };
  const stored = current as InternshipRecord | null;
  for (const name of ["requirements", "benefits"] as const) {
    if (stored && String(form.get(name) ?? "").trim() === stored[name].join(", ")) {
      kept[name] = stored[name];
    }
  }
  return kept;
}

const screen = collectionAdmin<typeof internshipStore, Toggled>(internshipStore, {
  intents: { [TOGGLE_INTENT]: toggle },
  prepare: keepUnchangedLists,
  // Besides Delete selected: Mark active and Mark inactive, one internship at a time.
  bulk: [true, false].map((active) => ({
    choice: bulkActive(active),
    write: (id, actor) => setInternshipActive(id, active, actor),
  })),
});

export async function loader(args: Route.LoaderArgs) {
  const list = await screen.loader(args);
  // Decided here, on the server's clock, so the page and its hydration agree.
  const now = new Date();
  const items = list.items.map((item) => ({
    ...item,
    deadlinePassed: deadlinePassed(item.deadline, now),
  }));
  return { ...list, items };
}

export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = (args) => collectionMeta(internships, args);

export default function ManageInternships({ loaderData, actionData }: Route.ComponentProps) {
  const { page, q, sort, editing, deleting } = loaderData;
  const listUrl = listHref(admin.path, { q, sort, page });
  const flash = useLayoutFlash();
  const location = useLocation();
  // A toggle's answer shows until the next page or message replaces it.
  const [note, setNote] = useState<Note | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the page changes.
  useEffect(() => setNote(null), [location.key]);
  // A new message replaces it too; the flash going away does not (the list reloading after a
  // toggle reads the layout again, which then has no message).
  useEffect(() => {
    if (flash.key) setNote(null);
  }, [flash.key]);
  return (
    <>
      {/* No Add link: the form is always there. */}
      <ScreenHeader type={internships} />

      <CollectionEditor
        key={editing?._id ?? "new"}
        type={internships}
        editing={editing}
        lastResult={actionData?.result}
        cancelHref={listUrl}
        alwaysOpen
        intro={
          editing ? (
            <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
              Changing “{editing.title}”.
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-700">
              Every field is required except the two boxes.
            </p>
          )
        }
        labels={{ create: "Add Internship", update: "Update Internship", creating: "Adding..." }}
        after={(errors) => (
          <ResultLines
            flash={flash}
            note={note}
            errorLine={note && !note.ok ? note.text : actionData?.listError || joinErrors(errors)}
          />
        )}
      />

      {editing && loaderData.previews ? (
        <PreviewLinks links={loaderData.previews} id={editing._id} subject={`“${editing.title}”`} />
      ) : null}

      {deleting ? (
        <DeleteConfirmation
          id={deleting._id}
          subject={deleting.title}
          question={texts.deleteConfirm}
          cancelHref={listUrl}
        />
      ) : null}

      <InternshipTable
        list={loaderData}
        onToggled={setNote}
        bulkAnswer={actionData && "bulk" in actionData ? actionData.bulk : undefined}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
