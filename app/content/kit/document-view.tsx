// Parts of a single document's view mode (the route module's own view, document-screen.tsx
// `view`): the card, terms and their values, an image preview, the "last updated" line, and the
// note shown when nothing was saved yet. Each document arranges them its own way.
import type { ReactNode } from "react";
import { formatDate, isoDate } from "~/lib/format";
import { isSafeImageSrc } from "~/lib/links";

export const viewCard = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

/** What the view shows before the document is first saved. */
export function NothingSaved({ children }: { children: ReactNode }) {
  return (
    <section className={viewCard}>
      <p className="text-slate-700">{children}</p>
    </section>
  );
}

/** A term and its value; `wide` spans both columns of a two-column list. */
export type Fact = [term: ReactNode, value: ReactNode, wide?: boolean];

export function Facts({ facts, className = "grid gap-4" }: { facts: Fact[]; className?: string }) {
  return (
    <dl className={className}>
      {facts.map(([term, value, wide], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the view's fixed order.
        <div key={i} className={wide ? "grid gap-1 sm:col-span-2" : "grid gap-1"}>
          <dt className="text-sm font-semibold text-slate-900">{term}</dt>
          <dd className="break-words text-slate-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The document's picture with its caption, or a grey box saying there is none. */
export function ImagePreview(props: { src: string; alt: string; caption: string; none?: string }) {
  return (
    <figure className="grid content-start gap-2">
      {isSafeImageSrc(props.src) ? (
        <img
          src={props.src}
          alt={props.alt}
          width={320}
          height={180}
          className="aspect-video w-full rounded-lg border border-slate-200 object-cover"
        />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center rounded-lg border border-slate-200 bg-slate-100 text-sm text-slate-600">
          {props.none ?? "No image"}
        </div>
      )}
      <figcaption className="text-sm text-slate-600">{props.caption}</figcaption>
    </figure>
  );
}

/** "Last updated <date> by <who>", when the document says when (`end`: the sentence's end). */
export function LastUpdated(props: { at: string | null; by: string | null; end?: string }) {
  if (!props.at) return null;
  return (
    <p className="text-sm text-slate-600">
      Last updated <time dateTime={isoDate(props.at)}>{formatDate(props.at)}</time>
      {props.by ? ` by ${props.by}` : null}
      {props.end}
    </p>
  );
}

/** A titled card of the view: a region named by its heading. */
export function ViewSection(props: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  className?: string;
  headingClass?: string;
}) {
  return (
    <section aria-labelledby={props.id} className={props.className ?? viewCard}>
      <h2
        id={props.id}
        className={
          props.headingClass ?? "text-sm font-semibold tracking-wide text-slate-600 uppercase"
        }
      >
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
