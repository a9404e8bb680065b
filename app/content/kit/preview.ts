// What the editors' "Preview links" panel (components/admin/preview-links.tsx) and the kit's
// actions (preview.server.ts) share: the intents it posts and the answers it reads.
export type { PreviewLink } from "~/domain/preview-link";

/** The intents the panel posts (the screens' own intents never use these names). */
export const PREVIEW_CREATE_INTENT = "preview-link-create";
export const PREVIEW_REVOKE_INTENT = "preview-link-revoke";
/** The revoked link's id, posted beside the record's own `id`. */
export const PREVIEW_ID_FIELD = "previewId";

/** A created link as the panel shows it once (the token exists only in this answer). */
export interface CreatedPreview {
  url: string;
  expiresAt: string;
}

/** What a preview intent answers besides a screen's own fields. */
export type PreviewAnswer = {
  previewLink?: CreatedPreview;
  previewError?: string;
};
