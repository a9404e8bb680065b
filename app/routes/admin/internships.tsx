// /admin/dashboard/intership-page (spelled so on purpose): the internships admin. The editor is
// always there (components/admin/internship-form.tsx), with the success and error lines below
// it; then 'All Internships' with search and pages (components/admin/internship-table.tsx).
// Delete asks its question (a dialog with JavaScript, `?delete=<id>` without,
// components/admin/confirm-delete.tsx); Toggle Active is a small POST form per row.
//
// Built from parts of the content kit (app/content/internships.ts describes the type; its
// store writes and runs the after-write steps; the editor's inputs come from the kit's field
// descriptors), not from the kit's generic screen: this one has a visible list heading, twelve
// columns, the toggle, and every change lands on the lines below the form.
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { data, Link, useLocation } from "react-router";
import { DELETE_INTENT, DeleteConfirmation } from "~/components/admin/confirm-delete";
import { InternshipForm, type Note, useLayoutFlash } from "~/components/admin/internship-form";
import { InternshipTable } from "~/components/admin/internship-table";
import { AdminPageHeader } from "~/components/admin/list-controls";
import { flashOf } from "~/components/admin/use-flash";
import {
  internships,
  INTERNSHIPS_PAGE as PAGE,
  RESPOND_FIELD,
  RESULT_ID,
  SAVE_INTENT,
  TOGGLE_INTENT,
} from "~/content/internships";
import { internshipStore } from "~/content/stores.server";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import {
  INTERNSHIP_ERROR,
  INTERNSHIP_TOGGLED,
  type InternshipInput,
  type InternshipRecord,
  internshipFormSchema,
} from "~/domain/internship";
import { toggleInternshipActive } from "~/domain/internship.server";
import { attempt, loadCollectionScreen, notFound, readForm } from "~/lib/admin-crud.server";
import { listHref, parseListState } from "~/lib/admin-list";
import { adminMeta } from "~/lib/admin-meta";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { Route } from "./+types/internships";
import type { AdminPageHandle } from "./layout";

const { admin, texts } = internships;
const AT_RESULT = `#${RESULT_ID}`;

// The success line belongs below the form, not at the top of the admin shell.
export const handle: AdminPageHandle = { ownFlash: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const screen = await loadCollectionScreen(request, {
    list: internshipStore.listForAdmin,
    get: internshipStore.get,
    notFoundText: texts.notFound,
  });
  // Decided here, on the server's clock, so the page and its hydration agree.
  const now = Date.now();
  return {
    ...screen,
    items: screen.items.map((item) => ({
      ...item,
      deadlinePassed: new Date(item.deadline).getTime() < now,
    })),
  };
}

type ActionData = {
  result: SubmissionResult<string[]> | null;
  listError: string | null;
  toggled?: InternshipRecord;
  message?: string;
};

const reply = (body: ActionData, status = 200) => data(body, { status });

/**
 * Requirements and benefits are typed comma-separated, so an item holding a comma ("HTML, CSS
 * and JavaScript") cannot survive the round trip. When the admin left such a list exactly as
 * the form showed it, the stored items are kept instead of being split anew.
 */
function keepUnchangedLists(
  value: InternshipInput,
  form: FormData,
  current: InternshipRecord | null,
): InternshipInput {
  if (!current) return value;
  const unchanged = (name: "requirements" | "benefits") =>
    String(form.get(name) ?? "").trim() === current[name].join(", ");
  return {
    ...value,
    requirements: unchanged("requirements") ? current.requirements : value.requirements,
    benefits: unchanged("benefits") ? current.benefits : value.benefits,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin: signedIn } = await requireAdmin(request);
  const actor = actorOf(signedIn, context);
  const back = `${listHref(PAGE, parseListState(new URL(request.url)))}${AT_RESULT}`;
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== SAVE_INTENT && intent !== DELETE_INTENT && intent !== TOGGLE_INTENT) {
    return reply({ result: null, listError: "Unknown action." }, 400);
  }
  const rawId = form.get("id");
  const id = typeof rawId === "string" && rawId !== "" ? rawId : null;
  // Every intent but adding names an existing internship: a malformed or unknown id is a 404.
  const current = id ? await internshipStore.get(id) : null;
  // A toggle sent by a fetcher gets its 404 as data: thrown, it would replace the whole page
  // with the error boundary, where the red line can say it (as lead-actions.server.ts does).
  const fetched = intent === TOGGLE_INTENT && form.get(RESPOND_FIELD) === "data";
  const gone = () =>
    fetched ? reply({ result: null, listError: texts.notFound }, 404) : notFound(texts.notFound);
  if ((intent !== SAVE_INTENT || id !== null) && !current) return gone();

  if (intent === DELETE_INTENT) {
    const deleted = await attempt("Deleting an internship", () =>
      internshipStore.remove(id as string, actor),
    );
    if (!deleted.ok) return reply({ result: null, listError: INTERNSHIP_ERROR }, 500);
    if (!deleted.value) notFound(texts.notFound);
    return redirectWithFlash(back, texts.deleted);
  }

  if (intent === TOGGLE_INTENT) {
    const toggled = await attempt("Toggling an internship", () =>
      toggleInternshipActive(id as string, actor),
    );
    if (!toggled.ok) return reply({ result: null, listError: INTERNSHIP_ERROR }, 500);
    if (!toggled.value) return gone();
    // The answer replaces the row. With JavaScript the page stays put and reloads its list;
    // without it, POST/redirect/GET like every other change.
    if (fetched) {
      return reply({
        result: null,
        listError: null,
        toggled: toggled.value,
        message: INTERNSHIP_TOGGLED,
      });
    }
    return redirectWithFlash(back, INTERNSHIP_TOGGLED);
  }

  const submission = parseFormWith(form, internshipFormSchema);
  if (submission.status !== "success") {
    return reply({ result: submission.reply(), listError: null }, 400);
  }
  const value = keepUnchangedLists(submission.value, form, current);
  const saved = await attempt(id ? "Updating an internship" : "Adding an internship", () =>
    id
      ? internshipStore.update(id, value, actor)
      : internshipStore.create(value, actor).then(() => true),
  );
  if (!saved.ok) {
    // The form keeps what was typed; the red line says it did not work.
    const failed = id ? texts.updateFailed : texts.createFailed;
    return reply({ result: submission.reply({ formErrors: [failed] }), listError: null }, 500);
  }
  if (!saved.value) notFound(texts.notFound);
  // A new internship leads the list (newest first): page 1 of the whole list. An edit returns
  // to the page it came from. Either way the form is empty and in add mode again.
  return id
    ? redirectWithFlash(back, texts.updated)
    : redirectWithFlash(`${PAGE}${AT_RESULT}`, texts.created);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(admin.title, flashOf(matches));

export default function ManageInternships({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, q, editing, deleting } = loaderData;
  const listUrl = listHref(PAGE, { q, page });
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
      <AdminPageHeader
        title={admin.title}
        description={
          <>
            {admin.description}{" "}
            <Link to={admin.siteLink} className="font-semibold text-blue-700 underline">
              See them on the site
            </Link>
            .
          </>
        }
        addLabel={admin.addLabel}
      />

      <InternshipForm
        key={editing?._id ?? "new"}
        editing={editing}
        lastResult={actionData?.result}
        cancelHref={listUrl}
        flash={flash}
        note={note}
        listError={actionData?.listError}
      />

      {deleting ? (
        <DeleteConfirmation
          id={deleting._id}
          subject={deleting.title}
          question={texts.deleteConfirm}
          cancelHref={listUrl}
        />
      ) : null}

      <InternshipTable
        items={items}
        total={total}
        page={page}
        pages={pages}
        q={q}
        editingId={editing?._id}
        deletingId={deleting?._id}
        onToggled={setNote}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
