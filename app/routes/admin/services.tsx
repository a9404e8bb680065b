// /admin/dashboard/services: the service page, one document, built by the content kit from
// app/content/service-page.ts (view, then edit, then save). The public /services page reads it
// on every request.
//
// Edit mode is a URL state (?edit), so it works without JavaScript. Rows of the four lists are
// added and removed with conform's intent buttons, which post the whole form; the server answers
// with the form as it was plus or minus that row, and the focus lands on the row concerned. The
// hero image is an image field: a file picked without JavaScript rides along with the post. What
// is this page's own: its view below, and the icon picker of a service's or benefit's row.
import { CheckCircleIcon } from "@phosphor-icons/react";
import { ICON_KEYS } from "#db/collections";
import { flashOf } from "~/components/admin/use-flash";
import { ContentIcon } from "~/components/site/icon";
import { servicePageStore } from "~/content/documents.server";
import { documentAdmin } from "~/content/kit/document-admin.server";
import { DocumentScreen, type Meta } from "~/content/kit/document-screen";
import { DEFAULT_ICON, ICON_LABELS, isIconKey, servicePage } from "~/content/service-page";
import { adminMeta } from "~/lib/admin-meta";
import { formatDate } from "~/lib/format";
import { isSafeImageSrc } from "~/lib/links";
import type { Route } from "./+types/services";

const screen = documentAdmin(servicePageStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(
    data?.editing ? servicePage.admin.editTitle : servicePage.admin.title,
    flashOf(matches),
  );

type Page = NonNullable<Route.ComponentProps["loaderData"]["doc"]>;

export default function ServicesAdmin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DocumentScreen
      type={servicePage}
      loaderData={loaderData}
      actionData={actionData}
      view={<ServicePageView page={loaderData.doc} />}
      custom={{ icon: (meta) => <IconPicker meta={meta} /> }}
    />
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

/**
 * The icon of a service or benefit: the eight icon keys that have a built-in icon, as radio
 * buttons drawn as tiles. Native radios, so arrow keys move the choice and it posts without
 * JavaScript; the input covers its tile (transparent) so a click anywhere on the tile picks it.
 */
function IconPicker({ meta }: { meta: Meta }) {
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
