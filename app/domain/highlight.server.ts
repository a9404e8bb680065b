// Highlights (SPEC §3): the 'Why Choose' cards on the home page, managed at
// /admin/dashboard/highlights. Their order decides the icon and colour (SPEC §2: first a
// headset, second users, the rest a trophy), so `order` is kept as 0, 1, 2… without gaps:
// every create, move and delete renumbers the cards.
import type { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { HighlightDoc } from "#db/collections";
import { afterWrite } from "~/content/after-write.server";
import { ADMIN_PAGE_SIZE } from "~/lib/admin-list";
import { createdBy, type EditInfo, editedBy, editInfo } from "~/lib/edit-stamps";
import { type ListPage, listPage, searchFilter } from "~/lib/list-page.server";
import type { Actor } from "./audit";
import { contentChanged } from "./content-version.server";
import type { HighlightInput } from "./highlight";
import { parseObjectId } from "./object-id.server";

export interface Highlight {
  _id: string;
  title: string;
  label: string;
  description: string;
  order: number;
}

/** In the admin: `position` is the card's place on the home page, 1-based. */
export type AdminHighlight = Highlight & EditInfo & { position: number };

const HOME_ORDER = { order: 1, createdAt: 1, _id: 1 } as const;

const toHighlight = (d: HighlightDoc): Highlight => ({
  _id: d._id.toHexString(),
  title: d.title,
  label: d.label,
  description: d.description,
  order: d.order,
});

/** The cards in home-page order. */
export async function listHighlights(): Promise<Highlight[]> {
  const { highlights } = await getCollections();
  const docs = await highlights.find({}).sort(HOME_ORDER).toArray();
  return docs.map(toHighlight);
}

/** The ids in home-page order (there are only a handful of cards). */
async function orderedIds(): Promise<ObjectId[]> {
  const { highlights } = await getCollections();
  const docs = await highlights
    .find({}, { projection: { _id: 1 } })
    .sort(HOME_ORDER)
    .toArray();
  return docs.map((d) => d._id);
}

/**
 * The admin table in home-page order, not newest first: the order is what the admin arranges
 * (it decides the icons). Searchable and paged like every admin table.
 */
export async function listHighlightsForAdmin(query: {
  q: string;
  page: number;
}): Promise<ListPage<AdminHighlight> & { count: number }> {
  const { highlights } = await getCollections();
  const ids = await orderedIds();
  const position = new Map(ids.map((id, i) => [id.toHexString(), i + 1]));
  const list = await listPage(highlights, {
    filter: searchFilter<HighlightDoc>(query.q, ["title", "label", "description"]),
    sort: HOME_ORDER,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    map: (d) => ({
      ...toHighlight(d),
      ...editInfo(d),
      position: position.get(d._id.toHexString()) ?? ids.length,
    }),
  });
  return { ...list, count: ids.length };
}

/** The highlight an id names, or null when the id is malformed or names nothing. */
export async function getHighlight(id: string): Promise<Highlight | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { highlights } = await getCollections();
  const doc = await highlights.findOne({ _id });
  return doc ? toHighlight(doc) : null;
}

/**
 * Puts `id` at the 1-based `position` (past the end: last; none: where it is) and writes
 * 0, 1, 2… into every card whose order changed.
 */
async function placeAt(id: ObjectId, position: number | undefined): Promise<void> {
  const { highlights } = await getCollections();
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
  await renumber(ids, highlights);
}

async function renumber(
  ids: ObjectId[],
  highlights: Awaited<ReturnType<typeof getCollections>>["highlights"],
): Promise<void> {
  const docs = await highlights.find({}, { projection: { _id: 1, order: 1 } }).toArray();
  const stored = new Map(docs.map((d) => [d._id.toHexString(), d.order]));
  for (const [order, id] of ids.entries()) {
    if (stored.get(id.toHexString()) !== order) {
      await highlights.updateOne({ _id: id }, { $set: { order } });
    }
  }
}

/**
 * The document write above it already changed the home page: if this follow-up (renumbering)
 * fails before recordAudit runs, cached pages must still learn of the change.
 */
async function followUp(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    await contentChanged();
    throw error;
  }
}

export async function createHighlight(input: HighlightInput, actor: Actor): Promise<string> {
  const { highlights } = await getCollections();
  const { position, ...fields } = input;
  const count = await highlights.countDocuments({});
  const inserted = await highlights.insertOne({
    ...fields,
    order: count,
    ...createdBy(actor.email),
  } as HighlightDoc);
  await followUp(() => placeAt(inserted.insertedId, position));
  const id = inserted.insertedId.toHexString();
  await afterWrite({
    actor,
    action: "create",
    entity: "highlight",
    entityId: id,
    summary: fields.title,
  });
  return id;
}

/** False when the id names no highlight. */
export async function updateHighlight(
  id: string,
  input: HighlightInput,
  actor: Actor,
): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { highlights } = await getCollections();
  const { position, ...fields } = input;
  const result = await highlights.updateOne(
    { _id },
    { $set: { ...fields, ...editedBy(actor.email) } },
  );
  if (result.matchedCount !== 1) return false;
  await followUp(() => placeAt(_id, position));
  await afterWrite({
    actor,
    action: "update",
    entity: "highlight",
    entityId: id,
    summary: fields.title,
  });
  return true;
}

/** Moves a card to a 1-based position. False when the id names no highlight. */
export async function moveHighlight(id: string, position: number, actor: Actor): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { highlights } = await getCollections();
  const before = await highlights.findOneAndUpdate(
    { _id },
    { $set: editedBy(actor.email) },
    { projection: { title: 1 } },
  );
  if (!before) return false;
  await followUp(() => placeAt(_id, position));
  await afterWrite({
    actor,
    action: "move",
    entity: "highlight",
    entityId: id,
    summary: `${before.title}: to position ${position}`,
  });
  return true;
}

/** False when the id names no highlight. The cards after it move up one place. */
export async function deleteHighlight(id: string, actor: Actor): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { highlights } = await getCollections();
  const deleted = await highlights.findOneAndDelete({ _id }, { projection: { title: 1 } });
  if (!deleted) return false;
  await followUp(async () => renumber(await orderedIds(), highlights));
  await afterWrite({
    actor,
    action: "delete",
    entity: "highlight",
    entityId: id,
    summary: deleted.title,
  });
  return true;
}
