// The site's logo: the mark (a lower-case "b" cut from a rounded square, the same drawing as
// public/favicon.svg) followed by the brand name set in the brand typeface. The name comes from
// the back office, so it is real text, not part of the drawing: it follows a rename, screen
// readers and search engines read it, and it stays sharp at any size. The mark is decoration.

/** The mark alone, `className` sizing it (it is square). */
export function BrandMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      {/* The stem and the bowl of the "b", drawn as strokes so they keep one weight. */}
      <path
        d="M11 7.5v17M11 18.5a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0 -11 0"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
      />
      {/* A small accent where the bowl meets the stem: the agency's "one team" dot. */}
      <circle cx="24.5" cy="9" r="2.5" fill="#93c5fd" />
    </svg>
  );
}

/**
 * Mark and name side by side. `tone`: "light" on a white background (the top bar), "dark" on
 * the footer's slate.
 */
export function BrandLogo({ brand, tone }: { brand: string; tone: "light" | "dark" }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2.5">
      <BrandMark className="h-8 w-8 shrink-0" />
      <span
        className={`truncate text-xl leading-none font-extrabold tracking-tight ${
          tone === "light" ? "text-slate-900" : "text-white"
        }`}
      >
        {brand}
      </span>
    </span>
  );
}
