// The highlights' store: the kit's, keeping the home-page order 0, 1, 2… without gaps (the order
// decides each card's icon and colour). Every create, edit, move and delete renumbers the cards
// (the kit store's `settle` step, before the after-write steps); a new card starts last.
import type { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { Actor } from "~/domain/audit";
import { editedBy } from "~/lib/edit-stamps";
import { parseObjectId } from "~/lib/object-id.server";
import { afterWrite } from "./after-write.server";
import { type HighlightInput, highlights as type } from "./highlights";
import { type AdminQuery, collectionStore } from "./kit/store.server";

const collection = async () => (await getCollections()).highlights;

/** The ids in home-page order (there are only a handful of cards). */
async function orderedIds(): Promise<ObjectId[]> {
  const docs = await (await collection())
    .find({}, { projection: { _id: 1 } })
    .sort(type.publicSort)
    .toArray();
  return docs.map((d) => d._id);
}

/** Writes 0, 1, 2… into every card whose stored order differs from its place in `ids`. */
async function renumber(ids: ObjectId[]): Promise<void> {
  const highlights = await collection();
  const docs = await highlights.find({}, { projection: { _id: 1, order: 1 } }).toArray();
  const stored = new Map(docs.map((d) => [d._id.toHexString(), d.order]));
  for (const [order, id] of ids.entries()) {
    if (stored.get(id.toHexString()) !== order) {
      await highlights.updateOne({ _id: id }, { $set: { order } });
    }
  }
}

/** Puts `id` at the 1-based `position` (past the end: last; none: where it is). */
async function placeAt(id: ObjectId, position: number | undefined): Promise<void> {
  const all = await orderedIds();
  const current = all.findIndex((other) => other.equals(id));
  const ids = all.filter((other) => !other.equals(id));
  const index =
    position === undefined
      ? current === -1
        ? ids.length
        : current
      : Math.min(Math.max(position - 1, 0), ids.length);
  ids.splice(index, 0, id);
  await renumber(ids);
}

const base = collectionStore(type, {
  // A written card goes to the position the form names; a deleted one leaves no gap.
  settle: async ({ _id, input }) =>
    input ? placeAt(_id, input.position) : renumber(await orderedIds()),
});

export const highlightStore = {
  ...base,

  /** Home-page order, searched and paged; each card with its real 1-based position. */
  async listForAdmin(query: AdminQuery) {
    const ids = await orderedIds();
    const position = new Map(ids.map((id, i) => [id.toHexString(), i + 1]));
    const list = await base.listForAdmin(query);
    const items = list.items.map((h) => ({ ...h, position: position.get(h._id) ?? ids.length }));
    // `count`: how many cards there are (the position select's choices).
    return { ...list, items, count: ids.length };
  },

  /** A new card is stored last, then goes to its position (if the form names one). */
  async create(input: HighlightInput, actor: Actor) {
    const order = await (await collection()).countDocuments({});
    return base.create({ ...input, order } as HighlightInput, actor);
  },

  /** Moves a card to a 1-based position. False when the id names no highlight. */
  async move(id: string, position: number, actor: Actor): Promise<boolean> {
    const _id = parseObjectId(id);
    if (!_id) return false;
    const before = await (await collection()).findOneAndUpdate(
      { _id },
      { $set: editedBy(actor.email) },
      { projection: { title: 1 } },
    );
    if (!before) return false;
    const summary = `${before.title}: to position ${position}`;
    try {
      await placeAt(_id, position);
    } finally {
      // The move has already changed the home page: cached pages must learn of it.
      await afterWrite({ entity: type.entity, action: "move", entityId: id, summary, actor });
    }
    return true;
  },
};
