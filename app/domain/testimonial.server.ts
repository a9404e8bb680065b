// Testimonials (SPEC §3): shown in the home page carousel.
import { getCollections } from "#db/client.server";

export interface Testimonial {
  _id: string;
  name: string;
  title: string;
  image: string;
  text: string;
  /** 1-5. */
  rating: number;
}

/** Every testimonial, oldest first, so the carousel keeps a stable order. */
export async function listTestimonials(): Promise<Testimonial[]> {
  const { testimonials } = await getCollections();
  const docs = await testimonials.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
  return docs.map((d) => ({
    _id: d._id.toHexString(),
    name: d.name,
    title: d.title,
    image: d.image,
    text: d.text,
    rating: d.rating,
  }));
}
