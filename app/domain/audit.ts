// The audit log (issue 9): who signed in or failed to, who added or removed an admin, and who
// changed which content or lead, when, through which door. What the browser and the server
// share: the vocabulary, the filter of /admin/dashboard/audit and where each entry links to.
// The writes and queries are in audit.server.ts; see docs/decisions/015-audit-log.md.

const AUDIT_VIA = ["admin", "api", "cli", "startup", "job"] as const;
export type AuditVia = (typeof AUDIT_VIA)[number];

/** Sign-in and account events, then content and lead changes. */
export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-in-failed",
  "sign-in-throttled",
  "sign-in-code-sent",
  "sign-in-code-failed",
  "sign-out",
  "admin-created",
  "admin-removed",
  "password-changed",
  "create",
  "update",
  "delete",
  "status",
  "note",
  "toggle",
  "move",
  // A content record sent to the trash, brought back from it, or deleted for good (by staff or
  // by the purge of records trashed longer than the trash keeps them).
  "trash",
  "restore",
  "purge",
  // Issue 24's publishing workflow (decision 033).
  "publish",
  "unpublish",
  "draft",
  "discard",
  "schedule",
  "preview-link",
  "preview-revoke",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = [
  "admin",
  "blog",
  "testimonial",
  "resource",
  "highlight",
  "faq",
  "internship",
  "service-page",
  "about-page",
  "hero",
  "contact-info",
  "footer",
  "site-settings",
  "quote",
  "contact",
  "subscriber",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** How the page names an entity. */
export const ENTITY_LABELS: Record<AuditEntity, string> = {
  admin: "Admin",
  blog: "Blog post",
  testimonial: "Testimonial",
  resource: "Resource",
  highlight: "Highlight",
  faq: "FAQ",
  internship: "Internship",
  "service-page": "Services page",
  "about-page": "About page",
  hero: "Hero",
  "contact-info": "Contact info",
  footer: "Footer",
  "site-settings": "Site settings",
  quote: "Quote request",
  contact: "Contact message",
  subscriber: "Subscriber",
};

/**
 * Who did something, as every write function receives it. `email` is the signed-in admin's
 * e-mail, or one of the names below for someone who is not signed in.
 */
export interface Actor {
  email: string;
  via: AuditVia;
  /** The client's address (app/lib/client-ip.server.ts); absent for the CLI and start-up. */
  ip?: string;
  /** The signed-in admin's id, when there is one. */
  adminId?: string;
}

/** An anonymous caller (the first admin registered through the API on an empty database). */
export const VISITOR = "visitor";
/** Whoever runs the server: `npm run admin:create`, ADMIN_EMAIL / ADMIN_PASSWORD at start-up. */
export const OPERATOR = "operator";

export const OPERATOR_CLI: Actor = { email: OPERATOR, via: "cli" };
export const OPERATOR_STARTUP: Actor = { email: OPERATOR, via: "startup" };
/** Work the job runner does on its own (lib/jobs.server.ts): the trash's purge, a schedule. */
export const OPERATOR_JOB: Actor = { email: OPERATOR, via: "job" };

/** Entries per page of /admin/dashboard/audit. */
export const AUDIT_PAGE_SIZE = 50;
/** Kept this long (a TTL index on `at`): a year and a bit, so last year's review still has it. */
export const AUDIT_RETENTION_DAYS = 400;
/** Summaries are a line, never a document (and never a password, a token or a message). */
export const AUDIT_SUMMARY_MAX = 160;
/** An attempted e-mail is stored as typed (normalized), up to an address's longest. */
export const AUDIT_ACTOR_MAX = 254;

export const NO_AUDIT_ENTRIES = "No entries match.";

/** The admin page an entry's record opens on, or null (deleted, or no page of its own). */
export function auditRecordHref(entry: {
  action: string;
  entity: string;
  entityId: string | null;
}): string | null {
  // Deleted for good: nothing to open. In the trash (as the entry was written): the trash.
  if (entry.action === "delete" || entry.action === "purge" || entry.action === "admin-removed")
    return null;
  const base = "/admin/dashboard";
  const id = entry.entityId ? encodeURIComponent(entry.entityId) : null;
  const editor: Partial<Record<AuditEntity, string>> = {
    blog: "blogs",
    testimonial: "testimonials",
    resource: "resources",
    highlight: "highlights",
    faq: "faq",
    internship: "intership-page",
  };
  const single: Partial<Record<AuditEntity, string>> = {
    "service-page": "services",
    "about-page": "about",
    hero: "hero",
    "contact-info": "contact",
    footer: "footer",
    "site-settings": "settings",
    admin: "admins",
    subscriber: "subscribers",
  };
  const entity = entry.entity as AuditEntity;
  if (editor[entity] && entry.action === "trash") return `${base}/${editor[entity]}?trash`;
  if (editor[entity]) return id ? `${base}/${editor[entity]}?edit=${id}` : null;
  if (entity === "quote") return id ? `${base}/quotes/${id}` : null;
  if (entity === "contact") return id ? `${base}/contact-forms/${id}` : null;
  if (single[entity]) return `${base}/${single[entity]}`;
  return null;
}
