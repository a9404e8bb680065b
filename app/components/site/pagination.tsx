// Page links: First, Previous, numbers with ellipses, Next, Last; only when there is
// more than one page. Plain links, so paging works without JavaScript and crawlers follow it.
// On a phone the row must stay one row (a pager that wraps reads as two pagers): there, First
// and Last give way to the first and last page numbers, Previous and Next become arrows (their
// names stay for screen readers), and a long row shows only the first, current and last numbers.
import { Link } from "react-router";
import { Icon } from "~/components/icon/icon";
import { type PageItem, pageItems } from "~/lib/pagination";

interface Props {
  page: number;
  pages: number;
  /** The URL of a page, keeping every other query parameter. */
  hrefFor: (page: number) => string;
  label?: string;
  /** Keep the scroll position (list pages that update in place). */
  preventScrollReset?: boolean;
}

const base =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-semibold tabular-nums";
const enabled = `${base} border-slate-300 bg-white text-slate-800 hover:border-blue-400 hover:text-blue-700`;
const disabled = `${base} border-slate-200 bg-slate-50 text-slate-500`;
/** Shown from the small breakpoint up only. */
const wideOnly = "max-sm:hidden";
const ellipsis = "px-1 text-slate-500";

/**
 * Whether a number of the full row is left out on a phone. Five items and the two arrows fit a
 * 320 px row; a longer row keeps only the first, current and last page there.
 */
function narrowHides(items: PageItem[], item: number, page: number, pages: number) {
  return items.length > 5 && item !== 1 && item !== page && item !== pages;
}

/**
 * A number left out on a phone opens a gap the full row does not have (1 2 3 … 9 at page 3
 * shows 1 3 … 9 there): an ellipsis for phones only marks it, unless the full row already has
 * one on that side.
 */
function needsNarrowEllipsis(items: PageItem[], index: number, page: number) {
  const item = items[index] as number;
  const outer = items[item < page ? index - 1 : index + 1];
  return typeof outer === "number";
}

export function Pagination({
  page,
  pages,
  hrefFor,
  label = "Pagination",
  preventScrollReset,
}: Props) {
  const items = pageItems(page, pages);
  if (items.length === 0) return null;
  const edge = (target: number, text: string, isDisabled: boolean) =>
    isDisabled ? (
      <span className={disabled} aria-disabled="true">
        {text}
      </span>
    ) : (
      <Link to={hrefFor(target)} className={enabled} preventScrollReset={preventScrollReset}>
        {text}
      </Link>
    );
  // Previous and Next: an arrow on a phone, the word from the small breakpoint up.
  const step = (target: number, text: string, isDisabled: boolean, arrow: "left" | "right") => {
    const content = (
      <>
        <Icon name={`arrow-${arrow}`} weight="bold" className="h-4 w-4 sm:hidden" />
        <span className="max-sm:sr-only">{text}</span>
      </>
    );
    const className = "max-sm:px-0";
    return isDisabled ? (
      <span className={`${disabled} ${className}`} aria-disabled="true">
        {content}
      </span>
    ) : (
      <Link
        to={hrefFor(target)}
        className={`${enabled} ${className}`}
        preventScrollReset={preventScrollReset}
      >
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex items-center justify-center gap-2 sm:flex-wrap">
        <li className={wideOnly}>{edge(1, "First", page <= 1)}</li>
        <li>{step(page - 1, "Previous", page <= 1, "left")}</li>
        {items.map((item, index) => {
          if (typeof item !== "number") {
            return (
              <li key={item} aria-hidden="true" className={ellipsis}>
                …
              </li>
            );
          }
          const hidden = narrowHides(items, item, page, pages);
          const number =
            item === page ? (
              <li key={item}>
                <span
                  aria-current="page"
                  className={`${base} border-blue-700 bg-blue-700 text-white`}
                >
                  <span className="sr-only">Page </span>
                  {item}
                </span>
              </li>
            ) : (
              <li key={item} className={hidden ? wideOnly : undefined}>
                <Link
                  to={hrefFor(item)}
                  className={enabled}
                  preventScrollReset={preventScrollReset}
                >
                  <span className="sr-only">Page </span>
                  {item}
                </Link>
              </li>
            );
          if (!hidden || !needsNarrowEllipsis(items, index, page)) return number;
          const mark = (
            <li key={`narrow-${item}`} aria-hidden="true" className={`${ellipsis} sm:hidden`}>
              …
            </li>
          );
          return item < page ? [mark, number] : [number, mark];
        })}
        <li>{step(page + 1, "Next", page >= pages, "right")}</li>
        <li className={wideOnly}>{edge(pages, "Last", page >= pages)}</li>
      </ul>
    </nav>
  );
}
