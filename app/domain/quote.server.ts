// Quote requests (SPEC §3 Quote request): stored from the public form, read by the lead inbox.
import { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { QuoteDoc } from "#db/collections";
import { insertOnce, type LeadOptions, notifyNewLead } from "./lead-notification.server";
import type { QuoteInput } from "./quote";

/** Stores a new quote request (status 'pending') and announces it to the agency by e-mail. */
export async function createQuote(
  input: QuoteInput,
  options: LeadOptions = {},
): Promise<{ doc: QuoteDoc; created: boolean }> {
  const { source = {}, submissionKey, now = new Date() } = options;
  const { quotes } = await getCollections();
  const doc: QuoteDoc = {
    _id: new ObjectId(),
    name: input.name,
    email: input.email,
    phone: input.phone,
    service: input.service,
    message: input.message,
    status: "pending",
    source,
    ...(submissionKey ? { submissionKey } : {}),
    createdAt: now,
    updatedAt: now,
  };
  if (!(await insertOnce(quotes, doc))) return { doc, created: false };
  notifyNewLead({
    kind: "quote",
    id: doc._id,
    name: doc.name,
    email: doc.email,
    fields: [
      ["Phone", doc.phone],
      ["Service", doc.service],
    ],
    message: doc.message,
    source,
  });
  return { doc, created: true };
}
