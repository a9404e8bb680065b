// Who changed a document and when: the stamps every edited collection keeps (db/collections.ts
// `Edited`), and how the admin tables show them.

/** `updatedAt` and `updatedBy` (the admin's e-mail) for a write. */
export function editedBy(adminEmail: string, now = new Date()) {
  return { updatedAt: now, updatedBy: adminEmail };
}

/** The stamps of a published record's pending draft, saved now by this admin. */
export function draftedBy(adminEmail: string, now = new Date()) {
  return { draftAt: now, draftBy: adminEmail };
}

/** The stamps of a new document: created and last changed now, by this admin. */
export function createdBy(adminEmail: string, now = new Date()) {
  return { createdAt: now, ...editedBy(adminEmail, now) };
}

/** When and by whom a document was last changed, for the admin tables. */
export interface EditInfo {
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

export function editInfo(
  doc: { createdAt: Date; updatedAt: Date; updatedBy?: string },
  pending?: { at: Date; by?: string } | null,
): EditInfo {
  // Staff's last edit: of the published version, or of its pending draft when that is newer.
  const last =
    pending && pending.at > doc.updatedAt ? pending : { at: doc.updatedAt, by: doc.updatedBy };
  return {
    createdAt: doc.createdAt.toISOString(),
    updatedAt: last.at.toISOString(),
    updatedBy: last.by ?? null,
  };
}
