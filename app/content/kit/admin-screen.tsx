// The admin screen of a content type, drawn from its description: the page header with its
// Add link, the editor (`?new`, `?edit=<id>`), the delete step (`?delete=<id>` without
// JavaScript), and the searchable, paged table. Native forms throughout: everything works
// without JavaScript, and conform checks the same schema in the browser when it runs.
// A type whose editor shows more than its fields (a highlight's position, a post's Markdown
// preview) hands in its own `editor`; one whose table does hands in the cells of its `own`
// columns and its extra row actions (`table`); the rest stays the kit's. `?trash` shows the
// type's trash instead (trash-screen.tsx).

import { type FieldMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { ArrowRightIcon, ArrowUpRightIcon } from "@phosphor-icons/react";
import { Fragment, type ReactNode } from "react";
import { Form, Link } from "react-router";
import {
  CollectionTable,
  type Column,
  EditDeleteActions,
  EditStamp,
} from "~/components/admin/collection-table";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { SubmitButton } from "~/components/admin/form-controls";
import {
  AdminPageHeader,
  rowActionsClass,
  saveBarClass,
  secondaryLinkClass,
  tdClass,
} from "~/components/admin/list-controls";
import { MovePostButton } from "~/components/admin/move-buttons";
import { PreviewLinks } from "~/components/admin/preview-links";
import {
  type Publishing,
  PublishingLine,
  SAVE_AS_DRAFT,
  StatusBadge,
} from "~/components/admin/publishing";
import {
  LateBadge,
  ScheduledBadge,
  SchedulePanel,
  type ScheduleReply,
} from "~/components/admin/schedule";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { ownFields, useEditorForm, usePosting } from "~/components/admin/use-editor-form";
import { flashOf, useResetOnFlash } from "~/components/admin/use-flash";
import {
  ErrorSummary,
  pickErrors,
  placedField,
  placeErrors,
} from "~/components/forms/error-summary";
import { DEFAULT_AVATAR, FallbackImage } from "~/components/site/fallback-image";
import { Stars } from "~/components/site/stars";
import { type ListSort, listHref } from "~/lib/admin-list";
import { adminMeta } from "~/lib/admin-meta";
import { BULK_TRASH, type BulkAnswer } from "~/lib/bulk";
import { formatDate, isoDate } from "~/lib/format";
import { classifyHref } from "~/lib/links";
import { altMetas, FieldInput, laidOut, placedAlt, useUploads } from "./field-input";
import { HistoryLink } from "./history-link";
import { ALT_LABEL, altNames } from "./image-alt";
import type { PreviewLink } from "./preview";
import type { ScheduleState } from "./schedule";
import type { TrashData } from "./trash";
import { TrashLink, TrashView } from "./trash-screen";
import {
  type CollectionType,
  describedImages,
  type FieldDescriptor,
  type ListColumn,
  type TitleColumn,
} from "./types";

/** The save button's intent, which the action (admin.server.ts) dispatches on. */
export const SAVE_INTENT = "save";
/** An `ordered` type's Move up / Move down (components/admin/move-buttons.tsx posts it). */
export const MOVE_INTENT = "move";

/** Every type's list can delete the ticked rows (admin.server.ts answers the bulk intent). */
const BULK_CHOICES = [BULK_TRASH];

type MetaArgs = { matches: Parameters<typeof flashOf>[0] };

type Row = Record<string, unknown> & {
  _id: string;
  updatedAt: string;
  updatedBy: string | null;
  /** An `ordered` type's row: its 1-based place in the whole list. */
  position?: number;
};

interface CollectionScreenData {
  items: Row[];
  /** An `ordered` type: how many records the whole list has. */
  count?: number;
  total: number;
  page: number;
  pages: number;
  q: string;
  /** The column the table is sorted by, one the type declares (null: its own order). */
  sort: ListSort | null;
  formOpen: boolean;
  editing: Record<string, unknown> | null;
  deleting: Record<string, unknown> | null;
  /** The trash's count, and its rows on `?trash` (trash.server.ts). */
  trash?: TrashData;
  /** The record being edited's preview links (kit/preview.server.ts). */
  previews?: PreviewLink[] | null;
}

export type ScreenActionData = {
  result: SubmissionResult<string[]> | null;
  listError: string | null;
  /** A bulk post's confirmation step, or why it was refused (lib/bulk.ts). */
  bulk?: BulkAnswer;
  /** A refused Schedule (components/admin/schedule.tsx). */
  schedule?: ScheduleReply;
};

/** What an editor is given: the kit's own (drawn from the fields), or a type's. */
export interface EditorProps {
  type: CollectionType;
  editing: Record<string, unknown> | null;
  actionData: ScreenActionData | undefined;
  /** The form's result in `actionData`, as CollectionEditor takes it. */
  lastResult: SubmissionResult<string[]> | null | undefined;
  cancelHref: string;
}

/** What a type's screen adds to its described table. */
interface TableParts<R extends Row> {
  /** The value of each `own` column, by field; `narrow`: shown in the title's cell. */
  cells?: Record<string, (item: R, narrow: boolean) => ReactNode>;
  /** Row actions before Edit and Delete, and the classes of the grid they all sit in. */
  actions?: { before: (item: R) => ReactNode; className: string };
}

export function CollectionScreen<R extends Row = Row>({
  type,
  loaderData,
  actionData,
  editor,
  table,
}: {
  type: CollectionType;
  loaderData: CollectionScreenData & { items: R[] };
  actionData?: ScreenActionData;
  /** The type's own editor, in place of the one drawn from its fields. */
  editor?: (props: EditorProps) => ReactNode;
  /** The cells of the type's `own` columns, and its extra row actions. */
  table?: TableParts<R>;
}) {
  const { admin } = type;
  const { items, total, page, pages, q, sort, formOpen, editing, deleting, trash } = loaderData;
  const here = { q, sort, page };
  const listUrl = listHref(admin.path, here);
  const editingId = editing ? String(editing._id) : undefined;
  const deletingId = deleting ? String(deleting._id) : undefined;
  const before = admin.columns.filter((c) => c.before);
  const after = admin.columns.filter((c) => !c.before);
  const cells = table?.cells as Cells | undefined;
  const lastResult = actionData?.result;
  const editorProps = { type, editing, actionData, lastResult, cancelHref: listUrl };
  // Move up / Move down: to the place before or after in the whole list (a search shows some),
  // offered while the table is in that order (sorted by a column, "up" would mean another row).
  const count = loaderData.count ?? 0;
  const moves = type.ordered && !sort;
  const actionsClass = table?.actions?.className ?? (moves ? MOVE_GRID : rowActionsClass);
  const cell = (item: Row) => (c: ListColumn) => (
    <td key={c.field} className={`${tdClass} ${columnClass(c)} ${CELL[c.kind] ?? ""}`}>
      {value(c, item, cells, false)}
    </td>
  );
  if (trash?.items) {
    return (
      <>
        <ScreenHeader type={type} />
        <TrashView
          type={type}
          trash={{ ...trash, items: trash.items }}
          listError={actionData?.listError}
        />
      </>
    );
  }
  return (
    <>
      <ScreenHeader
        type={type}
        addHref={formOpen ? undefined : listHref(admin.path, here, { new: true })}
        actions={trash ? <TrashLink type={type} count={trash.count} /> : null}
      />

      {formOpen ? (
        <Fragment key={editingId ?? "new"}>
          {editor ? editor(editorProps) : <CollectionEditor {...editorProps} />}
          {editing && loaderData.previews ? (
            <PreviewLinks
              links={loaderData.previews}
              id={editingId}
              subject={`“${admin.subject(editing)}”`}
            />
          ) : null}
        </Fragment>
      ) : null}

      {deleting && deletingId ? (
        <DeleteConfirmation
          id={deletingId}
          subject={admin.subject(deleting)}
          question={type.texts.deleteConfirm}
          cancelHref={listUrl}
        />
      ) : null}

      <CollectionTable
        path={admin.path}
        q={q}
        sort={sort}
        page={page}
        pages={pages}
        total={total}
        noun={admin.noun}
        search={admin.search}
        listError={actionData?.listError}
        columns={[
          ...before.map(header),
          {
            label: admin.titleColumn.label,
            sort: admin.titleColumn.sort ? admin.titleColumn.title : undefined,
          },
          ...after.map(header),
          { label: "Actions", className: "text-right" },
        ]}
        emptyText={admin.emptyText}
        items={items}
        editingId={editingId}
        deletingId={deletingId}
        bulk={{
          choices: BULK_CHOICES,
          subject: admin.subject,
          answer: actionData?.bulk,
          listHref: listUrl,
        }}
        row={(item) => (
          <>
            {before.map(cell(item))}
            <TitleCell type={type} item={item} cells={cells} />
            {after.map(cell(item))}
            <td className={`${tdClass} text-right`}>
              <div className={actionsClass}>
                {table?.actions?.before(item)}
                {moves && item.position ? (
                  <>
                    <MovePostButton
                      direction="up"
                      id={item._id}
                      to={item.position - 1}
                      count={count}
                      subject={admin.subject(item)}
                    />
                    <MovePostButton
                      direction="down"
                      id={item._id}
                      to={item.position + 1}
                      count={count}
                      subject={admin.subject(item)}
                    />
                  </>
                ) : null}
                <EditDeleteActions
                  path={admin.path}
                  here={here}
                  id={item._id}
                  subject={admin.subject(item)}
                  deleteQuestion={type.texts.deleteConfirm}
                />
              </div>
            </td>
          </>
        )}
      />
    </>
  );
}

/** The row actions' grid with Move up and Move down first: they keep their columns at the ends. */
const MOVE_GRID =
  "ml-auto grid w-max grid-cols-2 gap-2 [&>:nth-child(n+3)]:col-span-2 sm:[&>:nth-child(n+3)]:col-span-1";

/** The screen's document title, with the flash a write left (a route module's `meta`). */
export function collectionMeta(type: CollectionType, { matches }: MetaArgs) {
  return adminMeta(type.admin.metaTitle ?? type.admin.title, flashOf(matches));
}

/** The screen's heading, where its content shows (with a link there), and the Add link. */
export function ScreenHeader({
  type,
  addHref,
  actions,
}: {
  type: CollectionType;
  addHref?: string;
  /** Links beside the Add link (the trash's). */
  actions?: ReactNode;
}) {
  const { admin } = type;
  return (
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
      addHref={addHref}
      addLabel={admin.addLabel}
      actions={actions}
    />
  );
}

/** Tailwind needs whole class names in the source: one per breakpoint. */
const SHOW_FROM = {
  sm: { column: "hidden sm:table-cell", under: "sm:hidden" },
  md: { column: "hidden md:table-cell", under: "md:hidden" },
  lg: { column: "hidden lg:table-cell", under: "lg:hidden" },
} as const;

const WIDTH: Partial<Record<ListColumn["kind"], string>> = { link: " w-64", image: " w-32" };
const columnClass = (c: ListColumn) => `${SHOW_FROM[c.from].column}${WIDTH[c.kind] ?? ""}`;
const CELL: Partial<Record<ListColumn["kind"], string>> = {
  text: "max-w-md text-slate-700 [overflow-wrap:anywhere]",
  date: "whitespace-nowrap",
};
const header = (c: ListColumn): Column => ({
  label: c.label,
  className: columnClass(c),
  sort: c.sort ? c.field : undefined,
});
const subtitleClass = (s: NonNullable<TitleColumn["subtitle"]>) =>
  s.accent
    ? "mt-0.5 font-semibold text-blue-700"
    : s.clamp
      ? "mt-1 line-clamp-2 text-slate-700"
      : "text-slate-700";

type Cells = Record<string, (item: Row, narrow: boolean) => ReactNode>;

function TitleCell({ type, item, cells }: { type: CollectionType; item: Row; cells?: Cells }) {
  const { titleColumn, columns } = type.admin;
  const image = titleColumn.image;
  const src = image ? String(item[image.field] ?? "") : "";
  const subtitle = titleColumn.subtitle;
  const subtitleText = subtitle ? String(item[subtitle.field] ?? "") : "";
  const title = String(item[titleColumn.title] ?? "");
  // Narrow screens: the other columns' values above or under the title, not in columns (a
  // picture is the row's decoration: it is not repeated).
  const narrow = (before: boolean) =>
    columns
      .filter((c) => !c.before === !before && c.kind !== "image")
      .map((c) => (
        <div key={c.field} className={`${before ? "mb-2" : "mt-1"} ${SHOW_FROM[c.from].under}`}>
          {value(c, item, cells, true)}
        </div>
      ));
  return (
    <td className={`${tdClass} [overflow-wrap:anywhere]`}>
      <div className={image ? "flex items-start gap-3" : undefined}>
        {image?.shape === "avatar" ? (
          <FallbackImage
            src={src}
            fallback={DEFAULT_AVATAR}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            // Phones: the row's bulk-select checkbox takes the room (the picture is decoration).
            className="hidden h-10 w-10 shrink-0 rounded-full bg-slate-100 object-cover sm:block"
          />
        ) : image ? (
          <Thumbnail src={src} className="hidden h-[54px] shrink-0 sm:block" />
        ) : null}
        <div className="min-w-0">
          {narrow(true)}
          <p className="font-semibold text-slate-900">
            {title}
            <StatusBadge {...(item as Publishing)} />
            <ScheduledBadge {...(item as ScheduleState)} />
          </p>
          <LateBadge {...(item as ScheduleState)} />
          {subtitle && subtitleText ? (
            <p className={subtitleClass(subtitle)}>{subtitleText}</p>
          ) : null}
          {narrow(false)}
          <EditStamp updatedAt={item.updatedAt} updatedBy={item.updatedBy} />
          {/* A draft is not on the site: nothing to view there. */}
          {titleColumn.siteHref && (item as Publishing).publishStatus !== "draft" ? (
            <Link
              to={titleColumn.siteHref(item)}
              className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-blue-700 underline-offset-4 hover:underline"
            >
              View on the site<span className="sr-only">: {title}</span>
              <ArrowRightIcon aria-hidden="true" className="h-4 w-4" />
            </Link>
          ) : null}
        </div>
      </div>
    </td>
  );
}

/** A record's picture in an admin table, 96 px wide (the default image when it has none). */
function Thumbnail({ src, className }: { src: string; className: string }) {
  return (
    <FallbackImage
      src={src}
      alt=""
      width={96}
      height={54}
      loading="lazy"
      className={`w-24 rounded-md border border-slate-200 bg-slate-100 object-cover ${className}`}
    />
  );
}

/** A column's value; `narrow`: in the title's cell (a shorter clamp) rather than its column. */
function value(column: ListColumn, item: Row, cells: Cells | undefined, narrow: boolean) {
  const v = item[column.field];
  switch (column.kind) {
    case "stars":
      return <Stars rating={Number(v)} />;
    case "link":
      return <OpenLink link={String(v ?? "")} />;
    case "image":
      return <Thumbnail src={String(v ?? "")} className="aspect-video" />;
    case "date":
      return (
        <time dateTime={isoDate(String(v))} className="text-slate-700">
          {formatDate(String(v))}
        </time>
      );
    case "own": {
      const cell = cells?.[column.field];
      if (!cell) throw new Error(`The screen draws no cell for the column ${column.field}`);
      return cell(item, narrow);
    }
    case "text":
      return (
        <p
          className={`${narrow ? "line-clamp-3" : "line-clamp-4"} text-slate-700${column.preLine ? " whitespace-pre-line" : ""}`}
        >
          {String(v ?? "") || "—"}
        </p>
      );
  }
}

/** "aws.amazon.com/architecture" for "https://aws.amazon.com/architecture/": shorter to scan. */
function shortLink(link: string): string {
  return link.replace(/^https?:\/\/(www\.)?/i, "").replace(/\/$/, "");
}

/**
 * A stored link as visitors get it: opened in a new tab when it is a web address. One that does
 * not open shows as stored (— when empty), or as `closed` when given ("No link").
 */
export function OpenLink({ link, closed }: { link: string; closed?: string }) {
  const kind = classifyHref(link);
  if (kind !== "external" && kind !== "internal") {
    return <span className="text-slate-700">{closed ?? (link || "—")}</span>;
  }
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-start gap-1 font-medium text-blue-700 underline [overflow-wrap:anywhere] hover:text-blue-800"
    >
      {shortLink(link)}
      <ArrowUpRightIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A stored value as its input shows it: a list as one comma-separated line, a date as its day. */
function formValue(field: FieldDescriptor, value: unknown): unknown {
  if (field.kind === "tags" && Array.isArray(value)) return value.join(", ");
  if (field.kind === "list" && Array.isArray(value)) return value.join(field.separator ?? ", ");
  if (field.kind === "date" && typeof value === "string") return value.slice(0, 10);
  return value;
}

/** What the editor starts from: the record's values, or a new record's defaults. */
export function editorDefaults(type: CollectionType, editing: Record<string, unknown> | null) {
  const defaults: Record<string, unknown> = {};
  for (const field of type.fields) {
    if (editing) defaults[field.name] = formValue(field, editing[field.name]);
    else if ("defaultValue" in field) defaults[field.name] = field.defaultValue;
  }
  // An image's alt text and decorative box (kit/image-alt.ts) are edited beside it.
  for (const field of editing ? describedImages(type.fields) : []) {
    const names = altNames(field.name);
    defaults[names.alt] = editing?.[names.alt];
    defaults[names.decorative] = editing?.[names.decorative];
  }
  return defaults;
}

type FieldMetas = Record<string, FieldMetadata<unknown, Record<string, unknown>, string[]>>;

/** The fields in a type's own arrangement, `input(name)` drawing the kit's input of one. */
type Layout = (
  input: (name: string) => ReactNode,
  fields: FieldMetas,
  formErrorId: string | undefined,
) => ReactNode;

/**
 * The editor drawn from a type's fields. A type's own editor adds to it without copying it:
 * `extraFields` (inputs of its own after the fields), `layout` (the fields in its own
 * arrangement, `input(name)` drawing the kit's input of one), `notice` (a line above the
 * fields), `intro` (a line under the heading), `buttons` (beside the submit button), `labels`
 * (the submit button's words), `after` (lines of its own after the form), `alwaysOpen` and
 * `autoFocus` (false: the first field does not take the focus).
 */
export function CollectionEditor({
  type,
  editing,
  lastResult,
  cancelHref,
  extraFields,
  layout,
  notice,
  intro,
  buttons,
  labels = { create: "Create", update: "Update", creating: "Creating..." },
  after,
  alwaysOpen = false,
  autoFocus = true,
}: {
  type: CollectionType;
  editing: Record<string, unknown> | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  cancelHref: string;
  extraFields?: (fields: FieldMetas, formErrorId: string | undefined) => ReactNode;
  layout?: Layout;
  notice?: ReactNode;
  intro?: ReactNode;
  buttons?: ReactNode;
  labels?: { create: string; update: string; creating: string };
  /** Given the form's errors, which it then shows itself: they are not repeated above the fields. */
  after?: (errors: string[]) => ReactNode;
  /**
   * The form is always on the page, not opened by Add or Edit (internships): it spans its card,
   * takes the focus only to edit, has nothing to cancel while adding, is emptied after a create
   * (with JavaScript it stays mounted across the redirect), and stands out in edit mode so that
   * nobody takes the filled form for a new one.
   */
  alwaysOpen?: boolean;
  autoFocus?: boolean;
}) {
  const saving = usePosting(SAVE_INTENT);
  const uploads = useUploads();
  // A record being edited says where it stands (kit/publishing.ts): a draft's button publishes.
  const state = (editing ?? {}) as Publishing;
  const isDraft = state.publishStatus === "draft";
  const [form, fields] = useEditorForm(type.schema, {
    id: editing ? `${type.entity}-${String(editing._id)}` : `${type.entity}-new`,
    lastResult,
    defaultValue: editorDefaults(type, editing) as never,
  });
  // An edit's form is replaced by the add form anyway; a delete keeps what is being typed.
  useResetOnFlash(form, (message) => alwaysOpen && message === type.texts.created);
  const formErrorId = form.errors?.length && !after ? form.errorId : undefined;
  const headingId = `${type.entity}-form-heading`;
  const multipart = type.fields.some((f) => f.kind === "image");
  // The form opens on purpose (Add, Edit): start typing at once, unless the type says not.
  const focused = autoFocus && (editing || !alwaysOpen) ? type.fields[0]?.name : undefined;
  // Each message once, by the first field it concerns, and in the summary above the fields.
  const metaOf = (field: FieldDescriptor) =>
    fields[field.name as never] as FieldMetas[string] | undefined;
  // An image's alt text companions (unless it is always decorative), placed after the image.
  const altOf = (field: FieldDescriptor) =>
    field.kind === "image" && field.decorative === undefined
      ? altMetas((name) => fields[name as never] as never, field.name)
      : undefined;
  const placement = placeErrors(
    type.fields.flatMap((field) => {
      const meta = metaOf(field);
      const alt = altOf(field);
      if (!meta) return [];
      return [
        { ...pickErrors(meta), label: field.label },
        ...(alt ? [{ ...pickErrors(alt.text), label: `${field.label}: ${ALT_LABEL}` }] : []),
      ];
    }),
  );
  const input = (field: FieldDescriptor): ReactNode => (
    <FieldInput
      key={field.name}
      field={field}
      meta={placedField(metaOf(field) as FieldMetas[string], placement) as never}
      alt={placedAlt(altOf(field), placement)}
      formErrorId={formErrorId}
      autoFocus={field.name === focused}
      onUploadingChange={uploads.onChange(field.name)}
    />
  );
  const named = (name: string): ReactNode => {
    const field = type.fields.find((f) => f.name === name);
    if (!field) throw new Error(`${type.entity} describes no field ${name}`);
    return input(field);
  };
  const frame = alwaysOpen
    ? `p-4 sm:p-6 ${editing ? "border-blue-300 ring-4 ring-blue-50" : "border-slate-200"}`
    : "border-slate-200 p-6";
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white shadow-sm ${frame}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {editing ? type.admin.formTitle.edit : type.admin.formTitle.create}
      </h2>
      {editing ? (
        <>
          <PublishingLine state={state} id={String(editing._id)} noun={type.admin.noun[0]} />
          <SchedulePanel state={state as ScheduleState} id={String(editing._id)} />
        </>
      ) : null}
      {intro}
      <HistoryLink inline />
      <Form
        method="post"
        encType={multipart ? "multipart/form-data" : undefined}
        {...getFormProps(form)}
        className={alwaysOpen ? "mt-5 grid gap-5" : "mt-5 grid max-w-3xl gap-5"}
      >
        <input type="hidden" name="intent" value={SAVE_INTENT} />
        {editing ? <input type="hidden" name="id" value={String(editing._id)} /> : null}
        {after ? null : (
          <ErrorSummary
            id={form.errorId}
            formErrors={form.errors}
            fieldErrors={placement.summary}
          />
        )}
        {notice}
        {layout ? layout(named, fields as never, formErrorId) : laidOut(type.fields, input)}
        {extraFields?.(fields as never, formErrorId)}
        <UnsavedChangesGuard
          value={form.value}
          own={ownFields(type.schema)}
          unsaved={Boolean(lastResult)}
          resetKey={editing ? String(editing._id) : "new"}
        />
        <div className={saveBarClass}>
          <SubmitButton
            pending={saving || uploads.any}
            pendingText={
              uploads.any ? "Uploading image..." : editing ? "Updating..." : labels.creating
            }
          >
            {isDraft ? "Publish" : editing ? labels.update : labels.create}
          </SubmitButton>
          <button type="submit" name="as" value={SAVE_AS_DRAFT} className={secondaryLinkClass}>
            {editing ? "Save draft" : "Save as draft"}
          </button>
          {buttons}
          {editing || !alwaysOpen ? (
            <Link to={cancelHref} className={secondaryLinkClass}>
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
      {after?.(Object.values(form.allErrors).flat())}
    </section>
  );
}
