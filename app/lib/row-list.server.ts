// Server side of the row-list editors (footer, about; the service page has its own stricter
// check): the last row of a list is never removed, whatever a hand-made post asks.

/** How many rows of list `name` the form carries (`name[3].label` counts row 3). */
export function rowCount(form: FormData, name: string): number {
  const prefix = `${name}[`;
  const rows = new Set<string>();
  for (const key of form.keys()) {
    if (!key.startsWith(prefix)) continue;
    const index = key.slice(prefix.length).split("]")[0];
    if (/^\d{1,3}$/.test(index ?? "")) rows.add(index as string);
  }
  return rows.size;
}

export const LAST_ROW_MESSAGE = "The last row cannot be removed; leave it blank instead.";

/**
 * Whether the post is a conform remove aimed at the only row left of one of `lists` (the button
 * is disabled in the page; only a hand-made post gets here). The intent is then dropped from
 * `form`, for the caller to answer 400 with LAST_ROW_MESSAGE and the form as it was.
 */
export function removesLastRow(form: FormData, lists: readonly string[]): boolean {
  const raw = form.get("__intent__");
  if (typeof raw !== "string") return false;
  let intent: { type?: unknown; payload?: { name?: unknown } } | null;
  try {
    intent = JSON.parse(raw);
  } catch {
    return false;
  }
  const name = intent?.payload?.name;
  if (intent?.type !== "remove" || typeof name !== "string" || !lists.includes(name)) return false;
  if (rowCount(form, name) > 1) return false;
  form.delete("__intent__");
  return true;
}
