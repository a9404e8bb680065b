// /admin/dashboard/contact: the contact information (SPEC §2: view, then edit, then save; §3
// Contact info; §5 'Email and phone are required.', address and map optional; §8 'Failed to
// update contact info.'). Edit mode is a URL state (?edit), so it works without JavaScript; Save
// posts the multipart form (with the image field's file when picked without JavaScript) and
// redirects back to the view with a flash. /contact, the home page and the legal pages read the
// document on every request, so the change shows on the next one.
//
// The map: only the embed page of an allowed map service (MAP_EMBED_PROVIDERS,
// domain/contact-info.ts), so no arbitrary page can be put in the contact page's iframe.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CheckCircleIcon, PencilSimpleIcon, WarningCircleIcon } from "@phosphor-icons/react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { FormErrors, InputField, SubmitButton } from "~/components/admin/form-controls";
import { ImageField } from "~/components/admin/image-field";
import { flashOf } from "~/components/admin/use-flash";
import { TextareaField } from "~/components/forms/fields";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import {
  CONTACT_INFO_SAVED,
  contactInfoSchema,
  isAllowedMapEmbedUrl,
  MAP_EMBED_PROVIDERS,
  MAP_URL_MAX,
} from "~/domain/contact-info";
import { getContactInfo, saveContactInfo } from "~/domain/contact-info.server";
import { IMAGE_UPLOAD_FAILED } from "~/domain/image";
import { discardImage, readUploadForm, resolveImageField } from "~/domain/image.server";
import { attempt } from "~/lib/admin-crud.server";
import { adminMeta } from "~/lib/admin-meta";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import { formatDate, isoDate } from "~/lib/format";
import { isSafeImageSrc } from "~/lib/links";
import type { Route } from "./+types/contact-info";

const PAGE = "/admin/dashboard/contact";

export { CONTACT_INFO_SAVED };
export const CONTACT_INFO_SAVE_FAILED = "Failed to update contact info.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const info = await getContactInfo();
  return {
    info: info
      ? {
          address: info.address,
          email: info.email,
          phone: info.phone,
          mapEmbedUrl: info.mapEmbedUrl,
          image: info.image,
          updatedAt: info.updatedAt?.toISOString() ?? null,
          updatedBy: info.updatedBy ?? null,
        }
      : null,
    editing: new URL(request.url).searchParams.has("edit"),
  };
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
  const submission = parseFormWith(form, contactInfoSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  // Only now is a file stored: a form with other errors leaves nothing behind.
  const image = await resolveImageField(form, "image", { uploadedBy: admin.email });
  if (!image.ok) {
    return data({ result: submission.reply({ fieldErrors: { image: [image.message] } }) }, 400);
  }
  // Also lets the image it replaced go once unused. A database outage is rethrown (503 page).
  const saved = await attempt("Saving the contact info", () =>
    saveContactInfo({ ...submission.value, image: image.url }, actor),
  );
  if (!saved.ok) {
    if (image.stored) await discardImage(image.url);
    return data(
      { result: submission.reply({ formErrors: [CONTACT_INFO_SAVE_FAILED] }) },
      { status: 500 },
    );
  }
  return redirectWithFlash(PAGE, CONTACT_INFO_SAVED);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data?.editing ? "Edit contact info" : "Contact info", flashOf(matches));

type Info = Route.ComponentProps["loaderData"]["info"];

export default function ContactInfoAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { info } = loaderData;
  // The answer to a refused post is the form again, whatever the URL said.
  const editing = loaderData.editing || Boolean(actionData);
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            {editing ? "Edit contact info" : "Contact info"}
          </h1>
          <p className="mt-2 max-w-2xl text-slate-700">
            The address, e-mail, phone, map and picture on the contact page; the e-mail is also the
            one the privacy and terms pages give.
          </p>
        </div>
        {editing ? null : (
          <Link
            to="?edit"
            className="inline-flex items-center gap-2 rounded-lg bg-blue-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <PencilSimpleIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
            Edit contact info
          </Link>
        )}
      </header>
      {editing ? (
        <ContactInfoForm info={info} lastResult={actionData?.result} />
      ) : (
        <ContactInfoView info={info} />
      )}
    </>
  );
}

function ContactInfoView({ info }: { info: Info }) {
  if (!info) {
    return (
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-slate-700">
          No contact information yet: the contact page shows the form only until it is saved.
        </p>
      </section>
    );
  }
  const mapShown = isAllowedMapEmbedUrl(info.mapEmbedUrl);
  return (
    <section
      aria-label="Current contact info"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="grid content-start gap-5">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1 sm:col-span-2">
            <dt className="text-sm font-semibold text-slate-900">Address</dt>
            <dd className="break-words text-slate-700">{info.address || "—"}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Email</dt>
            <dd className="break-words text-slate-700">{info.email || "—"}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">Phone</dt>
            <dd className="break-words text-slate-700">{info.phone || "—"}</dd>
          </div>
          <div className="grid gap-1 sm:col-span-2">
            <dt className="text-sm font-semibold text-slate-900">Map embed address</dt>
            <dd className="grid gap-1.5 text-slate-700">
              <span className="break-all">{info.mapEmbedUrl || "— (no map)"}</span>
              {info.mapEmbedUrl ? (
                mapShown ? (
                  <span className="inline-flex items-center gap-1.5 text-sm font-medium text-green-800">
                    <CheckCircleIcon aria-hidden="true" className="h-4 w-4" />
                    Shown on the contact page
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1.5 text-sm font-medium text-red-700">
                    <WarningCircleIcon aria-hidden="true" className="h-4 w-4" />
                    Not shown: not the embed address of an allowed map service
                  </span>
                )
              ) : null}
            </dd>
          </div>
        </dl>
        {info.updatedAt ? (
          <p className="text-sm text-slate-600">
            Last updated{" "}
            <time dateTime={isoDate(info.updatedAt)}>{formatDate(info.updatedAt)}</time>
            {info.updatedBy ? ` by ${info.updatedBy}` : null}
          </p>
        ) : null}
      </div>
      <figure className="grid content-start gap-2">
        {isSafeImageSrc(info.image) ? (
          <img
            src={info.image}
            alt="Contact page"
            width={320}
            height={180}
            className="aspect-video w-full rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <div className="flex aspect-video w-full items-center justify-center rounded-lg border border-slate-200 bg-slate-100 text-sm text-slate-600">
            No image
          </div>
        )}
        <figcaption className="text-sm text-slate-600">Contact page image</figcaption>
      </figure>
    </section>
  );
}

function ContactInfoForm({
  info,
  lastResult,
}: {
  info: Info;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm({
    id: "contact-info",
    lastResult,
    defaultValue: {
      address: info?.address ?? "",
      email: info?.email ?? "",
      phone: info?.phone ?? "",
      mapEmbedUrl: info?.mapEmbedUrl ?? "",
      image: info?.image ?? "",
    },
    constraint: getZodConstraint(contactInfoSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactInfoSchema }),
  });
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  const image = fields.image.initialValue ?? info?.image ?? "";

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Form
        method="post"
        action="?edit"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="grid max-w-3xl gap-5"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextareaField
          meta={fields.address}
          label="Address"
          hint="Optional. Line breaks are kept."
          rows={3}
          maxLength={300}
          formErrorId={formErrorId}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            meta={fields.email}
            label="Email"
            type="email"
            autoComplete="off"
            formErrorId={formErrorId}
          />
          <InputField
            meta={fields.phone}
            label="Phone"
            type="tel"
            autoComplete="off"
            formErrorId={formErrorId}
          />
        </div>
        {/* The refusal names long addresses: let them wrap on a phone. */}
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <InputField
            meta={fields.mapEmbedUrl}
            label="Map embed address"
            hint={
              <>
                Optional. In {MAP_EMBED_PROVIDERS.map((p) => p.name).join(" or ")}, choose Share,
                then Embed (HTML), and paste the address from the code's src="…": it starts with{" "}
                {MAP_EMBED_PROVIDERS.map((p, i) => (
                  <span key={p.name}>
                    {i > 0 ? " or " : null}
                    <code className="break-all text-slate-800">{p.prefix}</code>
                  </span>
                ))}
                .
              </>
            }
            type="url"
            maxLength={MAP_URL_MAX}
            formErrorId={formErrorId}
          />
        </div>
        <ImageField
          name={fields.image.name}
          label="Contact page image"
          defaultValue={typeof image === "string" ? image : ""}
          errors={fields.image.errors}
          onUploadingChange={setUploading}
        />
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
          <SubmitButton
            pending={saving || uploading}
            pendingText={uploading ? "Uploading image..." : "Saving..."}
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

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
