// Contact messages (SPEC §3 Contact submission): stored from /contact, read by the lead inbox.
import { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { ContactDoc } from "#db/collections";
import type { ContactMessageInput } from "./contact-message";
import { insertOnce, type LeadOptions, notifyNewLead } from "./lead-notification.server";

/** Stores a new contact message (status 'new') and announces it to the agency by e-mail. */
export async function createContactMessage(
  input: ContactMessageInput,
  options: LeadOptions = {},
): Promise<{ doc: ContactDoc; created: boolean }> {
  const { source = {}, submissionKey, now = new Date() } = options;
  const { contacts } = await getCollections();
  const doc: ContactDoc = {
    _id: new ObjectId(),
    name: input.name,
    email: input.email,
    message: input.message,
    status: "new",
    source,
    ...(submissionKey ? { submissionKey } : {}),
    createdAt: now,
    updatedAt: now,
  };
  if (!(await insertOnce(contacts, doc))) return { doc, created: false };
  notifyNewLead({
    kind: "contact",
    id: doc._id,
    name: doc.name,
    email: doc.email,
    fields: [],
    message: doc.message,
    source,
  });
  return { doc, created: true };
}
