// /admin/dashboard/hero: the home page hero (SPEC §3/§5), one document. View mode shows what
// visitors see; "Edit hero" (?edit) opens the form; Save posts it (multipart, with the image
// field's file when picked without JavaScript) and redirects back to the view with a flash.
// The home page reads the document on every request, so the change shows on the next one.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { PencilSimpleIcon } from "@phosphor-icons/react";
import { useState } from "react";
import { data, Form, Link } from "react-router";
import { FormErrors, InputField, SubmitButton } from "~/components/admin/form-controls";
import { ImageField } from "~/components/admin/image-field";
import { useEditorForm, usePosting } from "~/components/admin/use-editor-form";
import { flashOf } from "~/components/admin/use-flash";
import { TextareaField } from "~/components/forms/fields";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { HERO_SAVE_FAILED, HERO_SAVED, heroSchema } from "~/domain/hero";
import { getHeroSection, saveHeroSection } from "~/domain/hero.server";
import { IMAGE_UPLOAD_FAILED } from "~/domain/image";
import { discardImage, readUploadForm, resolveImageField } from "~/domain/image.server";
import { attempt } from "~/lib/admin-crud.server";
import { adminMeta } from "~/lib/admin-meta";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import { isSafeImageSrc } from "~/lib/links";
import type { Route } from "./+types/hero";

const PAGE = "/admin/dashboard/hero";

export { HERO_SAVED };

/** The home page's CTA text when none is set (SPEC §2). */
const DEFAULT_CTA_TEXT = "Get Free Consultation";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const editing = new URL(request.url).searchParams.has("edit");
  return { hero: await getHeroSection(), editing };
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
  const submission = parseFormWith(form, heroSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  // Only now is a file stored: a form with other errors leaves nothing behind.
  const image = await resolveImageField(form, "image", { uploadedBy: admin.email });
  if (!image.ok) {
    return data({ result: submission.reply({ fieldErrors: { image: [image.message] } }) }, 400);
  }
  // Also lets the image it replaced go once unused. A database outage is rethrown (503 page).
  const saved = await attempt("Saving the hero", () =>
    saveHeroSection({ ...submission.value, image: image.url }, actor),
  );
  if (!saved.ok) {
    if (image.stored) await discardImage(image.url);
    return data({ result: submission.reply({ formErrors: [HERO_SAVE_FAILED] }) }, { status: 500 });
  }
  return redirectWithFlash(PAGE, HERO_SAVED);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data?.editing ? "Edit hero" : "Hero", flashOf(matches));

export default function HeroAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { hero, editing } = loaderData;
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            {editing ? "Edit hero" : "Hero"}
          </h1>
          <p className="mt-2 text-slate-700">
            The first thing visitors see on the home page: title, subtitle, background image and
            call to action.
          </p>
        </div>
        {editing ? null : (
          <Link
            to="?edit"
            className="inline-flex items-center gap-2 rounded-lg bg-blue-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <PencilSimpleIcon aria-hidden="true" className="h-4 w-4" />
            Edit hero
          </Link>
        )}
      </header>
      {editing ? (
        <HeroForm hero={hero} lastResult={actionData?.result} />
      ) : (
        <HeroView hero={hero} />
      )}
    </>
  );
}

type Hero = Route.ComponentProps["loaderData"]["hero"];

function HeroView({ hero }: { hero: Hero }) {
  if (!hero) {
    return (
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-slate-700">No hero yet: the home page shows none until one is saved.</p>
      </section>
    );
  }
  const rows: [string, string][] = [
    ["Title", hero.title],
    ["Subtitle", hero.subtitle || "—"],
    ["CTA text", hero.ctaText || `— (shows “${DEFAULT_CTA_TEXT}”)`],
    ["CTA link", hero.ctaLink || "— (goes to /contact)"],
  ];
  return (
    <section
      aria-label="Current hero"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <dl className="grid gap-4">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1">
            <dt className="text-sm font-semibold text-slate-900">{term}</dt>
            <dd className="break-words text-slate-700">{value}</dd>
          </div>
        ))}
      </dl>
      <figure className="grid gap-2">
        {isSafeImageSrc(hero.image) ? (
          <img
            src={hero.image}
            alt="Hero background"
            width={320}
            height={180}
            className="aspect-video w-full rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <div className="flex aspect-video w-full items-center justify-center rounded-lg border border-slate-200 bg-slate-100 text-sm text-slate-600">
            No image
          </div>
        )}
        <figcaption className="text-sm text-slate-600">Background image</figcaption>
      </figure>
    </section>
  );
}

function HeroForm({
  hero,
  lastResult,
}: {
  hero: Hero;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const saving = usePosting();
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useEditorForm(heroSchema, {
    id: "hero",
    lastResult,
    defaultValue: {
      title: hero?.title ?? "",
      subtitle: hero?.subtitle ?? "",
      image: hero?.image ?? "",
      ctaText: hero?.ctaText ?? "",
      ctaLink: hero?.ctaLink ?? "",
    },
  });
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  const image = fields.image.initialValue ?? hero?.image ?? "";

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="grid max-w-3xl gap-5"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField meta={fields.title} label="Title" type="text" formErrorId={formErrorId} />
        <TextareaField meta={fields.subtitle} label="Subtitle" rows={3} formErrorId={formErrorId} />
        <ImageField
          name={fields.image.name}
          label="Background image"
          defaultValue={typeof image === "string" ? image : ""}
          errors={fields.image.errors}
          onUploadingChange={setUploading}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            meta={fields.ctaText}
            label="CTA text"
            hint={`Empty: “${DEFAULT_CTA_TEXT}”.`}
            type="text"
            formErrorId={formErrorId}
          />
          <InputField
            meta={fields.ctaLink}
            label="CTA link"
            hint="A site path like /contact or an http(s) address. Empty: /contact."
            type="text"
            formErrorId={formErrorId}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
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
