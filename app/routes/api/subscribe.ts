// POST /api/subscribe: `{email}` onto the newsletter list, answered `{success,
// message}`. No token; the newsletter form's schema, honeypot and rate limit
// (lib/visitor-api.server.ts), and its store: one subscription per address, so subscribing
// again is a success that says so (domain/newsletter.server.ts), 200 instead of 201.
import { z } from "zod";
import { ALREADY_SUBSCRIBED, SUBSCRIBE_SUCCESS, subscribeApiSchema } from "~/domain/newsletter";
import { subscribe } from "~/domain/newsletter.server";
import { apiJson, apiRoute, operation } from "~/lib/api.server";
import { acceptVisitorPost } from "~/lib/visitor-api.server";

const api = apiRoute("/api/subscribe", {
  post: operation({
    tag: "Newsletter",
    summary: "Subscribe an address to the newsletter",
    description:
      "No token. The newsletter form's validation, spam trap and per-address limit (FORM_IP_LIMIT an hour, shared with the form). 201 for a new subscription; 200 with the already-subscribed message when the address is on the list (it stays there once).",
    auth: "none",
    body: subscribeApiSchema,
    response: z.object({ success: z.literal(true), message: z.string() }),
    status: 201,
    errors: { 429: "Too many posts from this address; see Retry-After" },
    handler: async ({ request, context, body }) => {
      const outcome = await acceptVisitorPost({
        request,
        context,
        scope: "newsletter",
        honeypot: body.website,
        payload: body.email,
        // Idempotent by nature: an address is on the list once.
        store: ({ source }) => subscribe(body.email, source),
      });
      return outcome === "subscribed"
        ? apiJson({ success: true, message: SUBSCRIBE_SUCCESS }, 201)
        : apiJson({ success: true, message: ALREADY_SUBSCRIBED }, 200);
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
