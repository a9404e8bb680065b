// The banner over every page a client sees through a private preview link (issue 24): they
// are looking at a draft, not the site as published, and can leave the preview. A plain form
// post (works without JavaScript; a full reload, since every page then changes back). Also
// tells search engines not to index the page (React hoists the meta tag into the head).
import { useLocation } from "react-router";

export const PREVIEW_BANNER_TEXT = "Preview of a draft — not published";

export function PreviewBanner() {
  const location = useLocation();
  return (
    <section
      aria-label="Preview"
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-amber-950 sm:px-6"
    >
      <meta name="robots" content="noindex, nofollow" />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm font-semibold">{PREVIEW_BANNER_TEXT}</p>
        <form method="post" action="/preview/exit">
          <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
          <button
            type="submit"
            className="rounded-md border border-amber-400 bg-white px-3 py-1.5 text-sm font-semibold text-amber-950 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
          >
            Exit preview
          </button>
        </form>
      </div>
    </section>
  );
}
