// The JSON API operations of the lead inbox, the same for quote requests and contact messages
// (and, for deletion, newsletter addresses): a visitor's post (no token; the form's checks,
// honeypot, rate limit and new-lead e-mail, lib/visitor-api.server.ts), the list with
// `pagination`, one lead, its status, its deletion. Each route module names its own texts and
// functions; the rules are written once here.
import { z } from "zod";
import { apiJson, apiNotFound, okResponse, operation } from "~/lib/api.server";
import { pagedListResponse, paginationOf } from "~/lib/api-list";
import type { ListPage } from "~/lib/list-page.server";
import { acceptVisitorPost } from "~/lib/visitor-api.server";
import type { Actor } from "./audit";
import {
  apiLeadListQuery,
  type LeadRow,
  type LeadView,
  leadFilterOf,
  leadReceipt,
  leadRow,
  leadStatusBody,
  statusSetText,
} from "./lead-inbox";
import type { LeadOptions } from "./lead-notification.server";

type Statuses<S extends string> = readonly [S, ...S[]];

/** POST: a visitor's lead, answered 201 with the stored record (the first one on a retry). */
export function leadPostOperation<Input, Doc, Row extends { updatedBy: string | null }>(kind: {
  tag: string;
  summary: string;
  /** "quote form", "contact form": the form whose checks the API shares. */
  form: string;
  scope: "quote" | "contact";
  body: z.ZodType<Input & { website?: unknown }>;
  record: z.ZodObject;
  create: (input: Input, meta: LeadOptions) => Promise<{ doc: Doc }>;
  toRow: (doc: Doc) => Row;
  success: string;
}) {
  return operation({
    tag: kind.tag,
    summary: kind.summary,
    description: `No token. The ${kind.form}'s validation, spam trap and per-address limit (FORM_IP_LIMIT an hour, shared with the form); the agency is e-mailed as for the form. Send an Idempotency-Key header to make a retry safe: the same key with the same body is stored once and answered with the first record.`,
    auth: "none",
    body: kind.body,
    response: okResponse(kind.record.omit({ updatedBy: true })),
    status: 201,
    errors: { 429: "Too many posts from this address; see Retry-After" },
    handler: async ({ request, context, body }) => {
      const { website, ...input } = body as Input & { website?: unknown };
      const { doc } = await acceptVisitorPost({
        request,
        context,
        scope: kind.scope,
        honeypot: website,
        payload: input,
        store: (meta) => kind.create(input as Input, meta),
      });
      return apiJson(
        { success: true, data: leadReceipt(kind.toRow(doc)), message: kind.success },
        201,
      );
    },
  });
}

/** GET: the leads received, newest first, a page at a time (`?page&limit&status&search`). */
export function leadListOperation<S extends string, Row>(kind: {
  tag: string;
  summary: string;
  statuses: Statuses<S>;
  defaultLimit?: number;
  record: z.ZodType;
  list: (filter: ReturnType<typeof leadFilterOf<S>>, limit: number) => Promise<ListPage<Row>>;
  message: string;
}) {
  return operation({
    tag: kind.tag,
    summary: kind.summary,
    auth: "bearer",
    query: apiLeadListQuery(kind.statuses, kind.defaultLimit),
    response: pagedListResponse(kind.record),
    handler: async ({ query }) => {
      const list = await kind.list(leadFilterOf<S>(query), query.limit);
      return apiJson({
        success: true,
        data: list.items,
        pagination: paginationOf(list, query.limit),
        message: kind.message,
      });
    },
  });
}

/** GET one: everything the inbox's page shows; an unknown or malformed id is a 404. */
export function leadGetOperation<View>(kind: {
  tag: string;
  summary: string;
  record: z.ZodType;
  get: (id: string) => Promise<View | null>;
  notFoundText: string;
}) {
  return operation({
    tag: kind.tag,
    summary: kind.summary,
    auth: "bearer",
    response: okResponse(kind.record),
    handler: async ({ params }) => {
      const lead = await kind.get(params.id ?? "");
      if (!lead) apiNotFound(kind.notFoundText);
      return apiJson({ success: true, data: lead });
    },
  });
}

/** PUT/PATCH `{status}`: answered with the lead as it now is; unknown status in the inbox's words. */
export function leadStatusOperation<S extends string>(kind: {
  tag: string;
  summary: string;
  statuses: Statuses<S>;
  record: z.ZodType;
  setStatus: (id: string, status: S, actor: Actor) => Promise<boolean>;
  get: (id: string) => Promise<LeadView<S> | null>;
  notFoundText: string;
}) {
  return operation({
    tag: kind.tag,
    summary: kind.summary,
    auth: "bearer",
    body: leadStatusBody(kind.statuses),
    response: okResponse(kind.record),
    handler: async ({ params, body, actor }) => {
      const id = params.id ?? "";
      if (!(await kind.setStatus(id, body.status, actor))) apiNotFound(kind.notFoundText);
      const lead = await kind.get(id);
      if (!lead) apiNotFound(kind.notFoundText);
      const data: LeadRow<LeadView<S>> = leadRow(lead);
      return apiJson({ success: true, data, message: statusSetText(body.status) });
    },
  });
}

/** DELETE: `{success, message}`; an unknown or malformed id is a 404. */
export function deleteOperation(kind: {
  tag: string;
  summary: string;
  remove: (id: string, actor: Actor) => Promise<boolean>;
  notFoundText: string;
  done: string;
}) {
  return operation({
    tag: kind.tag,
    summary: kind.summary,
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      if (!(await kind.remove(params.id ?? "", actor))) apiNotFound(kind.notFoundText);
      return apiJson({ success: true, message: kind.done });
    },
  });
}
