// A resource on /resources: image, title, description, and a link that opens the
// resource in a new tab. The whole card is clickable through the title link's stretched
// ::after, so there is one link per card for keyboard and screen-reader users, and its
// accessible name says that it opens a new tab.

import { Icon } from "~/components/icon/icon";
import { altOf } from "~/content/kit/image-alt";
import { CardImage } from "./fallback-image";
import { classifyHref } from "./service-cta";

/**
 * A resource without a picture (or with a broken one): drawn in the demo cards' style (a dark
 * gradient, a rounded tile with a symbol), so it sits beside them as one of the set rather than
 * as a grey placeholder.
 */
export const RESOURCE_FALLBACK_IMAGE = "/resource-fallback.svg";

export interface ResourceCardData {
  _id: string;
  title: string;
  description: string;
  image: string;
  /** The image's alt text or decorative mark (content/kit/image-alt.ts). */
  imageAlt: string;
  imageDecorative: boolean;
  link: string;
}

/** "developer.mozilla.org" for a web address, so visitors see where the card leads. */
function hostOf(link: string): string | null {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

export function ResourceCard({
  resource,
  eager = false,
}: {
  resource: ResourceCardData;
  eager?: boolean;
}) {
  const kind = classifyHref(resource.link);
  // A new tab only makes sense for a page: mail or phone links, and untrusted schemes, are not
  // linked at all rather than opening an empty tab.
  const href = kind === "external" || kind === "internal" ? resource.link.trim() : null;
  const host = kind === "external" ? hostOf(href ?? "") : null;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-blue-700 focus-within:ring-offset-2 hover:shadow-lg">
      <CardImage
        src={resource.image}
        alt={altOf(resource, "image")}
        width={800}
        eager={eager}
        fallback={RESOURCE_FALLBACK_IMAGE}
      />
      <div className="flex flex-1 flex-col p-6">
        {host ? <p className="text-sm font-medium text-slate-600">{host}</p> : null}
        <h2 className="mt-1 text-lg font-bold text-slate-900 group-hover:text-blue-700">
          {href ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="outline-none after:absolute after:inset-0"
            >
              {resource.title}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            resource.title
          )}
        </h2>
        <p className="mt-3 flex-1 text-sm leading-relaxed text-slate-700">{resource.description}</p>
        {href ? (
          <p
            aria-hidden="true"
            className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-blue-700"
          >
            Visit resource
            <Icon
              name="arrow-up-right"
              className="h-4 w-4 transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
              weight="bold"
            />
          </p>
        ) : null}
      </div>
    </article>
  );
}
