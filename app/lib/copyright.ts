// The footer's copyright line, worded once: "© <year> <company>. All rights reserved." Staff
// type the company name; someone who types the whole line (the footer editor's field was long
// labelled "Company name (copyright)") must not get "…All rights reserved.. All rights reserved.",
// so the decorations the line adds are taken off what was typed, when it is saved and again
// when it is shown (a document written some other way, or before this rule, is read the same).

// "©", "(c)" or "Copyright", repeated or not, then an optional year or range ("2020–2026,").
const LEADING = /^\s*(?:(?:©|\(c\)|copyright\b)\s*)+(?:\d{4}(?:\s*[-–]\s*\d{4})?\s*,?\s*)?/i;
// The closing sentence, with the full stop or comma before it (the name's own "Inc." stays).
const TRAILING = /(?:[.,]?\s+|[.,])all rights reserved\s*\.?\s*$/i;

/** The company name alone, from a name or a whole copyright line typed in its place. */
export function companyNameOnly(typed: string): string {
  return typed.replace(LEADING, "").replace(TRAILING, "").trim();
}

/** "© 2026 Bureau Digital GmbH. All rights reserved." (one full stop after "Inc.", not two). */
export function copyrightLine(year: number, company: string): string {
  const name = companyNameOnly(company);
  return `© ${year} ${name}${name.endsWith(".") ? "" : "."} All rights reserved.`;
}
