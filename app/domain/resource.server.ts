// Resources (SPEC §3): cards on /resources that open their link, managed at
// /admin/dashboard/resources.
import { getCollections } from "#db/client.server";
import type { ResourceDoc } from "#db/collections";
import { ADMIN_PAGE_SIZE } from "~/lib/admin-list";
import type { Actor } from "./audit";
import { recordAudit } from "./audit.server";
import {
  createdBy,
  type EditInfo,
  editedBy,
  editInfo,
  type ListPage,
  listPage,
  searchFilter,
} from "./content-list.server";
import { deleteImageIfUnused } from "./image.server";
import { parseObjectId } from "./object-id.server";
import type { ResourceInput } from "./resource";

export interface Resource {
  _id: string;
  title: string;
  description: string;
  image: string;
  link: string;
  updatedAt: Date;
}

export type AdminResource = Omit<Resource, "updatedAt"> & EditInfo;

const toResource = (d: ResourceDoc): Resource => ({
  _id: d._id.toHexString(),
  title: d.title,
  description: d.description,
  image: d.image,
  link: d.link,
  updatedAt: d.updatedAt,
});

/** Every resource, newest first. */
export async function listResources(): Promise<Resource[]> {
  const { resources } = await getCollections();
  const docs = await resources.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
  return docs.map(toResource);
}

/** The admin table: newest first, as on the public page; searchable. */
export async function listResourcesForAdmin(query: {
  q: string;
  page: number;
}): Promise<ListPage<AdminResource>> {
  const { resources } = await getCollections();
  return listPage(resources, {
    filter: searchFilter<ResourceDoc>(query.q, ["title", "description", "link"]),
    sort: { createdAt: -1, _id: -1 },
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    map: (d) => {
      const { updatedAt: _, ...resource } = toResource(d);
      return { ...resource, ...editInfo(d) };
    },
  });
}

/** The resource an id names (as the editor needs it), or null when malformed or unknown. */
export async function getResource(id: string): Promise<Omit<Resource, "updatedAt"> | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { resources } = await getCollections();
  const doc = await resources.findOne({ _id });
  if (!doc) return null;
  const { updatedAt: _, ...resource } = toResource(doc);
  return resource;
}

export async function createResource(input: ResourceInput, actor: Actor): Promise<string> {
  const { resources } = await getCollections();
  const doc = await resources.insertOne({ ...input, ...createdBy(actor.email) } as ResourceDoc);
  const id = doc.insertedId.toHexString();
  await recordAudit(actor, {
    action: "create",
    entity: "resource",
    entityId: id,
    summary: input.title,
  });
  return id;
}

/**
 * Writes the new values; then the image the resource showed before, if replaced or removed, goes
 * once nothing else uses it. False when the id names no resource (deleted meanwhile, or never
 * there). The editor and the JSON API both update through this.
 */
export async function updateResource(
  id: string,
  input: ResourceInput,
  actor: Actor,
): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { resources } = await getCollections();
  const before = await resources.findOneAndUpdate(
    { _id },
    { $set: { ...input, ...editedBy(actor.email) } },
    { returnDocument: "before" },
  );
  if (!before) return false;
  await recordAudit(actor, {
    action: "update",
    entity: "resource",
    entityId: id,
    summary: input.title,
  });
  if (before.image !== input.image) await deleteImageIfUnused(before.image);
  return true;
}

/**
 * Deletes a resource; then its image goes once nothing else uses it. False when the id names no
 * resource. The editor and the JSON API both delete through this.
 */
export async function deleteResource(id: string, actor: Actor): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { resources } = await getCollections();
  const deleted = await resources.findOneAndDelete({ _id });
  if (!deleted) return false;
  await recordAudit(actor, {
    action: "delete",
    entity: "resource",
    entityId: id,
    summary: deleted.title,
  });
  await deleteImageIfUnused(deleted.image);
  return true;
}
