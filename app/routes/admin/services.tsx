// /admin/dashboard/services: the service page (SPEC §2: view, then edit, then save; §3 Service
// page content; §5 'Hero title is required.', each list keeps at least one row; §8 'Failed to
// update service page.'). One document, read by the public /services page on every request.
//
// Edit mode is a URL state (?edit), so it works without JavaScript. Rows of the four lists are
// added and removed with conform's intent buttons, which post the whole form; the server answers
// with the form as it was plus or minus that row, and the focus lands on the row concerned
// (autofocus, so it also works without JavaScript). Like the footer editor, the form is a
// document post even with JavaScript: conform's in-browser list handling lost typed values.
// The hero image is an ImageField: a file picked without JavaScript rides along with the post.
import {
  type FieldMetadata,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  ArrowSquareOutIcon,
  CheckCircleIcon,
  PencilSimpleIcon,
  PlusIcon,
  TrashIcon,
} from "@phosphor-icons/react";
import { type ComponentProps, type ReactNode, useState } from "react";
import { data, Form, Link } from "react-router";
import type { z } from "zod";
import { ICON_KEYS } from "#db/collections";
import { FormErrors, InputField, SubmitButton } from "~/components/admin/form-controls";
import { ImageField } from "~/components/admin/image-field";
import { EnterSaves, rowListSubmit } from "~/components/admin/row-list-form";
import { flashOf } from "~/components/admin/use-flash";
import { TextareaField } from "~/components/forms/fields";
import { ContentIcon } from "~/components/site/icon";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { IMAGE_UPLOAD_FAILED, imageFieldNames } from "~/domain/image";
import {
  deleteImageIfUnused,
  discardImage,
  readUploadForm,
  resolveImageField,
} from "~/domain/image.server";
import {
  DEFAULT_ICON,
  ICON_LABELS,
  isIconKey,
  SERVICE_LISTS,
  SERVICE_PAGE_SAVE_FAILED,
  SERVICE_PAGE_SAVED,
  SERVICE_TEXT_MAX,
  SERVICE_TITLE_MAX,
  type ServiceListName,
  servicePageSchema,
} from "~/domain/service-page";
import { getServicePage, saveServicePage } from "~/domain/service-page.server";
import { attempt } from "~/lib/admin-crud.server";
import { adminMeta } from "~/lib/admin-meta";
import { redirectWithFlash } from "~/lib/flash.server";
import { checkFormIntent, parseFormWith } from "~/lib/form-data.server";
import { formatDate } from "~/lib/format";
import { isSafeImageSrc } from "~/lib/links";
import type { Route } from "./+types/services";

const PAGE = "/admin/dashboard/services";

export { SERVICE_PAGE_SAVED };
export const FORM_UNREADABLE = "The form could not be read. Please try again.";
const HERO_IMAGE = "hero.image";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = await getServicePage();
  return {
    page: page
      ? {
          hero: page.hero,
          services: page.services,
          benefits: page.benefits,
          processSteps: page.processSteps,
          cta: page.cta,
          updatedAt: page.updatedAt?.toISOString() ?? null,
          updatedBy: page.updatedBy ?? null,
        }
      : null,
    editing: new URL(request.url).searchParams.has("edit"),
  };
}

/** A blank row of each list: what "Add" inserts. */
const BLANK_ROWS: Record<ServiceListName, Record<string, string>> = {
  services: { title: "", description: "", icon: DEFAULT_ICON },
  benefits: { title: "", description: "", icon: DEFAULT_ICON },
  processSteps: { title: "", description: "" },
  "cta.buttons": { label: "", link: "" },
};

const INTENT = "__intent__";
const VALIDATE_ONLY = JSON.stringify({ type: "validate", payload: {} });

/** How many rows of `list` the form holds (its highest index plus one). */
function rowCount(form: FormData, list: ServiceListName): number {
  const prefix = `${list}[`;
  let count = 0;
  for (const name of form.keys()) {
    if (!name.startsWith(prefix)) continue;
    const index = Number(/^\[(\d{1,6})\]/.exec(name.slice(list.length))?.[1]);
    if (Number.isInteger(index)) count = Math.max(count, index + 1);
  }
  return count;
}

type ListIntent =
  | { kind: "none" }
  | { kind: "row"; intent: string }
  | { kind: "refused"; message: string };

/**
 * The add/remove-row button that sent the form, checked and rebuilt from its parts: only an
 * insert into or a removal from one of the four lists, never the last row (SPEC §5), never past
 * a list's maximum. Anything else a client might send as conform's intent (an update of any
 * path, a malformed value) is refused rather than handed to conform.
 */
function readListIntent(form: FormData): ListIntent {
  const raw = form.get(INTENT);
  if (raw === null) return { kind: "none" };
  let intent: { type?: unknown; payload?: { name?: unknown; index?: unknown } };
  try {
    intent = JSON.parse(String(raw));
  } catch {
    return { kind: "refused", message: FORM_UNREADABLE };
  }
  const name = intent?.payload?.name;
  if (typeof name !== "string" || !Object.hasOwn(SERVICE_LISTS, name)) {
    return { kind: "refused", message: FORM_UNREADABLE };
  }
  const list = name as ServiceListName;
  const { one, max } = SERVICE_LISTS[list];
  const rows = rowCount(form, list);
  if (intent.type === "insert") {
    if (rows >= max) {
      return { kind: "refused", message: `At most ${max} ${one}s.` };
    }
    return {
      kind: "row",
      intent: JSON.stringify({ type: "insert", payload: { name, defaultValue: BLANK_ROWS[list] } }),
    };
  }
  const index = intent.payload?.index;
  if (intent.type === "remove" && Number.isInteger(index) && (index as number) < rows) {
    if (rows <= 1) {
      return {
        kind: "refused",
        message: `The last ${one} cannot be removed; leave it blank instead.`,
      };
    }
    return { kind: "row", intent: JSON.stringify({ type: "remove", payload: { name, index } }) };
  }
  return { kind: "refused", message: FORM_UNREADABLE };
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

  // Anything but this form's own add/remove buttons is a small 400 (lib/form-data.server.ts);
  // what passes is then checked against the lists' limits below.
  checkFormIntent(form, servicePageSchema);
  const listIntent = readListIntent(form);
  if (listIntent.kind === "refused") {
    // The form comes back as it was, with the reason above it.
    form.set(INTENT, VALIDATE_ONLY);
    const result = parseFormWith(form, servicePageSchema).reply({
      formErrors: [listIntent.message],
    });
    return data({ result: { ...result, error: { "": [listIntent.message] } } }, 400);
  }
  if (listIntent.kind === "row") {
    form.set(INTENT, listIntent.intent);
    // A file picked without JavaScript would be lost with this answer (a file input cannot be
    // given a value back): store it now, as the picker does at once with JavaScript, and the
    // form carries its address. A ticked "Remove image" likewise carries on. An upload of an
    // earlier add/remove that this one replaces goes (a saved image is in use, so it stays).
    const names = imageFieldNames(HERO_IMAGE);
    const file = form.get(names.file);
    const carried = String(form.get(names.url) ?? "");
    let imageError: string | undefined;
    if (file instanceof Blob && file.size > 0) {
      const image = await resolveImageField(form, HERO_IMAGE, { uploadedBy: admin.email });
      if (image.ok) form.set(names.url, image.url);
      else imageError = image.message;
    } else if (form.get(names.remove) === "on") {
      form.set(names.url, "");
    }
    if (form.get(names.url) !== carried) await deleteImageIfUnused(carried);
    form.delete(names.file);
    form.delete(names.remove);
    const reply = parseFormWith(form, servicePageSchema).reply();
    // Adding or removing a row is not saving: no error is shown for fields not yet filled in.
    return data(
      { result: { ...reply, error: imageError ? { [HERO_IMAGE]: [imageError] } : undefined } },
      imageError ? 400 : 200,
    );
  }

  const submission = parseFormWith(form, servicePageSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  // Only now is a file stored: a form with other errors leaves nothing behind.
  const image = await resolveImageField(form, HERO_IMAGE, { uploadedBy: admin.email });
  if (!image.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { [HERO_IMAGE]: [image.message] } }) },
      400,
    );
  }
  const value = submission.value;
  // Also lets the hero image it replaced go once unused. A database outage is rethrown (503).
  const saved = await attempt("Saving the service page", () =>
    saveServicePage({ ...value, hero: { ...value.hero, image: image.url } }, actor),
  );
  if (!saved.ok) {
    if (image.stored) await discardImage(image.url);
    return data(
      { result: submission.reply({ formErrors: [SERVICE_PAGE_SAVE_FAILED] }) },
      { status: 500 },
    );
  }
  return redirectWithFlash(PAGE, SERVICE_PAGE_SAVED);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data?.editing ? "Edit service page" : "Service page", flashOf(matches));

type Page = NonNullable<Route.ComponentProps["loaderData"]["page"]>;

const linkClass =
  "inline-flex items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export default function ServicesAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const editing = loaderData.editing || Boolean(actionData);
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            {editing ? "Edit service page" : "Service page"}
          </h1>
          <p className="mt-2 max-w-2xl text-slate-700">
            What visitors read on the Services page: the hero, the service cards, the benefits, the
            numbered process and the closing call to action.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {editing ? null : (
            <Link
              to="?edit"
              className={`${linkClass} bg-blue-700 text-white shadow-sm hover:bg-blue-800`}
            >
              <PencilSimpleIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
              Edit service page
            </Link>
          )}
          <a
            href="/services"
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClass} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`}
          >
            <ArrowSquareOutIcon aria-hidden="true" className="h-4 w-4" />
            View public page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </header>
      {editing ? (
        <ServicePageForm page={page} lastResult={actionData?.result} />
      ) : (
        <ServicePageView page={page} />
      )}
    </>
  );
}

// ---------------------------------------------------------------------------------------
// View mode

const cardClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";
const h2Class = "text-lg font-bold text-slate-900";

function ServicePageView({ page }: { page: Page | null }) {
  if (!page) {
    return (
      <section className={cardClass}>
        <p className="text-slate-700">
          No service page yet: the public page shows a short note with contact links until one is
          saved. Choose “Edit service page” to write it.
        </p>
      </section>
    );
  }
  return (
    <div className="grid gap-6">
      {page.updatedAt ? (
        <p className="text-sm text-slate-600">
          Last updated {formatDate(page.updatedAt)}
          {page.updatedBy ? ` by ${page.updatedBy}` : ""}.
        </p>
      ) : null}
      <section aria-labelledby="view-hero" className={cardClass}>
        <h2 id="view-hero" className={h2Class}>
          Hero
        </h2>
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <dl className="grid content-start gap-4">
            <div className="grid gap-1">
              <dt className="text-sm font-semibold text-slate-900">Title</dt>
              <dd className="break-words text-slate-700">{page.hero.title}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-sm font-semibold text-slate-900">Subtitle</dt>
              <dd className="break-words text-slate-700">{page.hero.subtitle || "—"}</dd>
            </div>
          </dl>
          <figure className="grid gap-2">
            {isSafeImageSrc(page.hero.image) ? (
              <img
                src={page.hero.image}
                alt="Service page hero"
                width={320}
                height={180}
                className="aspect-video w-full rounded-lg border border-slate-200 object-cover"
              />
            ) : (
              <div className="flex aspect-video w-full items-center justify-center rounded-lg border border-slate-200 bg-slate-100 text-sm text-slate-600">
                No image (the default picture shows)
              </div>
            )}
            <figcaption className="text-sm text-slate-600">Hero image</figcaption>
          </figure>
        </div>
      </section>
      <IconItemsView
        id="view-services"
        title="Services"
        items={page.services}
        empty="No services."
      />
      <IconItemsView
        id="view-benefits"
        title="Benefits"
        items={page.benefits}
        empty="No benefits."
      />
      <section aria-labelledby="view-process" className={cardClass}>
        <h2 id="view-process" className={h2Class}>
          Process steps
        </h2>
        {page.processSteps.length ? (
          <ol className="mt-4 grid gap-4 md:grid-cols-2">
            {page.processSteps.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: stored order; texts may repeat.
              <li key={i} className="flex gap-3">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{step.title}</p>
                  <p className="mt-1 text-sm break-words text-slate-700">{step.description}</p>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-slate-700">No process steps.</p>
        )}
      </section>
      <section aria-labelledby="view-cta" className={cardClass}>
        <h2 id="view-cta" className={h2Class}>
          Call to action
        </h2>
        <dl className="mt-4 grid gap-4">
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Title</dt>
            <dd className="break-words text-slate-700">{page.cta.title || "—"}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Subtitle</dt>
            <dd className="break-words text-slate-700">{page.cta.subtitle || "—"}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Buttons</dt>
            <dd className="text-slate-700">
              {page.cta.buttons.length ? (
                <ul className="grid gap-1.5">
                  {page.cta.buttons.map((button, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: stored order; texts may repeat.
                    <li key={i} className="break-all">
                      <span className="font-medium text-slate-900">{button.label}</span> →{" "}
                      {button.link}
                      {i === 0 ? (
                        <span className="ml-2 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800">
                          also in the hero
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                "No buttons."
              )}
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function IconItemsView({
  id,
  title,
  items,
  empty,
}: {
  id: string;
  title: string;
  items: Page["services"];
  empty: string;
}) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className={h2Class}>
        {title}
      </h2>
      {items.length ? (
        <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: stored order; texts may repeat.
            <li key={i} className="flex gap-3 rounded-xl border border-slate-200 p-4">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-700 ring-1 ring-blue-100">
                <ContentIcon name={item.icon} className="h-6 w-6" />
              </span>
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{item.title}</p>
                <p className="mt-1 text-sm break-words text-slate-700">{item.description}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700">{empty}</p>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------
// Edit mode

/** At least one row to type into, even when none is saved (SPEC §5). */
const atLeastOne = <T,>(rows: readonly T[], blank: T): T[] => (rows.length ? [...rows] : [blank]);

/** The row to focus after adding or removing one: the new row, or the one now in its place. */
function rowToFocus(
  result: SubmissionResult<string[]> | undefined,
  counts: Record<ServiceListName, number>,
): { list: ServiceListName; index: number } | null {
  const intent = result?.intent as
    | { type: string; payload: { name?: string; index?: number } }
    | undefined;
  const list = intent?.payload?.name as ServiceListName | undefined;
  if (!intent || !list || !Object.hasOwn(SERVICE_LISTS, list) || result?.error) return null;
  if (intent.type === "insert") return { list, index: counts[list] - 1 };
  if (intent.type === "remove") {
    return { list, index: Math.min(intent.payload.index ?? 0, counts[list] - 1) };
  }
  return null;
}

const SECTIONS = [
  ["edit-hero", "Hero"],
  ["edit-services", "Services"],
  ["edit-benefits", "Benefits"],
  ["edit-process", "Process steps"],
  ["edit-cta", "Call to action"],
] as const;

function ServicePageForm({
  page,
  lastResult,
}: {
  page: Page | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm<
    z.input<typeof servicePageSchema>,
    z.output<typeof servicePageSchema>
  >({
    id: "service-page",
    lastResult,
    defaultValue: {
      hero: {
        title: page?.hero.title ?? "",
        subtitle: page?.hero.subtitle ?? "",
        image: page?.hero.image ?? "",
      },
      services: atLeastOne(page?.services ?? [], BLANK_ROWS.services),
      benefits: atLeastOne(page?.benefits ?? [], BLANK_ROWS.benefits),
      processSteps: atLeastOne(page?.processSteps ?? [], BLANK_ROWS.processSteps),
      cta: {
        title: page?.cta.title ?? "",
        subtitle: page?.cta.subtitle ?? "",
        buttons: atLeastOne(page?.cta.buttons ?? [], BLANK_ROWS["cta.buttons"]),
      },
    },
    constraint: getZodConstraint(servicePageSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // In the browser too: a field being corrected is checked as it is typed, and Save with an
    // error goes nowhere. Without this conform would post the form to check it.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: servicePageSchema }),
  });
  const formProps = getFormProps(form);
  const hero = fields.hero.getFieldset();
  const cta = fields.cta.getFieldset();
  const services = fields.services.getFieldList();
  const benefits = fields.benefits.getFieldList();
  const steps = fields.processSteps.getFieldList();
  const buttons = cta.buttons.getFieldList();
  const focus = rowToFocus(lastResult, {
    services: services.length,
    benefits: benefits.length,
    processSteps: steps.length,
    "cta.buttons": buttons.length,
  });
  const focused = (list: ServiceListName, index: number) =>
    focus?.list === list && focus.index === index;
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  const image = hero.image.initialValue;

  const removeButton = (list: ServiceListName, index: number, count: number) => ({
    ...form.remove.getButtonProps({ name: list, index }),
    label: `Remove ${SERVICE_LISTS[list].one} ${index + 1}`,
    disabled: count <= 1,
  });
  const addButton = (list: ServiceListName, count: number) => ({
    ...form.insert.getButtonProps({ name: list, defaultValue: BLANK_ROWS[list] as never }),
    disabled: count >= SERVICE_LISTS[list].max,
  });

  return (
    // ?edit: the answer to a post comes back in edit mode. A document post even with
    // JavaScript (reloadDocument, no conform onSubmit): see the top of this file.
    <Form
      {...formProps}
      onSubmit={rowListSubmit(formProps.onSubmit)}
      method="post"
      action="?edit"
      encType="multipart/form-data"
      reloadDocument
      className="grid gap-6"
    >
      <EnterSaves />
      <nav aria-label="Sections of the form" className="flex flex-wrap gap-2 text-sm">
        {SECTIONS.map(([id, label]) => (
          <a
            key={id}
            href={`#${id}`}
            className="rounded-full border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:border-blue-300 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            {label}
          </a>
        ))}
      </nav>
      <FormErrors id={form.errorId} errors={form.errors} />

      <FormSection
        id="edit-hero"
        title="Hero"
        intro="The top of the Services page. The first call-to-action button also shows here."
      >
        <InputField
          meta={hero.title}
          label="Hero title"
          type="text"
          maxLength={SERVICE_TITLE_MAX}
          formErrorId={formErrorId}
        />
        <TextareaField
          meta={hero.subtitle}
          label="Hero subtitle"
          rows={3}
          maxLength={SERVICE_TEXT_MAX}
          formErrorId={formErrorId}
        />
        <ImageField
          name={hero.image.name}
          label="Hero image"
          defaultValue={typeof image === "string" ? image : ""}
          errors={hero.image.errors}
          onUploadingChange={setUploading}
        />
      </FormSection>

      <FormSection
        id="edit-services"
        title="Services"
        intro="The ‘Our Services’ cards, in this order. A row left blank is not saved."
      >
        {services.map((row, index) => {
          const cells = row.getFieldset();
          return (
            <ListRow
              key={row.key}
              id={`${row.id}-row`}
              title={`Service ${index + 1}`}
              remove={removeButton("services", index, services.length)}
            >
              <IconRowFields cells={cells} autoFocus={focused("services", index)} />
            </ListRow>
          );
        })}
        <AddRowButton {...addButton("services", services.length)}>Add service</AddRowButton>
      </FormSection>

      <FormSection
        id="edit-benefits"
        title="Benefits"
        intro="Why clients work with you, each with an icon. A row left blank is not saved."
      >
        {benefits.map((row, index) => {
          const cells = row.getFieldset();
          return (
            <ListRow
              key={row.key}
              id={`${row.id}-row`}
              title={`Benefit ${index + 1}`}
              remove={removeButton("benefits", index, benefits.length)}
            >
              <IconRowFields cells={cells} autoFocus={focused("benefits", index)} />
            </ListRow>
          );
        })}
        <AddRowButton {...addButton("benefits", benefits.length)}>Add benefit</AddRowButton>
      </FormSection>

      <FormSection
        id="edit-process"
        title="Process steps"
        intro="The numbered ‘Our Process’ steps, in order. A row left blank is not saved."
      >
        {steps.map((row, index) => {
          const cells = row.getFieldset();
          return (
            <ListRow
              key={row.key}
              id={`${row.id}-row`}
              title={`Step ${index + 1}`}
              remove={removeButton("processSteps", index, steps.length)}
            >
              <InputField
                meta={cells.title}
                label="Title"
                type="text"
                maxLength={SERVICE_TITLE_MAX}
                autoFocus={focused("processSteps", index)}
              />
              <TextareaField
                meta={cells.description}
                label="Description"
                rows={3}
                maxLength={SERVICE_TEXT_MAX}
              />
            </ListRow>
          );
        })}
        <AddRowButton {...addButton("processSteps", steps.length)}>Add step</AddRowButton>
      </FormSection>

      <FormSection
        id="edit-cta"
        title="Call to action"
        intro="The closing block of the page. The first button also shows in the hero."
      >
        <InputField
          meta={cta.title}
          label="Title"
          type="text"
          maxLength={SERVICE_TITLE_MAX}
          formErrorId={formErrorId}
        />
        <TextareaField
          meta={cta.subtitle}
          label="Subtitle"
          rows={2}
          maxLength={SERVICE_TEXT_MAX}
          formErrorId={formErrorId}
        />
        {buttons.map((row, index) => {
          const cells = row.getFieldset();
          return (
            <ListRow
              key={row.key}
              id={`${row.id}-row`}
              title={`Button ${index + 1}`}
              remove={removeButton("cta.buttons", index, buttons.length)}
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <InputField
                  meta={cells.label}
                  label="Label"
                  type="text"
                  maxLength={80}
                  autoFocus={focused("cta.buttons", index)}
                />
                <InputField
                  meta={cells.link}
                  label="Link"
                  hint="A page of this site (/contact) or an http(s) address."
                  type="text"
                  maxLength={2048}
                />
              </div>
            </ListRow>
          );
        })}
        <AddRowButton {...addButton("cta.buttons", buttons.length)}>Add button</AddRowButton>
      </FormSection>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <SubmitButton pending={uploading} pendingText="Uploading image...">
          Save service page
        </SubmitButton>
        <Link
          to="."
          className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: a list row's text field.
type RowField = FieldMetadata<string | undefined, any, string[]>;

/** A service's or a benefit's fields; on wide screens the icon picker sits beside the texts. */
function IconRowFields({
  cells,
  autoFocus,
}: {
  cells: { title: RowField; description: RowField; icon: RowField };
  autoFocus: boolean;
}) {
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_20rem] xl:gap-6">
      <div className="grid content-start gap-4">
        <InputField
          meta={cells.title as never}
          label="Title"
          type="text"
          maxLength={SERVICE_TITLE_MAX}
          autoFocus={autoFocus}
        />
        <TextareaField
          meta={cells.description as never}
          label="Description"
          rows={3}
          maxLength={SERVICE_TEXT_MAX}
        />
      </div>
      <IconPicker meta={cells.icon} />
    </div>
  );
}

function FormSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className={`${cardClass} scroll-mt-6`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{intro}</p>
      <div className="mt-5 grid gap-5">{children}</div>
    </section>
  );
}

function ListRow({
  id,
  title,
  remove,
  children,
}: {
  id: string;
  title: string;
  remove: ComponentProps<"button"> & { label: string };
  children: ReactNode;
}) {
  const { label, disabled, ...button } = remove;
  return (
    // A fieldset named by its visible heading (a <legend> cannot sit in the row's flex header).
    <fieldset
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <button
          {...button}
          disabled={disabled}
          aria-label={label}
          title={disabled ? "The last row cannot be removed; leave it blank instead." : label}
          className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-slate-300 disabled:hover:bg-white disabled:hover:text-slate-700"
        >
          <TrashIcon aria-hidden="true" className="h-4 w-4" />
          Remove
        </button>
      </div>
      {children}
    </fieldset>
  );
}

function AddRowButton(props: ComponentProps<"button">) {
  const { children, ...button } = props;
  return (
    <div>
      <button
        {...button}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 text-sm font-semibold text-blue-800 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <PlusIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
        {children}
      </button>
    </div>
  );
}

/**
 * The icon of a service or benefit: the eight icon keys of SPEC §3 as radio buttons drawn as
 * tiles. Native radios, so arrow keys move the choice and it posts without JavaScript; the
 * input covers its tile (transparent) so a click anywhere on the tile picks it.
 */
function IconPicker({ meta }: { meta: RowField }) {
  const chosen = isIconKey(meta.initialValue) ? meta.initialValue : DEFAULT_ICON;
  const errors = meta.errors ?? [];
  return (
    <fieldset aria-describedby={errors.length ? meta.errorId : undefined} className="grid gap-1.5">
      <legend className="text-sm font-semibold text-slate-900">Icon</legend>
      <div className="mt-1.5 grid auto-rows-fr grid-cols-4 gap-2 md:grid-cols-8 xl:grid-cols-4">
        {ICON_KEYS.map((key) => (
          <label key={key} className="relative block">
            <input
              type="radio"
              name={meta.name}
              value={key}
              defaultChecked={key === chosen}
              className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-lg opacity-0"
            />
            <span className="flex h-full flex-col items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white px-1 py-2.5 text-center text-xs font-medium text-slate-700 peer-checked:border-blue-700 peer-checked:bg-blue-50 peer-checked:text-blue-900 peer-checked:ring-2 peer-checked:ring-blue-700 peer-hover:border-blue-400 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700">
              <ContentIcon name={key} className="h-6 w-6" />
              {ICON_LABELS[key]}
            </span>
            <CheckCircleIcon
              aria-hidden="true"
              weight="fill"
              className="pointer-events-none absolute top-1 right-1 hidden h-4 w-4 text-blue-700 peer-checked:block"
            />
          </label>
        ))}
      </div>
      {errors.length ? (
        <p id={meta.errorId} className="text-sm font-medium text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
