// Page links: First, Previous, numbers with ellipses, Next, Last; only when there is
// more than one page. Plain links, so paging works without JavaScript and crawlers follow it.
import { Link } from "react-router";
import { pageItems } from "~/lib/pagination";

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
  "inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-semibold";
const enabled = `${base} border-slate-300 bg-white text-slate-800 hover:border-blue-400 hover:text-blue-700`;
const disabled = `${base} border-slate-200 bg-slate-50 text-slate-500`;

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
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>{edge(1, "First", page <= 1)}</li>
        <li>{edge(page - 1, "Previous", page <= 1)}</li>
        {items.map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              {item === page ? (
                <span
                  aria-current="page"
                  className={`${base} border-blue-700 bg-blue-700 text-white`}
                >
                  <span className="sr-only">Page </span>
                  {item}
                </span>
              ) : (
                <Link
                  to={hrefFor(item)}
                  className={enabled}
                  preventScrollReset={preventScrollReset}
                >
                  <span className="sr-only">Page </span>
                  {item}
                </Link>
              )}
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ),
        )}
        <li>{edge(page + 1, "Next", page >= pages)}</li>
        <li>{edge(pages, "Last", page >= pages)}</li>
      </ul>
    </nav>
  );
}
