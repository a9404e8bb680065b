// The highlights' store: the kit's reads, and writes that keep the home-page order 0, 1, 2…
// without gaps (the order decides each card's icon and colour): every create, move and delete
// renumbers the cards. Each write runs the after-write steps once, as the kit's do.
import type { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { HighlightDoc } from "#db/collections";
import type { Actor } from "~/domain/audit";
import { createdBy, editedBy } from "~/lib/edit-stamps";
import type { ListPage } from "~/lib/list-page.server";
import { parseObjectId } from "~/lib/object-id.server";
import { afterWrite, type ContentWrite } from "./after-write.server";
import { type Highlight, type HighlightInput, highlights as type } from "./highlights";
import { type AdminRecordOf, type CollectionStore, collectionStore } from "./kit/store.server";

const base = collectionStore(type);
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

/**
 * A write's renumbering, then its after-write steps (which never throw). The write has already
 * changed the home page: when the renumbering fails, the steps still run (cached pages must
 * learn of the change) before the failure is reported.
 */
async function renumbered(
  write: Pick<ContentWrite, "actor" | "action" | "entityId" | "summary">,
  step: () => Promise<void>,
): Promise<void> {
  try {
    await step();
  } finally {
    await afterWrite({ ...write, entity: type.entity });
  }
}

/**
 * Sets `fields` on the card `id` names and puts it at `position`. False when the id names none.
 * The audit summary is made from the title the card had.
 */
async function editAndPlace(
  id: string,
  fields: Partial<HighlightInput>,
  position: number | undefined,
  write: Pick<ContentWrite, "actor" | "action"> & { summary: (title: string) => string },
): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { actor, action, summary } = write;
  const before = await (await collection()).findOneAndUpdate(
    { _id },
    { $set: { ...fields, ...editedBy(actor.email) } },
    { projection: { title: 1 } },
  );
  if (!before) return false;
  const said = summary(before.title);
  await renumbered({ actor, action, entityId: id, summary: said }, () => placeAt(_id, position));
  return true;
}

/** In the admin: `position` is the card's place on the home page, 1-based. */
export type AdminHighlight = AdminRecordOf<typeof type> & { position: number };

export interface HighlightStore extends Omit<CollectionStore<typeof type>, "listForAdmin"> {
  listForAdmin(query: { q: string; page: number }): Promise<
    ListPage<AdminHighlight> & {
      /** How many cards there are (the position select's choices). */
      count: number;
    }
  >;
  /** Moves a card to a 1-based position. False when the id names no highlight. */
  move(id: string, position: number, actor: Actor): Promise<boolean>;
}

export const highlightStore: HighlightStore = {
  ...base,

  /** Home-page order, searched and paged; each card with its real 1-based position. */
  async listForAdmin(query) {
    const ids = await orderedIds();
    const position = new Map(ids.map((id, i) => [id.toHexString(), i + 1]));
    const list = await base.listForAdmin(query);
    const items = list.items.map((h) => ({ ...h, position: position.get(h._id) ?? ids.length }));
    return { ...list, items, count: ids.length };
  },

  async create(input: HighlightInput, actor) {
    const highlights = await collection();
    const { position, ...fields } = input;
    const count = await highlights.countDocuments({});
    const { insertedId } = await highlights.insertOne({
      ...fields,
      order: count,
      ...createdBy(actor.email),
    } as HighlightDoc);
    const id = insertedId.toHexString();
    await renumbered({ actor, action: "create", entityId: id, summary: fields.title }, () =>
      placeAt(insertedId, position),
    );
    return (await base.get(id)) as Highlight;
  },

  async update(id, { position, ...fields }: HighlightInput, actor) {
    return editAndPlace(id, fields, position, {
      actor,
      action: "update",
      summary: () => fields.title,
    });
  },

  async move(id, position, actor) {
    const summary = (title: string) => `${title}: to position ${position}`;
    return editAndPlace(id, {}, position, { actor, action: "move", summary });
  },

  /** The cards after it move up one place. */
  async remove(id, actor) {
    const _id = parseObjectId(id);
    if (!_id) return false;
    const deleted = await (await collection()).findOneAndDelete(
      { _id },
      { projection: { title: 1 } },
    );
    if (!deleted) return false;
    await renumbered({ actor, action: "delete", entityId: id, summary: deleted.title }, async () =>
      renumber(await orderedIds()),
    );
    return true;
  },
};
