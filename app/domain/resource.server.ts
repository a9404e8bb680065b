// Resources (SPEC §3): cards on /resources that open an external link.
import { getCollections } from "#db/client.server";

export interface Resource {
  _id: string;
  title: string;
  description: string;
  image: string;
  link: string;
  updatedAt: Date;
}

/** Every resource, newest first. */
export async function listResources(): Promise<Resource[]> {
  const { resources } = await getCollections();
  const docs = await resources.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
  return docs.map((d) => ({
    _id: d._id.toHexString(),
    title: d.title,
    description: d.description,
    image: d.image,
    link: d.link,
    updatedAt: d.updatedAt,
  }));
}
