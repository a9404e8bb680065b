// The query of the JSON API's paged lists (GET /api/contact, /api/quotes, /api/subscribers;
// `?page&limit&search`) and the `pagination` they answer. Unlike the admin
// pages' URL (lib/lead-filter.ts parseLeadFilter, which drops what means nothing), a value the
// API cannot use is a 400 naming it: a client should learn that `page=abc` did nothing.
// Unknown parameters are ignored, as query strings go (`limit[$gt]=0` is a name, not an
// operator: the query string is read as flat strings, lib/api.server.ts). The lead lists'
// `?status` is domain/lead-inbox.ts apiLeadListQuery.
import { z } from "zod";
import { ADMIN_PAGE_SIZE, SEARCH_MAX } from "./admin-list";

/**
 * The largest page a client may ask for: bounded work per request, yet enough for the SPEC's
 * quote screen, which shows every request without pages (GET /api/quotes answers this many).
 */
export const API_LIMIT_MAX = 1000;
const PAGE_MAX = 999_999;

export const PAGE_INVALID = `page must be a whole number from 1 to ${PAGE_MAX}.`;
export const LIMIT_INVALID = `limit must be a whole number from 1 to ${API_LIMIT_MAX}.`;

/** A whole number in a query string ("12"), from `min` to `max`. */
function wholeNumber(message: string, min: number, max: number) {
  return z
    .string({ error: message })
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** `?page&limit&search`: page 1, `defaultLimit` a page, no search unless asked. */
export function apiListQuery(defaultLimit: number = ADMIN_PAGE_SIZE) {
  return z.object({
    page: wholeNumber(PAGE_INVALID, 1, PAGE_MAX).default(1).describe("Page, from 1"),
    limit: wholeNumber(LIMIT_INVALID, 1, API_LIMIT_MAX)
      .default(defaultLimit)
      .describe(`Records a page (default ${defaultLimit}, at most ${API_LIMIT_MAX})`),
    // Cut like the admin pages' search box (SEARCH_MAX): a longer search means nothing more.
    search: z
      .string()
      .transform((value) => value.trim().slice(0, SEARCH_MAX))
      .default("")
      .describe("Case-insensitive text to look for"),
  });
}

/**
 * The list's `pagination` as the clients read it, {page, pages, limit}, plus total: the page
 * shown (a page past the end shows the last), of how many.
 */
const paginationRecord = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().describe("Records on all pages"),
});

export function paginationOf(
  list: { page: number; pages: number; total: number },
  limit: number,
): z.infer<typeof paginationRecord> {
  return { page: list.page, pages: list.pages, limit, total: list.total };
}

/** `{success, data: [...], pagination, message}`: the shape of a paged list. */
export const pagedListResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    pagination: paginationRecord,
    message: z.string(),
  });
