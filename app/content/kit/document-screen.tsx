// The admin screen of a single document, drawn from its description: the header (view: an Edit
// link; `?edit`: the form), the document's own view (the route module's), and the editor, whose
// sections, fields and row lists come from the description's fields. Native forms throughout,
// so everything works without JavaScript; conform checks the same schema in the browser.
//
// A form with row lists posts as a document even with JavaScript (reloadDocument): conform's
// in-browser list handling lost what had been typed in other rows, so Add and Remove are conform
// intent buttons that the server answers with the form plus or minus one row, and the focus
// lands on the row concerned (autofocus, so it also works without JavaScript).
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { ArrowSquareOutIcon, PencilSimpleIcon } from "@phosphor-icons/react";
import { Fragment, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/admin/form-controls";
import {
  AdminPageHeader,
  primaryLinkClass,
  saveBarClass,
  secondaryLinkClass,
} from "~/components/admin/list-controls";
import { PreviewLinks } from "~/components/admin/preview-links";
import { PublishingLine, SAVE_AS_DRAFT } from "~/components/admin/publishing";
import { EnterSaves, rowListSubmit } from "~/components/admin/row-list-form";
import { SchedulePanel, type ScheduleReply } from "~/components/admin/schedule";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { ownFields, useEditorForm, usePosting } from "~/components/admin/use-editor-form";
import { flashOf } from "~/components/admin/use-flash";
import {
  ErrorSummary,
  type FieldErrorSource,
  pickErrors,
  placedField,
  placeErrors,
} from "~/components/forms/error-summary";
import { adminMeta } from "~/lib/admin-meta";
import {
  type DocumentField,
  type DocumentType,
  imagePaths,
  rowLists,
  setAt,
  valueAt,
} from "./document";
import { AddRowButton, type Meta, RowCard, rowToFocus } from "./document-parts";
import { NothingSaved } from "./document-view";
import { type AltMetas, altMetas, FieldInput, laidOut, placedAlt, useUploads } from "./field-input";
import { HistoryLink } from "./history-link";
import { ALT_LABEL } from "./image-alt";
import type { PreviewLink } from "./preview";
import type { ScheduleState } from "./schedule";

/** Fields the description leaves to the route module (`kind: "custom"`), by `render` name. */
export type CustomFields = Record<string, (meta: Meta) => ReactNode>;

/** The screen's document title: view or edit mode, after the flash when there is one. */
export function documentMeta(
  type: DocumentType,
  { data, matches }: { data?: unknown; matches: Parameters<typeof flashOf>[0] },
) {
  const editing = (data as { editing?: boolean } | undefined)?.editing;
  return adminMeta(editing ? type.admin.editTitle : type.admin.title, flashOf(matches));
}

export const cardClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";

export function DocumentScreen({
  type,
  loaderData,
  actionData,
  view,
  custom = {},
}: {
  type: DocumentType;
  loaderData: {
    doc: Record<string, unknown> | null;
    /** The pending draft: the editor opens on it (decision 033). */
    draft?: Record<string, unknown> | null;
    editing: boolean;
    /** What is scheduled for the draft (kit/schedule.ts). */
    schedule?: ScheduleState;
    /** The document's preview links (kit/preview.server.ts). */
    previews?: PreviewLink[];
  };
  /** A save's answer, or a refused schedule's (which leaves the view as it was). */
  actionData?: { result: SubmissionResult<string[]> | null; schedule?: ScheduleReply };
  /** What the view mode shows (the document's own view; see `admin.nothingSaved`). */
  view: ReactNode;
  custom?: CustomFields;
}) {
  const { admin } = type;
  // The answer to a post (a refused save, an added or removed row) is the form again; a
  // preview link's is not (it has no form result).
  const editing = loaderData.editing || Boolean(actionData?.result);
  return (
    <>
      <AdminPageHeader
        title={editing ? admin.editTitle : admin.title}
        description={admin.description}
        actions={
          <>
            <HistoryLink />
            {editing ? null : (
              <Link to="?edit" className={primaryLinkClass}>
                <PencilSimpleIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
                {admin.editLabel}
              </Link>
            )}
            {admin.publicLink ? (
              <a
                href={admin.publicLink.href}
                target="_blank"
                rel="noopener noreferrer"
                className={secondaryLinkClass}
              >
                <ArrowSquareOutIcon aria-hidden="true" className="h-4 w-4" />
                {admin.publicLink.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </>
        }
      />
      {loaderData.draft ? (
        <>
          <PublishingLine state={{ hasDraft: true }} id={null} noun={admin.title} />
          <SchedulePanel state={loaderData.schedule ?? {}} id={null} />
        </>
      ) : null}
      {editing ? (
        <DocumentForm
          type={type}
          doc={loaderData.draft ?? loaderData.doc}
          lastResult={actionData?.result ?? undefined}
          custom={custom}
        />
      ) : loaderData.doc || !admin.nothingSaved ? (
        view
      ) : (
        <NothingSaved>{admin.nothingSaved}</NothingSaved>
      )}
      {loaderData.previews ? (
        <PreviewLinks links={loaderData.previews} subject={`the ${admin.title.toLowerCase()}`} />
      ) : null}
    </>
  );
}

/** The form's starting values: the saved document, every row list with a row to type into. */
function defaultsOf(type: DocumentType, doc: Record<string, unknown> | null) {
  const values = structuredClone(type.toRecord(doc)) as Record<string, unknown>;
  for (const list of rowLists(type)) {
    const rows = valueAt(values, list.name);
    if (!Array.isArray(rows) || rows.length === 0) setAt(values, list.name, [{ ...list.blank }]);
  }
  return values;
}

/** conform's metadata at a dotted path: "cta.buttons" is `fields.cta`'s `buttons`. */
function metaAt(fields: Record<string, Meta>, path: string): Meta {
  const [first, ...rest] = path.split(".");
  let meta = fields[first as string] as Meta;
  for (const key of rest) meta = meta.getFieldset()[key] as Meta;
  return meta;
}

function DocumentForm({
  type,
  doc,
  lastResult,
  custom,
}: {
  type: DocumentType;
  doc: Record<string, unknown> | null;
  lastResult: SubmissionResult<string[]> | undefined;
  custom: CustomFields;
}) {
  const { admin } = type;
  const [form, fields] = useEditorForm(type.schema, {
    id: type.entity,
    lastResult,
    defaultValue: defaultsOf(type, doc) as never,
  });
  const formProps = getFormProps(form);
  const hasRows = rowLists(type).length > 0;
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  const metas = fields as unknown as Record<string, Meta>;
  const focus = rowToFocus(lastResult, (list) => metaAt(metas, list).getFieldList().length);
  const saving = usePosting();
  const uploads = useUploads();
  // Each message once, by the first field it concerns (rows' cells and images' alt text
  // included, in the order they are drawn), and the fields to correct linked above them.
  // `at(name)`: the metadata of a field beside this one (an image's alt text companions).
  type Placed = FieldErrorSource & { label: string };
  const altOf = (field: DocumentField, at: (name: string) => Meta): AltMetas | undefined =>
    field.kind === "image" && field.decorative === undefined ? altMetas(at, field.name) : undefined;
  const drawn = (
    list: readonly DocumentField[],
    at: (name: string) => Meta,
    prefix = "",
  ): Placed[] =>
    list.flatMap((field) => {
      const meta = at(field.name);
      if (field.kind !== "rows") {
        const alt = altOf(field, at);
        const label = `${prefix}${field.label}`;
        return [
          { ...pickErrors(meta), label },
          ...(alt ? [{ ...pickErrors(alt.text), label: `${label}: ${ALT_LABEL}` }] : []),
        ];
      }
      // The list's own message (too many rows) shows above its rows.
      const label = `${field.noun[0]?.toUpperCase() ?? ""}${field.noun.slice(1)}`;
      const own = { ...pickErrors(meta), label, anchor: meta.errorId };
      const cells = meta.getFieldList().map((row) => row.getFieldset() as Record<string, Meta>);
      return [
        own,
        ...cells.flatMap((cell, i) =>
          drawn(field.fields, (name) => cell[name] as Meta, `${field.rowLabel} ${i + 1}: `),
        ),
      ];
    });
  const placement = placeErrors(
    admin.sections.flatMap((section) => drawn(section.fields, (name) => metaAt(metas, name))),
  );
  const input = (
    field: DocumentField,
    meta: Meta,
    autoFocus = false,
    at: (name: string) => Meta = (name) => metaAt(metas, name),
  ): ReactNode => {
    switch (field.kind) {
      case "rows": {
        const rows = meta.getFieldList();
        return (
          <div key={field.name} className="grid gap-4">
            {meta.errors?.length ? (
              <p id={meta.errorId} className="text-sm font-medium text-red-700">
                {meta.errors.join(" ")}
              </p>
            ) : null}
            {rows.map((row, index) => {
              const cells = row.getFieldset();
              const focused = focus?.list === field.name && focus.index === index;
              return (
                <RowCard
                  key={row.key}
                  id={`${row.id}-row`}
                  title={`${field.rowLabel} ${index + 1}`}
                  remove={form.remove.getButtonProps({ name: meta.name, index })}
                  canRemove={rows.length > 1}
                  moveUp={
                    index > 0
                      ? form.reorder.getButtonProps({ name: meta.name, from: index, to: index - 1 })
                      : undefined
                  }
                  moveDown={
                    index < rows.length - 1
                      ? form.reorder.getButtonProps({ name: meta.name, from: index, to: index + 1 })
                      : undefined
                  }
                >
                  {laidOut(field.fields, (cell, i) =>
                    input(
                      cell,
                      cells[cell.name] as Meta,
                      focused && i === 0,
                      (name) => cells[name] as Meta,
                    ),
                  )}
                </RowCard>
              );
            })}
            <AddRowButton
              {...form.insert.getButtonProps({
                name: meta.name,
                defaultValue: field.blank as never,
              })}
              disabled={rows.length >= field.max}
            >
              {field.addLabel}
            </AddRowButton>
          </div>
        );
      }
      case "custom":
        return <Fragment key={field.name}>{custom[field.render]?.(meta)}</Fragment>;
      default:
        return (
          <div key={field.name} className="min-w-0 [overflow-wrap:anywhere]">
            <FieldInput
              field={field}
              meta={placedField(meta, placement)}
              alt={placedAlt(altOf(field, at), placement)}
              formErrorId={formErrorId}
              autoFocus={autoFocus}
              onUploadingChange={field.kind === "image" ? uploads.onChange(meta.name) : undefined}
            />
          </div>
        );
    }
  };
  const top = (field: DocumentField) => input(field, metaAt(metas, field.name));
  const titled = admin.sections.filter((s) => s.title);

  const body = (
    <>
      {hasRows ? <EnterSaves /> : null}
      {admin.sectionLinks ? (
        <nav aria-label="Sections of the form" className="flex flex-wrap gap-2 text-sm">
          {titled.map((s) => (
            <a
              key={s.id}
              href={`#${s.id}`}
              className="rounded-full border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:border-blue-300 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              {s.title}
            </a>
          ))}
        </nav>
      ) : null}
      <ErrorSummary id={form.errorId} formErrors={form.errors} fieldErrors={placement.summary} />
      {admin.sections.map((section, i) =>
        section.title && admin.sectionLinks ? (
          // A landmark the section links lead to.
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className={`${cardClass} scroll-mt-6`}
          >
            <h2 id={`${section.id}-heading`} className="text-xl font-bold text-slate-900">
              {section.title}
            </h2>
            {section.intro ? <p className="mt-1 text-sm text-slate-700">{section.intro}</p> : null}
            <div className="mt-5 grid gap-5">{laidOut(section.fields, top)}</div>
          </section>
        ) : section.title ? (
          <fieldset key={section.id} id={section.id} className={`${cardClass} grid gap-5`}>
            <legend className="float-left text-lg font-semibold text-slate-900">
              {section.title}
            </legend>
            {section.intro ? (
              <p className="clear-both text-sm text-slate-700">{section.intro}</p>
            ) : null}
            <div className="clear-both grid gap-5">{laidOut(section.fields, top)}</div>
          </fieldset>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the description's fixed order.
          <div key={i} className={titled.length ? `${cardClass} grid gap-5` : "grid gap-5"}>
            {laidOut(section.fields, top)}
          </div>
        ),
      )}
      <UnsavedChangesGuard
        value={form.value}
        own={ownFields(type.schema)}
        unsaved={Boolean(lastResult)}
      />
      <div className={saveBarClass}>
        <SubmitButton
          pending={saving || uploads.any}
          pendingText={uploads.any ? "Uploading image..." : "Saving..."}
          aria-describedby={formErrorId}
        >
          {admin.saveLabel}
        </SubmitButton>
        <button type="submit" name="as" value={SAVE_AS_DRAFT} className={secondaryLinkClass}>
          Save draft
        </button>
        <Link to="." className={secondaryLinkClass}>
          Cancel
        </Link>
      </div>
    </>
  );
  const element = (
    // ?edit: the answer to a post comes back in edit mode. A form with an image is multipart:
    // its file comes with it without JavaScript.
    <Form
      {...formProps}
      onSubmit={hasRows ? rowListSubmit(formProps.onSubmit) : formProps.onSubmit}
      method="post"
      action="?edit"
      encType={imagePaths(type).length ? "multipart/form-data" : undefined}
      reloadDocument={hasRows}
      className={hasRows ? "grid gap-6" : "grid max-w-3xl gap-5"}
    >
      {body}
    </Form>
  );
  return hasRows ? element : <section className={cardClass}>{element}</section>;
}
