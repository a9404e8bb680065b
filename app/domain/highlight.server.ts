// Highlights (SPEC §3): the 'Why Choose' cards on the home page. Their order decides the icon.
import { getCollections } from "#db/client.server";

export interface Highlight {
  _id: string;
  title: string;
  label: string;
  description: string;
  order: number;
}

export async function listHighlights(): Promise<Highlight[]> {
  const { highlights } = await getCollections();
  const docs = await highlights.find({}).sort({ order: 1, createdAt: 1, _id: 1 }).toArray();
  return docs.map((d) => ({
    _id: d._id.toHexString(),
    title: d.title,
    label: d.label,
    description: d.description,
    order: d.order,
  }));
}
