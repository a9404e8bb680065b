// /admin/dashboard/footer: the footer (SPEC §2: view, then edit, then save; §3 Footer; §5
// 'Copyright is required.'; §8 'Failed to update footer.'). The company name is also the site's
// brand in the top bar. Edit mode is a URL state (?edit), so it works without JavaScript, and
// link rows are added and removed with conform's intent buttons, which post the form without
// JavaScript and update it in place with it. The last link row and the last social row cannot
// be removed (a blank row is simply not saved).
import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { PencilSimpleIcon, PlusIcon, TrashIcon } from "@phosphor-icons/react";
import type { ComponentProps } from "react";
import { data, Form, Link } from "react-router";
import { FormErrors, InputField, inputClass, SubmitButton } from "~/components/admin/form-controls";
import { EnterSaves, rowListSubmit } from "~/components/admin/row-list-form";
import { useEditorForm } from "~/components/admin/use-editor-form";
import { flashOf } from "~/components/admin/use-flash";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import {
  FOOTER_ROWS_MAX,
  FOOTER_SAVED,
  FOOTER_TEXT_MAX,
  FOOTER_URL_MAX,
  footerSchema,
} from "~/domain/footer";
import { getFooter, saveFooter } from "~/domain/footer.server";
import { attempt } from "~/lib/admin-crud.server";
import { adminMeta } from "~/lib/admin-meta";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import { LAST_ROW_MESSAGE, removesLastRow } from "~/lib/row-list.server";
import type { Route } from "./+types/footer";

const PAGE = "/admin/dashboard/footer";

export { FOOTER_SAVED };
export const FOOTER_SAVE_FAILED = "Failed to update footer.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const footer = await getFooter();
  return {
    footer: {
      copyright: footer?.copyright ?? "",
      links: footer?.links ?? [],
      social: footer?.social ?? [],
      updatedAt: footer?.updatedAt?.toISOString() ?? null,
    },
    editing: new URL(request.url).searchParams.has("edit"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request);
  const actor = actorOf(admin, context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    const empty = parseWithZod(new FormData(), { schema: footerSchema });
    return data(
      { result: empty.reply({ formErrors: ["The form could not be read. Please try again."] }) },
      { status: 400 },
    );
  }
  if (removesLastRow(form, ["links", "social"])) {
    const asItWas = parseFormWith(form, footerSchema);
    return data({ result: asItWas.reply({ formErrors: [LAST_ROW_MESSAGE] }) }, { status: 400 });
  }
  const submission = parseFormWith(form, footerSchema);
  // An add/remove-row button (no status) answers with the updated form; errors with 400.
  if (submission.status !== "success") {
    return data(
      { result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  // A database outage is rethrown (503 page); any other failure keeps the form.
  const saved = await attempt("Saving the footer", () => saveFooter(submission.value, actor));
  if (!saved.ok) {
    return data(
      { result: submission.reply({ formErrors: [FOOTER_SAVE_FAILED] }) },
      { status: 500 },
    );
  }
  return redirectWithFlash(PAGE, FOOTER_SAVED);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Footer", flashOf(matches));

type LinkRow = { label: string; url: string };
type SocialRow = { platform: string; url: string };
/** At least one row to type into, even when none is saved. */
const atLeastOne = <T,>(rows: T[], blank: T) => (rows.length ? rows : [blank]);

export default function FooterAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { footer } = loaderData;
  const editing = loaderData.editing || Boolean(actionData);
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Footer</h1>
          <p className="mt-2 text-slate-700">
            The company name (also the site's name in the top bar), the footer links and the social
            profiles on every public page.
          </p>
        </div>
        {editing ? null : (
          <Link
            to="?edit"
            className="inline-flex items-center gap-2 rounded-lg bg-blue-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <PencilSimpleIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
            Edit footer
          </Link>
        )}
      </header>
      {editing ? (
        <FooterForm footer={footer} lastResult={actionData?.result} />
      ) : (
        <FooterView footer={footer} />
      )}
    </>
  );
}

function FooterView({
  footer,
}: {
  footer: { copyright: string; links: LinkRow[]; social: SocialRow[] };
}) {
  return (
    <section className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div>
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Company</h2>
        <p className="mt-1 text-lg text-slate-900">{footer.copyright || "Not set"}</p>
      </div>
      <RowsTable
        title="Links"
        empty="No footer links."
        headers={["Label", "Link"]}
        rows={footer.links.map((l) => [l.label, l.url])}
      />
      <RowsTable
        title="Social profiles"
        empty="No social profiles."
        headers={["Platform", "Link"]}
        rows={footer.social.map((s) => [s.platform, s.url])}
      />
    </section>
  );
}

function RowsTable({
  title,
  empty,
  headers,
  rows,
}: {
  title: string;
  empty: string;
  headers: [string, string];
  rows: [string, string][];
}) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      {rows.length ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col" className="py-2 pr-4 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-800">
              {rows.map(([a, b], i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; order is stable.
                <tr key={i}>
                  <td className="py-2 pr-4 font-medium">{a}</td>
                  <td className="py-2 pr-4 break-all">{b}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-1 text-slate-700">{empty}</p>
      )}
    </div>
  );
}

function FooterForm({
  footer,
  lastResult,
}: {
  footer: { copyright: string; links: LinkRow[]; social: SocialRow[] };
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useEditorForm(footerSchema, {
    id: "footer",
    lastResult,
    defaultValue: {
      copyright: footer.copyright,
      links: atLeastOne(footer.links, { label: "", url: "" }),
      social: atLeastOne(footer.social, { platform: "", url: "" }),
    },
  });
  const formProps = getFormProps(form);
  const links = fields.links.getFieldList();
  const social = fields.social.getFieldList();
  const formErrorId = form.errors?.length ? form.errorId : undefined;

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {/* ?edit: the answer to a post comes back in edit mode. A document post even with
          JavaScript (components/admin/row-list-form.tsx); Save is checked in the browser
          first. */}
      <Form
        {...formProps}
        onSubmit={rowListSubmit(formProps.onSubmit)}
        method="post"
        action="?edit"
        reloadDocument
        className="grid gap-6"
      >
        <EnterSaves />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="max-w-lg">
          <InputField
            meta={fields.copyright}
            label="Company name (copyright)"
            hint="Shown as © year and this name, and as the site's name in the top bar."
            type="text"
            maxLength={FOOTER_TEXT_MAX}
            formErrorId={formErrorId}
          />
        </div>

        <fieldset className="grid gap-3">
          <legend className="text-base font-semibold text-slate-900">Links</legend>
          <p className="text-sm text-slate-700">
            A page of this site (/about), an http(s) address or a mailto: link. A blank row is not
            saved.
          </p>
          {links.map((row, index) => {
            const cells = row.getFieldset();
            return (
              <RowInputs
                key={row.key}
                legend={`Link ${index + 1}`}
                first={{ meta: cells.label, label: "Label", max: FOOTER_TEXT_MAX }}
                second={{ meta: cells.url, label: "Link", max: FOOTER_URL_MAX }}
                remove={form.remove.getButtonProps({ name: fields.links.name, index })}
                canRemove={links.length > 1}
              />
            );
          })}
          <AddRowButton
            {...form.insert.getButtonProps({
              name: fields.links.name,
              defaultValue: { label: "", url: "" },
            })}
            disabled={links.length >= FOOTER_ROWS_MAX}
          >
            Add link
          </AddRowButton>
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="text-base font-semibold text-slate-900">Social profiles</legend>
          <p className="text-sm text-slate-700">
            The profile's http(s) address; it opens in a new tab.
          </p>
          {social.map((row, index) => {
            const cells = row.getFieldset();
            return (
              <RowInputs
                key={row.key}
                legend={`Profile ${index + 1}`}
                first={{ meta: cells.platform, label: "Platform", max: FOOTER_TEXT_MAX }}
                second={{ meta: cells.url, label: "Link", max: FOOTER_URL_MAX }}
                remove={form.remove.getButtonProps({ name: fields.social.name, index })}
                canRemove={social.length > 1}
              />
            );
          })}
          <AddRowButton
            {...form.insert.getButtonProps({
              name: fields.social.name,
              defaultValue: { platform: "", url: "" },
            })}
            disabled={social.length >= FOOTER_ROWS_MAX}
          >
            Add social profile
          </AddRowButton>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
          <SubmitButton pending={false} pendingText="Saving...">
            Save footer
          </SubmitButton>
          <Link
            to="."
            className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: a text cell of any form.
type Meta = FieldMetadata<string | undefined, any, string[]>;

function RowInputs({
  legend,
  first,
  second,
  remove,
  canRemove,
}: {
  legend: string;
  first: { meta: Meta; label: string; max: number };
  second: { meta: Meta; label: string; max: number };
  remove: ComponentProps<"button">;
  canRemove: boolean;
}) {
  return (
    <fieldset className="grid items-start gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-[1fr_2fr_auto]">
      <legend className="sr-only">{legend}</legend>
      {[first, second].map(({ meta, label, max }) => (
        <div key={meta.id} className="grid gap-1.5">
          <label htmlFor={meta.id} className="text-sm font-semibold text-slate-900">
            {label}
          </label>
          {/* No key={meta.key}: a row's inputs move with their row (keyed above), so what was
              typed in the other rows survives adding or removing one. */}
          <input
            {...getInputProps(meta, { type: "text" })}
            maxLength={max}
            className={inputClass}
          />
          {meta.errors?.length ? (
            <p id={meta.errorId} className="text-sm font-medium text-red-700">
              {meta.errors.join(" ")}
            </p>
          ) : null}
        </div>
      ))}
      <button
        {...remove}
        disabled={!canRemove}
        aria-label={`Remove ${legend.toLowerCase()}`}
        title={canRemove ? undefined : "The last row cannot be removed; leave it blank instead."}
        className="inline-flex min-h-11 items-center justify-center gap-1.5 self-end rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <TrashIcon aria-hidden="true" className="h-4 w-4" />
        Remove
      </button>
    </fieldset>
  );
}

function AddRowButton(props: ComponentProps<"button">) {
  const { children, ...button } = props;
  return (
    <div>
      <button
        {...button}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 text-sm font-semibold text-blue-800 hover:bg-blue-100 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <PlusIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
        {children}
      </button>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
