// FAQs (SPEC §3): shown on the internships page.
import { getCollections } from "#db/client.server";

export interface Faq {
  _id: string;
  question: string;
  answer: string;
}

/** Every FAQ in the order it was written. */
export async function listFaqs(): Promise<Faq[]> {
  const { faqs } = await getCollections();
  const docs = await faqs.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
  return docs.map((d) => ({ _id: d._id.toHexString(), question: d.question, answer: d.answer }));
}
