// Emptying the collections a test file writes, named once in its beforeEach.
import { getCollections } from "#db/client.server";

export type CollectionName = keyof Awaited<ReturnType<typeof getCollections>>;

/** Deletes every document of the named collections. */
export async function emptyCollections(...names: CollectionName[]): Promise<void> {
  const collections = await getCollections();
  await Promise.all(names.map((name) => collections[name].deleteMany({})));
}
