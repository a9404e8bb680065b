// The newsletter signup ('Stay Updated' on the home page): one required e-mail.
import { z } from "zod";
import { SUBSCRIBE_FAILURE, SUBSCRIBE_NETWORK_FAILURE } from "./lead-checks";
import { emailField, honeypotField } from "./lead-fields";

export const SUBSCRIBE_SUCCESS = "Subscribed successfully!";
export const ALREADY_SUBSCRIBED = "You are already subscribed. Thank you!";
export { SUBSCRIBE_FAILURE, SUBSCRIBE_NETWORK_FAILURE };

export const subscribeSchema = z.object({ email: emailField });

export type SubscribeInput = z.infer<typeof subscribeSchema>;

/** POST /api/subscribe: the form's field and messages, and its honeypot. */
export const subscribeApiSchema = subscribeSchema.extend({ website: honeypotField });

// The subscriber list (/admin/dashboard/subscribers, /api/subscribers).
export const SUBSCRIBER_NOT_FOUND = "This subscription does not exist (it may have been removed).";
export const SUBSCRIBER_REMOVED = "Subscriber removed.";
/** The admin list's columns that sort (`?sort=`): the address and when it was given. */
export const SUBSCRIBER_SORTABLE = ["email", "createdAt"] as const;

/** A subscription as the JSON API answers it (AdminSubscriber). */
export const subscriberRecord = z.object({
  _id: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  page: z.string().nullable().describe("The page (or API path) the address was given on"),
  referrer: z.string().nullable(),
  campaign: z.string().nullable().describe("utm_campaign of the visit"),
});
