// Posting a bulk action to an admin list's action the way the bar's form does without
// JavaScript (app/components/admin/bulk-bar.tsx): a ticked row's id once per row, so the fields
// repeat. Shared by the bulk tests of the kit's types, the internships and the lead inbox.
import { BULK_FIELDS, BULK_INTENT } from "~/lib/bulk";
import { runRoute } from "./admin-request";

export interface BulkPost {
  /** The action's value ("delete", "inactive", "status"). */
  action: string;
  ids?: readonly string[];
  /** "Select all on this page" ticked, with the page's ids. */
  page?: readonly string[];
  to?: string;
  /** The one confirmation answered (the post that writes). */
  confirmed?: boolean;
}

/** Runs `fn` with the bulk post to `path`; answers what it returned or threw. */
export function postBulk(
  fn: (args: never) => unknown,
  path: string,
  cookie: string | undefined,
  post: BulkPost,
  // biome-ignore lint/suspicious/noExplicitAny: data(), a Response or plain data, per branch.
): Promise<any> {
  const body = new URLSearchParams({ intent: BULK_INTENT, [BULK_FIELDS.action]: post.action });
  for (const id of post.ids ?? []) body.append(BULK_FIELDS.ids, id);
  if (post.page) {
    body.set(BULK_FIELDS.all, "page");
    for (const id of post.page) body.append(BULK_FIELDS.page, id);
  }
  if (post.to !== undefined) body.set(BULK_FIELDS.to, post.to);
  if (post.confirmed) body.set(BULK_FIELDS.confirmed, "1");
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
  });
  return runRoute(fn, request);
}
