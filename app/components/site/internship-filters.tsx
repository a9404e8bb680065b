// The internship list's controls: search, sort, saved-only and the Filters
// panel. One GET form, so every state is a URL that can be shared, crawled and used without
// JavaScript (the Apply button submits it). With JavaScript the list follows the controls as
// they change, replacing the history entry and keeping the scroll position; typing in the
// search box waits for a pause (300 ms) and keeps the focus there.
import { useEffect, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { INTERNSHIP_DOMAINS } from "#db/collections";
import { Icon } from "~/components/icon/icon";
import {
  DEFAULT_INTERNSHIP_SORT,
  INTERNSHIP_LOCATIONS,
  INTERNSHIP_SORT_LABELS,
  INTERNSHIP_SORTS,
  type InternshipQuery,
  internshipSearch,
  parseInternshipQuery,
} from "~/domain/internship-list";
import { SEARCH_MAX } from "~/lib/admin-list";
import { useHydrated } from "~/lib/use-hydrated";

export const SEARCH_DEBOUNCE_MS = 300;

const labelClass = "block text-sm font-semibold text-slate-800";
const fieldClass =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm focus:border-blue-700 focus:outline-2 focus:outline-offset-0 focus:outline-blue-700/30";
const controlClass = `mt-1.5 ${fieldClass}`;

/**
 * The sort select's value: the default sort is sent empty, like a filter left at "All", so the
 * form without JavaScript leads to the list's short URL (the server's 301 drops empty fields,
 * lib/canonical-url.server.ts) rather than one that spells out the default.
 */
const sortValue = (sort: InternshipQuery["sort"]) => (sort === DEFAULT_INTERNSHIP_SORT ? "" : sort);

/** The Filters panel's selects: name, label and the first option, which filters nothing. */
const PANEL = [
  ["domain", "Domain", "All domains"],
  ["location", "Location", "All locations"],
  ["duration", "Duration", "Any duration"],
] as const;

export function InternshipFilters({
  query,
  durations,
  savedCount,
}: {
  query: InternshipQuery;
  /** The duration filter's options (days). */
  durations: number[];
  /** Saved internships that are still listed. */
  savedCount: number;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const panelFilters = [query.domain, query.location, query.duration].filter(Boolean).length;
  // Open at first when it holds an active filter; after that the visitor decides.
  const [panelOpen] = useState(panelFilters > 0);

  // A value the URL no longer has (a filter in the options of another page, say) stays
  // selectable, so the control always shows the list's real state.
  const durationOptions =
    query.duration && !durations.includes(query.duration)
      ? [...durations, query.duration].sort((a, b) => a - b)
      : durations;
  // Each panel select's value ("" for no filter) and its [value, text] options.
  const panel: Record<(typeof PANEL)[number][0], { value: string; options: [string, string][] }> = {
    domain: { value: query.domain ?? "", options: INTERNSHIP_DOMAINS.map((d) => [d, d]) },
    location: { value: query.location ?? "", options: INTERNSHIP_LOCATIONS.map((l) => [l, l]) },
    duration: {
      value: query.duration ? String(query.duration) : "",
      options: durationOptions.map((days) => [String(days), `${days} days`]),
    },
  };

  function apply() {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!form.current) return;
    // The same clean URL a link would have: no empty fields, no default sort, page 1 (a new
    // filter starts from the first page).
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form.current)) {
      if (typeof value === "string") params.append(key, value);
    }
    const next = parseInternshipQuery(params);
    navigate(`/internships${internshipSearch({ ...next, page: 1 })}`, {
      replace: true,
      preventScrollReset: true,
    });
  }

  // When the URL changes from outside the form (Clear All Filters, back/forward), show its
  // state. The search box is left alone while the visitor is typing in it.
  useEffect(() => {
    const f = form.current;
    if (!f) return;
    const field = (name: string) => f.elements.namedItem(name) as HTMLInputElement | null;
    const search = field("q");
    if (search && search !== document.activeElement && timer.current === undefined) {
      search.value = query.q;
    }
    for (const [name, value] of [
      ["sort", sortValue(query.sort)],
      ["domain", query.domain ?? ""],
      ["location", query.location ?? ""],
      ["duration", query.duration ? String(query.duration) : ""],
    ] as const) {
      const el = field(name);
      if (el) el.value = value;
    }
    const saved = field("saved");
    if (saved) saved.checked = query.saved;
  }, [query.q, query.sort, query.domain, query.location, query.duration, query.saved]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      ref={form}
      method="get"
      action="/internships"
      role="search"
      aria-label="Find an internship"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onChange={(event) => {
        const target = event.target as unknown as { name?: string };
        if (target.name === "q") {
          clearTimeout(timer.current);
          timer.current = setTimeout(apply, SEARCH_DEBOUNCE_MS);
        } else {
          apply();
        }
      }}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-end lg:flex">
        <div className="md:col-span-2 lg:min-w-0 lg:flex-1">
          <label htmlFor="internship-search" className={labelClass}>
            Search
          </label>
          <div className="relative mt-1.5">
            <Icon
              name="magnifying-glass"
              className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-600"
            />
            <input
              id="internship-search"
              type="search"
              name="q"
              defaultValue={query.q}
              maxLength={SEARCH_MAX}
              placeholder="Title or description"
              autoComplete="off"
              className={`${fieldClass} pl-10`}
            />
          </div>
        </div>
        <FilterSelect
          name="sort"
          label="Sort by"
          value={sortValue(query.sort)}
          options={INTERNSHIP_SORTS.map((sort) => [sortValue(sort), INTERNSHIP_SORT_LABELS[sort]])}
          className="lg:w-64"
        />
        <label className="flex h-11 shrink-0 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 shadow-sm has-checked:border-blue-700 has-checked:bg-blue-50 has-checked:text-blue-800 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-700">
          <input
            type="checkbox"
            name="saved"
            value="1"
            defaultChecked={query.saved}
            className="h-4 w-4 accent-blue-700 focus:outline-none"
          />
          <Icon name="bookmark-simple" className="h-5 w-5" />
          <span>
            Saved only <span className="font-normal text-slate-700">({savedCount})</span>
          </span>
        </label>
        {/* With JavaScript the list follows the controls; without it this applies them. */}
        {hydrated ? null : <ApplyButton className="hidden lg:inline-flex" />}
      </div>

      <details open={panelOpen} className="group mt-4 border-t border-slate-200 pt-4">
        <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-md text-sm font-semibold text-slate-800 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 [&::-webkit-details-marker]:hidden">
          <Icon name="funnel-simple" className="h-5 w-5" />
          Filters
          {panelFilters > 0 ? (
            <span className="rounded-full bg-blue-700 px-2 py-0.5 text-xs text-white">
              {panelFilters}
              <span className="sr-only"> active</span>
            </span>
          ) : null}
          <Icon name="caret-down" className="h-4 w-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          {PANEL.map(([name, label, all]) => (
            <FilterSelect key={name} name={name} label={label} all={all} {...panel[name]} />
          ))}
        </div>
      </details>
      {/* Below the panel on smaller screens, where the filters come after the top row. */}
      {hydrated ? null : (
        <div className="mt-4 border-t border-slate-200 pt-4 lg:hidden">
          <ApplyButton className="flex w-full sm:w-auto" />
        </div>
      )}
    </Form>
  );
}

/** A labelled select of the form; `all`: the empty first option, which filters nothing. */
function FilterSelect({
  name,
  label,
  value,
  all,
  options,
  className,
}: {
  name: string;
  label: string;
  value: string;
  all?: string;
  /** [value, text] pairs. */
  options: (readonly [string, string])[];
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={`internship-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`internship-${name}`} name={name} defaultValue={value} className={controlClass}>
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function ApplyButton({ className }: { className: string }) {
  return (
    <button
      type="submit"
      className={`${className} h-11 items-center justify-center rounded-lg bg-blue-700 px-6 font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`}
    >
      Apply
    </button>
  );
}
