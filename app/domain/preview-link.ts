// A private preview link as the editor and the JSON API show it (never its token); the links
// themselves are preview-link.server.ts's. Isomorphic: the editor's panel reads it.

export interface PreviewLink {
  id: string;
  createdAt: string;
  /** The admin's e-mail. */
  createdBy: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Times the link was opened. */
  uses: number;
  lastUsedAt: string | null;
  /** At the time of reading. */
  state: "active" | "expired" | "revoked";
}
