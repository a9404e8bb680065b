// /admin/dashboard/services: the service page, one document, built by the content kit from
// app/content/service-page.ts (view, `?edit`, Save: kit/document-screen.tsx says how, with and
// without JavaScript). What is this page's own: its view, and the icon picker of a service's or
// benefit's row. The public /services page reads the document on every request.
import { CheckCircleIcon } from "@phosphor-icons/react";
import { ICON_KEYS } from "#db/collections";
import { ContentIcon } from "~/components/site/icon";
import { servicePageStore } from "~/content/documents.server";
import { documentAdmin } from "~/content/kit/document-admin.server";
import type { Meta } from "~/content/kit/document-parts";
import { cardClass, DocumentScreen, documentMeta } from "~/content/kit/document-screen";
import { Facts, ImagePreview, LastUpdated, ViewSection } from "~/content/kit/document-view";
import { DEFAULT_ICON, ICON_LABELS, isIconKey, servicePage } from "~/content/service-page";
import type { Route } from "./+types/services";

const screen = documentAdmin(servicePageStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);
export const meta: Route.MetaFunction = (args) => documentMeta(servicePage, args);

type Page = NonNullable<Route.ComponentProps["loaderData"]["doc"]>;

export default function ServicesAdmin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DocumentScreen
      type={servicePage}
      loaderData={loaderData}
      actionData={actionData}
      view={loaderData.doc && <ServicePageView page={loaderData.doc} />}
      custom={{ icon: (meta) => <IconPicker meta={meta} /> }}
    />
  );
}

// ---------------------------------------------------------------------------------------
// View mode

const section = {
  className: cardClass,
  headingClass: "text-lg font-bold text-slate-900",
};

function ServicePageView({ page }: { page: Page }) {
  const buttons = page.cta.buttons.length ? (
    <ul className="grid gap-1.5">
      {page.cta.buttons.map((button, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: stored order; texts may repeat.
        <li key={i} className="break-all">
          <span className="font-medium text-slate-900">{button.label}</span> → {button.link}
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
  );
  return (
    <div className="grid gap-6">
      <LastUpdated at={page.updatedAt} by={page.updatedBy} end="." />
      <ViewSection id="view-hero" title="Hero" {...section}>
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Facts
            className="grid content-start gap-4"
            facts={[
              ["Title", page.hero.title],
              ["Subtitle", page.hero.subtitle || "—"],
            ]}
          />
          <ImagePreview
            src={page.hero.image}
            alt="Service page hero"
            caption="Hero image"
            none="No image (the default picture shows)"
          />
        </div>
      </ViewSection>
      <ItemsView id="view-services" title="Services" items={page.services} empty="No services." />
      <ItemsView id="view-benefits" title="Benefits" items={page.benefits} empty="No benefits." />
      <ItemsView
        id="view-process"
        title="Process steps"
        items={page.processSteps}
        empty="No process steps."
        numbered
      />
      <ViewSection id="view-cta" title="Call to action" {...section}>
        <Facts
          className="mt-4 grid gap-4"
          facts={[
            ["Title", page.cta.title || "—"],
            ["Subtitle", page.cta.subtitle || "—"],
            ["Buttons", buttons],
          ]}
        />
      </ViewSection>
    </div>
  );
}

/** A list of the page's: services and benefits as cards with their icon, the steps numbered. */
function ItemsView({
  id,
  title,
  items,
  empty,
  numbered,
}: {
  id: string;
  title: string;
  items: { title: string; description: string; icon?: string }[];
  empty: string;
  numbered?: boolean;
}) {
  const List = numbered ? "ol" : "ul";
  return (
    <ViewSection id={id} title={title} {...section}>
      {items.length ? (
        <List className={`mt-4 grid gap-4 md:grid-cols-2${numbered ? "" : " xl:grid-cols-3"}`}>
          {items.map((item, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: stored order; texts may repeat.
              key={i}
              className={
                numbered ? "flex gap-3" : "flex gap-3 rounded-xl border border-slate-200 p-4"
              }
            >
              {numbered ? (
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white">
                  {i + 1}
                </span>
              ) : (
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-700 ring-1 ring-blue-100">
                  <ContentIcon name={item.icon ?? ""} className="h-6 w-6" />
                </span>
              )}
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{item.title}</p>
                <p className="mt-1 text-sm break-words text-slate-700">{item.description}</p>
              </div>
            </li>
          ))}
        </List>
      ) : (
        <p className="mt-2 text-slate-700">{empty}</p>
      )}
    </ViewSection>
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
