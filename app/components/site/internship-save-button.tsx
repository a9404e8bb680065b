// Save / Saved on an internship card. A native POST form (the route's action sets the
// savedInternships cookie and redirects back to the same list), so it works without
// JavaScript; with JavaScript it is a fetcher: the button flips at once and the page does not
// navigate.
import { useFetcher } from "react-router";
import { Icon } from "~/components/icon/icon";
import { useHydrated } from "~/lib/use-hydrated";

export const TOGGLE_SAVE_INTENT = "toggle-save";

export interface SaveActionData {
  id?: string;
  saved?: boolean;
  error?: string;
}

export function InternshipSaveButton({
  id,
  title,
  saved,
}: {
  id: string;
  title: string;
  saved: boolean;
}) {
  const fetcher = useFetcher<SaveActionData>({ key: `save-${id}` });
  const hydrated = useHydrated();
  // Optimistic: while the request runs, show the state it asks for.
  const pending = fetcher.formData?.get("id") === id ? fetcher.formData.get("save") : null;
  const isSaved = pending === null ? saved : pending === "1";
  const error = fetcher.state === "idle" && fetcher.data?.error ? fetcher.data.error : null;

  return (
    <fetcher.Form method="post" className="flex flex-col items-end gap-1">
      <input type="hidden" name="intent" value={TOGGLE_SAVE_INTENT} />
      <input type="hidden" name="id" value={id} />
      {/* The state wanted rather than "flip", so a double click cannot end up inverted. */}
      <input type="hidden" name="save" value={isSaved ? "0" : "1"} />
      {/* Tells the action to answer with data instead of redirecting (no navigation). */}
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={isSaved}
        className={`inline-flex h-10 items-center gap-2 rounded-lg border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
          isSaved
            ? "border-blue-700 bg-blue-50 text-blue-800 hover:bg-blue-100"
            : "border-slate-300 bg-white text-slate-800 hover:border-blue-400 hover:text-blue-700"
        }`}
      >
        <Icon name="bookmark-simple" weight={isSaved ? "fill" : "regular"} className="h-5 w-5" />
        {isSaved ? "Saved" : "Save"}
        <span className="sr-only"> {title}</span>
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
