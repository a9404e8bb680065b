// /admin/dashboard/about: the about page (SPEC §2: view, then edit, then save; §3 About content;
// §5 'Mission and values are required.', 'Contact email and phone are required.', Save disabled
// during a team image upload; §8 'Failed to update about page.'). ONE editor for what the SPEC
// showed as two near-identical about/team screens.
//
// Edit mode is a URL state (?edit), so it works without JavaScript. Team rows are added and
// removed with conform's intent buttons; like the footer editor, the form is a document post
// even with JavaScript (reloadDocument), so the server's answer keeps every typed value. Each
// row's portrait is an ImageField in the same multipart form: without JavaScript its file is
// posted with the form, with JavaScript it uploads when picked. The last row cannot be removed;
// a blank row is not saved, so the team can still be emptied (/about then has no team section).
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import {
  EnvelopeSimpleIcon,
  PencilSimpleIcon,
  PhoneIcon,
  PlusIcon,
  TrashIcon,
} from "@phosphor-icons/react";
import { type ComponentProps, useCallback, useState } from "react";
import { data, Form, Link } from "react-router";
import { FormErrors, InputField, SubmitButton } from "~/components/admin/form-controls";
import { ImageField } from "~/components/admin/image-field";
import { EnterSaves, rowListSubmit } from "~/components/admin/row-list-form";
import { useEditorForm } from "~/components/admin/use-editor-form";
import { flashOf } from "~/components/admin/use-flash";
import { TextareaField } from "~/components/forms/fields";
import { DEFAULT_AVATAR, FallbackImage } from "~/components/site/fallback-image";
import {
  ABOUT_SAVED,
  aboutPageSchema,
  isBlankMember,
  splitValues,
  TEAM_MAX,
  TEAM_NAME_REQUIRED,
  TEAM_TEXT_MAX,
} from "~/domain/about-page";
import { deleteDroppedPortraits, getAboutPage, saveAboutPage } from "~/domain/about-page.server";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { IMAGE_UPLOAD_FAILED, imageFieldNames } from "~/domain/image";
import { discardImage, readUploadForm, resolveImageField, storeImage } from "~/domain/image.server";
import { attempt } from "~/lib/admin-crud.server";
import { adminMeta } from "~/lib/admin-meta";
import { redirectWithFlash } from "~/lib/flash.server";
import { checkFormIntent, parseFormWith } from "~/lib/form-data.server";
import { formatDate, isoDate } from "~/lib/format";
import { LAST_ROW_MESSAGE, removesLastRow } from "~/lib/row-list.server";
import type { Route } from "./+types/about";

const PAGE = "/admin/dashboard/about";

export { ABOUT_SAVED };
export const ABOUT_SAVE_FAILED = "Failed to update about page.";
/** conform's intent field (add/remove a row). */
const INTENT = "__intent__";

const rowNames = (index: number) => imageFieldNames(`team[${index}].image`);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const about = await getAboutPage();
  return {
    about: about
      ? {
          title: about.title,
          content: about.content,
          mission: about.mission,
          values: about.values,
          team: about.team ?? [],
          contact: { email: about.contact?.email ?? "", phone: about.contact?.phone ?? "" },
          updatedAt: about.updatedAt?.toISOString() ?? null,
          updatedBy: about.updatedBy ?? null,
        }
      : null,
    editing: new URL(request.url).searchParams.has("edit"),
  };
}

/** The form without its files: what conform parses and echoes back (a File cannot be sent). */
function withoutFiles(form: FormData): FormData {
  const copy = new FormData();
  for (const [name, value] of form.entries())
    if (typeof value === "string") copy.append(name, value);
  return copy;
}

/** The picked (non-empty) file of row `index`, if any. */
function pickedFile(form: FormData, index: number): Blob | null {
  const file = form.get(rowNames(index).file);
  return file instanceof Blob && file.size > 0 ? file : null;
}

type ListIntent = { type: "insert" | "remove"; payload: { name: "team"; index?: number } };

/** The add/remove-row button's intent, or null (a Save, or anything else sent in its place). */
function listIntent(fields: FormData): ListIntent | null {
  try {
    const intent = JSON.parse(String(fields.get(INTENT))) as Partial<ListIntent> | null;
    const ok =
      (intent?.type === "insert" || intent?.type === "remove") && intent.payload?.name === "team";
    return ok ? (intent as ListIntent) : null;
  } catch {
    return null;
  }
}

/**
 * Before an add/remove-row answer without JavaScript: a portrait picked in a row that stays is
 * stored now and its address put in the row (a file input cannot be refilled, and the pick would
 * otherwise be lost), and a ticked "Remove image" empties the row's image. Nothing is saved in
 * the document until Save. Answers whether some file was refused.
 */
async function keepRowImages(
  intent: ListIntent,
  form: FormData,
  fields: FormData,
  uploadedBy: string,
): Promise<boolean> {
  const skip = intent.type === "remove" ? Number(intent.payload.index) : null;
  let refused = false;
  for (let index = 0; index < TEAM_MAX; index++) {
    if (index === skip) continue;
    const names = rowNames(index);
    const file = pickedFile(form, index);
    if (file) {
      const stored = await storeImage(file, {
        filename: file instanceof File ? file.name : undefined,
        uploadedBy,
      });
      if (stored.ok) fields.set(names.url, stored.url);
      else refused = true;
    } else if (fields.get(names.remove) === "on") {
      fields.set(names.url, "");
    }
    fields.delete(names.remove);
  }
  return refused;
}

export async function action({ request, context }: Route.ActionArgs) {
  // The session first: nobody signed out gets a multipart body read (up to 16 MiB).
  const { admin } = await requireAdmin(request);
  const actor = actorOf(admin, context);
  const form = await readUploadForm(request);
  if (!form) {
    // Not a readable multipart form (a file over the cap, a broken body).
    const result: SubmissionResult<string[]> = {
      status: "error",
      error: { "": [IMAGE_UPLOAD_FAILED] },
    };
    return data({ result }, { status: 400 });
  }
  const fields = withoutFiles(form);
  // A hand-made intent is refused (400) before any picked portrait is stored below.
  checkFormIntent(fields, aboutPageSchema);

  if (removesLastRow(fields, ["team"])) {
    const asItWas = parseFormWith(fields, aboutPageSchema);
    return data({ result: asItWas.reply({ formErrors: [LAST_ROW_MESSAGE] }) }, { status: 400 });
  }
  const intent = listIntent(fields);
  if (intent) {
    // An add/remove-row button: the updated form comes back, nothing is saved.
    const refused = await keepRowImages(intent, form, fields, admin.email);
    const submission = parseFormWith(fields, aboutPageSchema);
    return data(
      { result: submission.reply(refused ? { formErrors: [IMAGE_UPLOAD_FAILED] } : undefined) },
      { status: 200 },
    );
  }
  // Any other intent (none of this form's buttons sends one) is read as a plain Save.
  fields.delete(INTENT);

  const submission = parseFormWith(fields, aboutPageSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const rows = submission.value.team;
  // A portrait picked for a row with no name: the same message as a role without a name.
  const unnamed = rows.flatMap((row, index) =>
    isBlankMember(row) && pickedFile(form, index) ? [`team[${index}].name`] : [],
  );
  if (unnamed.length) {
    const fieldErrors = Object.fromEntries(unnamed.map((name) => [name, [TEAM_NAME_REQUIRED]]));
    return data({ result: submission.reply({ fieldErrors }) }, { status: 400 });
  }

  // Only now are files stored: a form with other errors leaves nothing behind.
  const stored: string[] = [];
  const team: (typeof rows)[number][] = [];
  for (const [index, row] of rows.entries()) {
    const image = await resolveImageField(form, `team[${index}].image`, {
      uploadedBy: admin.email,
    });
    if (!image.ok) {
      for (const url of stored) await discardImage(url);
      return data(
        {
          result: submission.reply({ fieldErrors: { [`team[${index}].image`]: [image.message] } }),
        },
        { status: 400 },
      );
    }
    if (image.stored) stored.push(image.url);
    team.push({ ...row, image: image.url });
  }

  // A database outage is rethrown (503 page); any other failure keeps the form.
  const saved = await attempt("Saving the about page", () =>
    saveAboutPage({ ...submission.value, team }, actor),
  );
  if (!saved.ok) {
    for (const url of stored) await discardImage(url);
    return data({ result: submission.reply({ formErrors: [ABOUT_SAVE_FAILED] }) }, { status: 500 });
  }
  const { previousImages } = saved.value;
  await deleteDroppedPortraits(previousImages, team);
  return redirectWithFlash(PAGE, ABOUT_SAVED);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data?.editing ? "Edit about page" : "About page", flashOf(matches));

type About = Route.ComponentProps["loaderData"]["about"];
type TeamRow = { name: string; role: string; image: string };
const BLANK_MEMBER: TeamRow = { name: "", role: "", image: "" };

export default function AboutAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { about } = loaderData;
  // The answer to a post (a refused save, an added or removed row) is the form again.
  const editing = loaderData.editing || Boolean(actionData);
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            {editing ? "Edit about page" : "About page"}
          </h1>
          <p className="mt-2 max-w-2xl text-slate-700">
            The About page: its title and introduction (also used by search engines and shared
            links), mission, values, team and contact line.
          </p>
        </div>
        {editing ? null : (
          <Link
            to="?edit"
            className="inline-flex items-center gap-2 rounded-lg bg-blue-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <PencilSimpleIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
            Edit about page
          </Link>
        )}
      </header>
      {editing ? (
        <AboutForm about={about} lastResult={actionData?.result} />
      ) : (
        <AboutView about={about} />
      )}
    </>
  );
}

const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
const headingClass = "text-sm font-semibold tracking-wide text-slate-600 uppercase";

function AboutView({ about }: { about: About }) {
  if (!about) {
    return (
      <section className={cardClass}>
        <p className="text-slate-700">
          No about page yet: visitors see a short placeholder until it is saved.
        </p>
      </section>
    );
  }
  const values = splitValues(about.values);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="about-page-heading" className={`${cardClass} grid gap-4`}>
        <h2 id="about-page-heading" className={headingClass}>
          Page
        </h2>
        <dl className="grid gap-4">
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Title</dt>
            <dd className="break-words text-slate-700">{about.title || "— (shows “About Us”)"}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Introduction</dt>
            <dd className="break-words whitespace-pre-line text-slate-700">
              {about.content || "—"}
            </dd>
          </div>
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="about-mission-heading" className={cardClass}>
          <h2 id="about-mission-heading" className={headingClass}>
            Mission
          </h2>
          <p className="mt-3 break-words whitespace-pre-line text-slate-700">{about.mission}</p>
        </section>
        <section aria-labelledby="about-values-heading" className={cardClass}>
          <h2 id="about-values-heading" className={headingClass}>
            Values
          </h2>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-slate-700 marker:text-blue-700">
            {values.map((value, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: stored order; texts may repeat.
              <li key={i} className="break-words">
                {value}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="about-team-heading" className={cardClass}>
        <h2 id="about-team-heading" className={headingClass}>
          Team ({about.team.length})
        </h2>
        {about.team.length ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {about.team.map((member, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: stored order; names may repeat.
                key={i}
                className="flex items-center gap-4 rounded-xl border border-slate-200 p-3"
              >
                <FallbackImage
                  src={member.image}
                  fallback={DEFAULT_AVATAR}
                  alt={`Portrait of ${member.name}`}
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-16 w-16 shrink-0 rounded-full bg-slate-100 object-cover"
                />
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{member.name}</p>
                  {member.role ? (
                    <p className="text-sm break-words text-slate-700">{member.role}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-700">No team members: the About page shows no team.</p>
        )}
      </section>

      <section aria-labelledby="about-contact-heading" className={cardClass}>
        <h2 id="about-contact-heading" className={headingClass}>
          Contact line
        </h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1">
            <dt className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <EnvelopeSimpleIcon aria-hidden="true" className="h-5 w-5 text-blue-700" />
              Email
            </dt>
            <dd className="break-all text-slate-700 pl-7">{about.contact.email || "—"}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <PhoneIcon aria-hidden="true" className="h-5 w-5 text-blue-700" />
              Phone
            </dt>
            <dd className="break-words text-slate-700 pl-7">{about.contact.phone || "—"}</dd>
          </div>
        </dl>
      </section>

      {about.updatedAt ? (
        <p className="text-sm text-slate-600">
          Last updated{" "}
          <time dateTime={isoDate(about.updatedAt)}>{formatDate(about.updatedAt)}</time>
          {about.updatedBy ? ` by ${about.updatedBy}` : null}
        </p>
      ) : null}
    </div>
  );
}

function AboutForm({
  about,
  lastResult,
}: {
  about: About;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useEditorForm(aboutPageSchema, {
    id: "about",
    lastResult,
    defaultValue: {
      title: about?.title ?? "",
      content: about?.content ?? "",
      mission: about?.mission ?? "",
      values: about?.values ?? "",
      team: about?.team.length ? about.team : [BLANK_MEMBER],
      contact: { email: about?.contact.email ?? "", phone: about?.contact.phone ?? "" },
    },
  });
  const formProps = getFormProps(form);
  const team = fields.team.getFieldList();
  const contact = fields.contact.getFieldset();
  const formErrorId = form.errors?.length ? form.errorId : undefined;

  // Save waits while any row's portrait uploads (SPEC §5). Stable callbacks: the ImageField
  // re-runs its effect when its callback changes.
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const onUploading = useCallback(
    (key: string, value: boolean) =>
      setUploading((before) => (before[key] === value ? before : { ...before, [key]: value })),
    [],
  );
  const anyUploading = Object.values(uploading).some(Boolean);

  return (
    <section className={cardClass}>
      {/* ?edit: the answer to a post comes back in edit mode. A document post even with
          JavaScript (reloadDocument, no conform onSubmit), as in the footer editor: conform's
          in-browser handling of the add/remove buttons lost what had been typed in other rows,
          while the server's answer keeps every typed value. */}
      <Form
        method="post"
        action="?edit"
        encType="multipart/form-data"
        reloadDocument
        {...formProps}
        onSubmit={rowListSubmit(formProps.onSubmit)}
        className="grid gap-8"
      >
        <EnterSaves />
        <FormErrors id={form.errorId} errors={form.errors} />

        <fieldset className="grid gap-5">
          <legend className="float-left text-lg font-semibold text-slate-900">Page</legend>
          <div className="clear-both grid max-w-3xl gap-5">
            <InputField
              meta={fields.title}
              label="Title"
              hint="The page's heading, and its title in search results and shared links. Empty: “About Us”."
              type="text"
              maxLength={120}
              formErrorId={formErrorId}
            />
            <TextareaField
              meta={fields.content}
              label="Introduction"
              hint="Under the heading, and the description in search results (about the first 160 characters)."
              rows={3}
              maxLength={1000}
              formErrorId={formErrorId}
            />
          </div>
        </fieldset>

        <fieldset className="grid gap-5 border-t border-slate-200 pt-6">
          <legend className="float-left text-lg font-semibold text-slate-900">
            Mission and values
          </legend>
          <div className="clear-both grid gap-5 lg:grid-cols-2">
            <TextareaField
              meta={fields.mission}
              label="Mission"
              rows={8}
              maxLength={3000}
              formErrorId={formErrorId}
            />
            <TextareaField
              meta={fields.values}
              label="Values"
              hint="One value per line. “Lead: explanation” shows the lead in bold."
              rows={8}
              maxLength={5000}
              formErrorId={formErrorId}
            />
          </div>
        </fieldset>

        <fieldset className="grid gap-4 border-t border-slate-200 pt-6">
          <legend className="float-left text-lg font-semibold text-slate-900">Team</legend>
          <p className="clear-both text-sm text-slate-700">
            Name, role and portrait of each member, in the order shown on the page. A blank row is
            not saved.
          </p>
          {fields.team.errors?.length ? (
            <p id={fields.team.errorId} className="text-sm font-medium text-red-700">
              {fields.team.errors.join(" ")}
            </p>
          ) : null}
          <ol className="grid gap-4">
            {team.map((row, index) => (
              <TeamMemberRow
                key={row.key}
                rowKey={row.key ?? String(index)}
                index={index}
                // biome-ignore lint/suspicious/noExplicitAny: one row of this form's team list.
                row={row as any}
                remove={form.remove.getButtonProps({ name: fields.team.name, index })}
                canRemove={team.length > 1}
                onUploading={onUploading}
              />
            ))}
          </ol>
          <div>
            <AddRowButton
              {...form.insert.getButtonProps({
                name: fields.team.name,
                defaultValue: BLANK_MEMBER,
              })}
              disabled={team.length >= TEAM_MAX}
            >
              Add team member
            </AddRowButton>
          </div>
        </fieldset>

        <fieldset className="grid gap-5 border-t border-slate-200 pt-6">
          <legend className="float-left text-lg font-semibold text-slate-900">Contact line</legend>
          <p className="clear-both text-sm text-slate-700">
            Shown at the bottom of the About page.
          </p>
          <div className="grid max-w-3xl gap-5 sm:grid-cols-2">
            <InputField
              meta={contact.email}
              label="Contact email"
              type="email"
              autoComplete="off"
              formErrorId={formErrorId}
            />
            <InputField
              meta={contact.phone}
              label="Contact phone"
              type="tel"
              autoComplete="off"
              formErrorId={formErrorId}
            />
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
          <SubmitButton
            pending={anyUploading}
            pendingText="Uploading image..."
            aria-describedby={formErrorId}
          >
            Save
          </SubmitButton>
          <Link
            to="."
            className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

function TeamMemberRow({
  rowKey,
  index,
  row,
  remove,
  canRemove,
  onUploading,
}: {
  rowKey: string;
  index: number;
  // biome-ignore lint/suspicious/noExplicitAny: conform's metadata of one row.
  row: any;
  remove: ComponentProps<"button">;
  canRemove: boolean;
  onUploading: (key: string, value: boolean) => void;
}) {
  const cells = row.getFieldset();
  const legend = `Team member ${index + 1}`;
  const onUploadingChange = useCallback(
    (value: boolean) => onUploading(rowKey, value),
    [onUploading, rowKey],
  );
  const image = cells.image.initialValue;
  return (
    <li className="relative rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5">
      <fieldset className="grid gap-4">
        <legend className="float-left flex min-h-11 items-center text-base font-semibold text-slate-900">
          {legend}
        </legend>
        {/* Name and role side by side, the portrait below at full width: its picker and
            hint need the room beside the preview. */}
        <div className="clear-both grid gap-5">
          <div className="grid content-start gap-4 sm:grid-cols-2">
            <InputField
              meta={cells.name}
              label="Name"
              type="text"
              maxLength={TEAM_TEXT_MAX}
              autoComplete="off"
            />
            <InputField
              meta={cells.role}
              label="Role"
              type="text"
              maxLength={TEAM_TEXT_MAX}
              autoComplete="off"
            />
          </div>
          <ImageField
            name={cells.image.name}
            label="Portrait"
            defaultValue={typeof image === "string" ? image : ""}
            errors={cells.image.errors}
            hint="Square works best. JPEG, PNG, WebP, GIF or AVIF, at most 5 MB."
            onUploadingChange={onUploadingChange}
          />
        </div>
        {/* Last in the row (after its fields when tabbing), shown at its top right. */}
        <button
          {...remove}
          disabled={!canRemove}
          aria-label={`Remove ${legend.toLowerCase()}`}
          title={canRemove ? undefined : "The last row cannot be removed; leave it blank instead."}
          className="absolute top-3 right-3 inline-flex min-h-11 sm:top-4 sm:right-4 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <TrashIcon aria-hidden="true" className="h-4 w-4" />
          Remove
        </button>
      </fieldset>
    </li>
  );
}

function AddRowButton(props: ComponentProps<"button">) {
  const { children, ...button } = props;
  return (
    <button
      {...button}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 text-sm font-semibold text-blue-800 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-50"
    >
      <PlusIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
      {children}
    </button>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
