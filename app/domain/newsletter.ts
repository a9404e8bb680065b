// The newsletter signup ('Stay Updated' on the home page, SPEC §2, §5, §8): one required e-mail.
import { z } from "zod";
import { emailField } from "./lead-fields";

export const SUBSCRIBE_SUCCESS = "Subscribed successfully!";
export const ALREADY_SUBSCRIBED = "You are already subscribed. Thank you!";
/** SPEC §8: the server answered but gave no message. */
export const SUBSCRIBE_FAILURE = "Subscription failed.";
/** SPEC §8: the server could not be reached. */
export const SUBSCRIBE_NETWORK_FAILURE = "Subscription failed. Please try again.";

export const subscribeSchema = z.object({ email: emailField });

export type SubscribeInput = z.infer<typeof subscribeSchema>;
