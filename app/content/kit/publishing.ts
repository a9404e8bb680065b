// What a content collection's reads filter on, server-free so that every module that queries a
// collection itself (the blog's page list and sitemap, the internships page, the dashboard's
// counts) uses the same words as the kit's stores (docs/decisions/033-publishing-model.md).

/**
 * Records not in the trash. A record staff deleted keeps its document (with `deletedAt`) until
 * the trash is purged; nothing the site or the admin table shows may see it. The image reference
 * check does NOT use it: a trashed record's images must survive until it is purged.
 */
export const LIVE_FILTER = { deletedAt: { $exists: false } } as const;

/** Records in the trash: the trash view, restore and the purge. */
export const TRASHED_FILTER = { deletedAt: { $exists: true } } as const;
