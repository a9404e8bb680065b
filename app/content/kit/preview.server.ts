// Private preview links in the editors (issue 24): what every editor's "Preview links" panel
// (components/admin/preview-links.tsx) is given, and its two intents, Create link and Revoke.
// The kit's admin loaders and actions call these in a few lines (admin.server.ts,
// document-admin.server.ts); the links themselves are domain/preview-link.server.ts's.
//
// Where a link leads: the page that shows the record on the site. A type's record page when it
// has one (a blog post's own page), else the list its screen links to ("See them on the
// site"); a single document, the page it is part of.
import { data } from "react-router";
import type { Actor, AuditEntity } from "~/domain/audit";
import type { PreviewLink } from "~/domain/preview-link";
import {
  createPreviewLink,
  listPreviewLinks,
  revokePreviewLink,
} from "~/domain/preview-link.server";
import { publicSiteUrl } from "~/domain/site-content.server";
import type { PreviewTarget } from "~/lib/preview-context.server";
import { CONTENT_TYPES } from "../registry";
import {
  PREVIEW_CREATE_INTENT,
  PREVIEW_ID_FIELD,
  PREVIEW_REVOKE_INTENT,
  type PreviewAnswer,
} from "./preview";

export const PREVIEW_TEXTS = {
  revoked: "Preview link revoked.",
  notFound: "This preview link does not exist (it may belong to another record).",
} as const;

/**
 * The page each single document is part of (the footer and site settings: every page). A
 * document type missing here has no previews; the shared test (preview.test.ts) says so.
 */
const DOCUMENT_PAGES = {
  hero: "/",
  "service-page": "/services",
  "about-page": "/about",
  "contact-info": "/contact",
  footer: "/",
  "site-settings": "/",
} as const satisfies Partial<Record<AuditEntity, string>>;

type DocumentEntity = keyof typeof DOCUMENT_PAGES;

function isDocumentEntity(entity: string): entity is DocumentEntity {
  return Object.hasOwn(DOCUMENT_PAGES, entity);
}

/** Where the site shows the record (a path), or null for an entity without previews. */
export function previewPage(target: PreviewTarget): string | null {
  if (isDocumentEntity(target.entity)) return DOCUMENT_PAGES[target.entity];
  const type = CONTENT_TYPES.find((t) => t.entity === target.entity);
  if (!type || target.id === null) return null;
  const { siteHref } = type.admin.titleColumn as { siteHref?: (r: { _id: string }) => string };
  return siteHref?.({ _id: target.id }) ?? type.admin.siteLink;
}

/** The address to hand the client (SITE_URL, so it works from anywhere). */
export const previewUrl = (token: string) => `${publicSiteUrl()}/preview/${token}`;

/** What the editor's panel is given for a record: its links, newest first. */
export async function previewLinksOf(
  entity: AuditEntity,
  id: string | null,
): Promise<PreviewLink[]> {
  return listPreviewLinks({ entity, id });
}

export const isPreviewIntent = (intent: unknown): boolean =>
  intent === PREVIEW_CREATE_INTENT || intent === PREVIEW_REVOKE_INTENT;

/**
 * The panel's intents (isPreviewIntent): Create link answers the new address (shown once, never
 * stored); Revoke redirects back to the editor with a flash. The caller has checked the session
 * and that the record exists.
 */
export async function previewIntent(
  intent: string,
  form: FormData,
  {
    target,
    actor,
    back,
    flash,
  }: {
    target: PreviewTarget;
    actor: Actor;
    /** The editor's URL. */
    back: string;
    flash: (to: string, message: string) => Promise<Response>;
  },
) {
  // Same shape as the screens' other answers ({result: null} keeps their forms as they are).
  const answer = (body: PreviewAnswer, status = 200) =>
    data({ result: null, listError: null, ...body }, { status });
  if (intent === PREVIEW_CREATE_INTENT) {
    const { link, token } = await createPreviewLink(target, actor);
    return answer({ previewLink: { url: previewUrl(token), expiresAt: link.expiresAt } });
  }
  // Revoke.
  const id = String(form.get(PREVIEW_ID_FIELD) ?? "");
  if (!(await revokePreviewLink(id, actor, target))) {
    return answer({ previewError: PREVIEW_TEXTS.notFound }, 404);
  }
  return flash(back, PREVIEW_TEXTS.revoked);
}
