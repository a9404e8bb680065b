// The stored shape of every collection (the site's content and requests, plus admins, sessions
// and settings) and the indexes each one needs. This file is the single source of truth for
// collection names: domain code asks `collections(db)` for a typed handle instead of spelling a
// name twice.
import type { Binary, Collection, Db, IndexDescription, ObjectId } from "mongodb";

export const INTERNSHIP_DOMAINS = ["Marketing", "Tech", "Design", "Finance", "HR"] as const;
export const INTERNSHIP_STATUSES = ["Open", "Closed", "Pending"] as const;
export const QUOTE_STATUSES = ["pending", "in-progress", "completed", "rejected"] as const;
export const CONTACT_STATUSES = ["new", "read", "replied"] as const;
export const SERVICE_OPTIONS = [
  "Web Development",
  "App Development",
  "SEO",
  "Marketing",
  "Other",
] as const;
/** The icon keys a service or benefit may name, each with a built-in icon (Phosphor names). */
export const ICON_KEYS = [
  "briefcase",
  "globe",
  "app-window",
  "users-three",
  "trophy",
  "users",
  "headset",
  "trend-up",
] as const;

export type InternshipDomain = (typeof INTERNSHIP_DOMAINS)[number];
export type InternshipStatus = (typeof INTERNSHIP_STATUSES)[number];
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export type IconKey = (typeof ICON_KEYS)[number];

interface Timestamps {
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Content that admins edit: who last created or changed it. The admin's e-mail rather than
 * their id: readable in the admin without a lookup, and still meaningful after that admin was
 * removed (admins cannot change their e-mail). Absent on seeded demo content and on documents
 * no admin has touched yet.
 */
interface Edited extends Timestamps {
  updatedBy?: string;
}

export interface InternshipDoc extends Edited {
  _id: ObjectId;
  title: string;
  domain: InternshipDomain;
  company: string;
  location: string;
  /** Possible durations in days, e.g. [30, 60]. */
  duration: number[];
  salary: string;
  deadline: Date;
  status: InternshipStatus;
  urgent: boolean;
  description: string;
  requirements: string[];
  benefits: string[];
  isActive: boolean;
  applicationLink: string;
}

export interface BlogDoc extends Edited {
  _id: ObjectId;
  title: string;
  /** Markdown. */
  description: string;
  imageUrl: string;
  /** The cover image's alt text, or marked decorative (absent on posts saved before). */
  imageUrlAlt?: string;
  imageUrlDecorative?: boolean;
  author: string;
  authorName: string;
  authorAvatar: string;
  /** The team member (about page) who wrote it, by name; absent or "": none. */
  authorMember?: string;
  excerpt: string;
  tags: string[];
}

export interface TestimonialDoc extends Edited {
  _id: ObjectId;
  name: string;
  title: string;
  image: string;
  text: string;
  /** 1-5, default 5. */
  rating: number;
}

export interface ResourceDoc extends Edited {
  _id: ObjectId;
  title: string;
  description: string;
  image: string;
  imageAlt?: string;
  imageDecorative?: boolean;
  link: string;
}

export interface HighlightDoc extends Edited {
  _id: ObjectId;
  title: string;
  label: string;
  description: string;
  /** Position on the home page; it decides the card's icon and colour. */
  order: number;
}

export interface FaqDoc extends Edited {
  _id: ObjectId;
  question: string;
  answer: string;
}

/** Single documents (service page, about, hero, contact info, footer, site settings) live under this id. */
export const SINGLETON_ID = "main";
/** `updatedBy`: as for `Edited` above. */
type Singleton = { _id: typeof SINGLETON_ID; updatedAt: Date; updatedBy?: string };

export interface ServicePageDoc extends Singleton {
  /** Set by the admin editor (absent on seeded demo content). */
  createdAt?: Date;
  hero: {
    title: string;
    subtitle: string;
    image: string;
    imageAlt?: string;
    imageDecorative?: boolean;
  };
  services: { title: string; description: string; icon: IconKey }[];
  benefits: { title: string; description: string; icon: IconKey }[];
  processSteps: { title: string; description: string }[];
  cta: { title: string; subtitle: string; buttons: { label: string; link: string }[] };
}

export interface AboutPageDoc extends Singleton {
  /** Set by the admin editor (absent on seeded demo content). */
  createdAt?: Date;
  /** Used for the page's meta tags. */
  title: string;
  content: string;
  mission: string;
  values: string;
  team: {
    name: string;
    role: string;
    image: string;
    imageAlt?: string;
    imageDecorative?: boolean;
  }[];
  /** Older databases only: the site settings' e-mail and phone now (moved at start-up). */
  contact?: { email: string; phone: string };
}

export interface ContactInfoDoc extends Singleton {
  /** Set by the admin editor (absent on seeded demo content). */
  createdAt?: Date;
  address: string;
  /** Older databases only: the site settings' e-mail and phone now (moved at start-up). */
  email?: string;
  phone?: string;
  mapEmbedUrl: string;
  image: string;
  imageAlt?: string;
  imageDecorative?: boolean;
}

export interface HeroSectionDoc extends Singleton {
  /** Set by the admin editor (absent on seeded demo content). */
  createdAt?: Date;
  title: string;
  subtitle: string;
  image: string;
  imageAlt?: string;
  imageDecorative?: boolean;
  ctaText: string;
  ctaLink: string;
}

export interface FooterDoc extends Singleton {
  /** Set by the admin editor's first save (absent on seeded demo content). */
  createdAt?: Date;
  /**
   * Older databases only: the company name of the copyright line and the social profiles are
   * the site settings' legal name and profiles now (moved at start-up).
   */
  copyright?: string;
  links: { label: string; url: string }[];
  social?: { platform: string; url: string }[];
}

/** What is site-wide (app/content/site-settings.ts). */
export interface SiteSettingsDoc extends Singleton {
  createdAt?: Date;
  brandName: string;
  legalName: string;
  tagline: string;
  logo: string;
  email: string;
  phone: string;
  social: { platform: string; url: string }[];
}

/** Where a visitor was when they wrote in: what the lead inbox shows as "came from". */
export interface LeadSource {
  /** Path (and query) of the page the form was sent from, on this site. */
  page?: string;
  /** The other site that sent the visitor here, when the browser said so. */
  referrer?: string;
  utm?: Partial<Record<"source" | "medium" | "campaign" | "term" | "content", string>>;
}

/** What became of the e-mail that tells the agency about a new lead. */
export interface LeadNotification {
  status: "sent" | "failed" | "skipped";
  at: Date;
  /** Why it failed or was skipped (never shown to visitors). */
  detail?: string;
}

/** An internal note staff wrote on a lead (never shown to the visitor). */
export interface LeadNote {
  text: string;
  /** The admin's e-mail (see `Edited`). */
  author: string;
  createdAt: Date;
}

/** What staff add to a lead in the inbox: status changes and notes, with who did it. */
interface LeadHandling {
  /** The admin who last changed the status (absent until one does). */
  updatedBy?: string;
  /** Oldest first (newest last); bounded (app/domain/lead-inbox.ts). */
  notes?: LeadNote[];
}

export interface ContactDoc extends Timestamps, LeadHandling {
  _id: ObjectId;
  name: string;
  email: string;
  message: string;
  status: ContactStatus;
  source?: LeadSource;
  notification?: LeadNotification;
  /** Hash of the form post; a repeat of the same post finds it taken (unique index). */
  submissionKey?: string;
}

export interface QuoteDoc extends Timestamps, LeadHandling {
  _id: ObjectId;
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  status: QuoteStatus;
  source?: LeadSource;
  notification?: LeadNotification;
  /** Hash of the form post; a repeat of the same post finds it taken (unique index). */
  submissionKey?: string;
}

export interface SubscriberDoc {
  _id: ObjectId;
  /** Stored lower-cased and trimmed so the unique index catches case variants. */
  email: string;
  createdAt: Date;
  source?: LeadSource;
}

export interface VisitorStatDoc {
  _id: ObjectId;
  /** UTC day, YYYY-MM-DD. */
  date: string;
  count: number;
}

/**
 * One visitor seen on one UTC day (app/domain/visitor-count.server.ts). Nothing but a keyed hash
 * of address and browser; deleted with the day's salt, shortly after the day ends.
 */
export interface VisitorHitDoc {
  /** "<YYYY-MM-DD>:<HMAC-SHA256(salt of the day, ip + "\n" + user agent), base64url>". */
  _id: string;
  /** The TTL index deletes the document after it. */
  expiresAt: Date;
}

/** The random key of one UTC day's visitor hashes, shared by every instance. */
export interface VisitorSaltDoc {
  /** UTC day, YYYY-MM-DD. */
  _id: string;
  /** 32 random bytes, base64. */
  salt: string;
  /** The TTL index deletes the document after it: the day's hashes can no longer be redone. */
  expiresAt: Date;
}

export interface AdminDoc extends Timestamps {
  _id: ObjectId;
  /** Lower-cased and trimmed. */
  email: string;
  /** argon2id PHC string; never leaves the data layer. */
  passwordHash: string;
}

export interface SessionDoc {
  /** Random 128-bit id, hex; the only thing the cookie carries. */
  _id: string;
  adminId: ObjectId;
  createdAt: Date;
  lastSeenAt: Date;
  /** min(idle expiry, absolute expiry); the TTL index deletes the document after it. */
  expiresAt: Date;
}

/** A JSON API bearer token (domain/api-token.server.ts). */
export interface ApiTokenDoc {
  /** SHA-256 of the token, hex: the token itself is never stored. */
  _id: string;
  adminId: ObjectId;
  createdAt: Date;
  /** The TTL index deletes the document after it. */
  expiresAt: Date;
}

/**
 * One failed sign-in, counted under one key; or ("guard:" key) an account's state of being
 * under attack (see app/domain/login-throttle.server.ts).
 */
export interface LoginAttemptDoc {
  _id: ObjectId;
  /**
   * "ip:<address>", "pair:<e-mail>|<address>", "device:<nonce>", "account:<e-mail>",
   * "code-mail:<e-mail>", "guard:<e-mail>".
   */
  key: string;
  /** "account:" keys only: the address (IPv6 /64) the failure came from. */
  from?: string;
  /** When it happened ("guard:": the last attempt that found the account under attack). */
  at: Date;
  /** End of the counting window (of the guard); the TTL index deletes the document after it. */
  expiresAt: Date;
}

/**
 * A one-time sign-in code, e-mailed after a correct password while the account is under attack
 * (app/domain/sign-in-code.server.ts). Never the code itself: an HMAC of it. Or a decoy, the
 * same but matched by no code, behind the sign-in page's code step after a wrong password.
 */
export interface SignInCodeDoc {
  _id: ObjectId;
  /** The account's normalized e-mail. */
  email: string;
  /** "page": tied to the challenge its sign-in page holds; "api": to the password, re-sent. */
  channel: "page" | "api";
  /** SHA-256 (hex) of the page's challenge; absent for "api". */
  challenge?: string;
  /** HMAC-SHA256 (hex) of "<_id>:<code>", keyed with the session secret. */
  codeHash: string;
  /** Wrong tries so far; the code is void at SIGN_IN_CODE_MAX_TRIES. */
  tries: number;
  /** No code was e-mailed (wrong password, or the e-mails used up): `codeHash` matches none. */
  decoy?: true;
  createdAt: Date;
  /** 10 minutes after createdAt; the TTL index deletes the document after it. */
  expiresAt: Date;
}

/** A per-address counter of form posts in one time window (lib/rate-limit.server.ts). */
export interface RateLimitDoc {
  /** "<scope>:<address>:<window start ms>". */
  _id: string;
  count: number;
  /** End of the window; the TTL index deletes the counter after it. */
  expiresAt: Date;
}

/**
 * One entry of the audit log (app/domain/audit.server.ts): a sign-in, an account change, or a
 * change to content or a lead. Written after the change succeeded; never a password, a token
 * or a message body. Deleted by the TTL index AUDIT_RETENTION_DAYS after `at`.
 */
export interface AuditLogDoc {
  _id: ObjectId;
  at: Date;
  /** The admin's e-mail; for a failed sign-in the e-mail tried; "visitor" or "operator". */
  actor: string;
  action: string;
  entity: string;
  entityId?: string;
  /** A line: the record's title or name, what changed. */
  summary: string;
  via: "admin" | "api" | "cli" | "startup" | "job";
  /** The client's address (absent for the CLI and start-up). */
  ip?: string;
  /**
   * Repeated events folded into one entry (refused sign-ins while throttled): the key they
   * share, and how many there were.
   */
  foldKey?: string;
  count?: number;
}

/**
 * One change to a content record or single document (app/content/revisions.server.ts): who,
 * when, through which door, and the record as it was after the change, so the history page can
 * show what changed and restore it as a draft. Kept per record: the newest REVISIONS_KEEP and
 * everything from the last REVISIONS_MONTHS months.
 */
export interface RevisionDoc {
  _id: ObjectId;
  /** The audit entity (blog, faq, hero…). */
  entity: string;
  /** The record's id; null for a single document. */
  entityId: string | null;
  at: Date;
  /** The admin's e-mail, or "operator" / "visitor". */
  actor: string;
  actorId?: string;
  /** admin, api, cli, job or startup. */
  via: string;
  action: string;
  /** A line: the record's title or name. */
  summary: string;
  /** The record after the change: its own fields, whether it is published, its pending draft. */
  snapshot: {
    fields: Record<string, unknown>;
    status: "draft" | "published";
    draft?: Record<string, unknown>;
  };
  /** A restore: when the revision it brought back was made. */
  restoredFrom?: Date;
}

/**
 * A resized copy of a stored image (app/domain/image-variant.server.ts, docs/decisions/017):
 * made once by sharp, then read by every instance. The key in `_id` makes a second copy of the
 * same variant a duplicate-key error, so two instances encoding it at once store one.
 */
export interface ImageVariantDoc {
  /** "<source id>:<width>:<format>". */
  _id: string;
  /** The GridFS file (bucket `images`) it was made from; its deletion deletes the variants. */
  source: ObjectId;
  width: number;
  height: number;
  contentType: string;
  data: Binary;
  createdAt: Date;
}

/**
 * A private preview link of one record or single document (app/domain/preview-link.server.ts).
 * Never the token itself: its SHA-256, so a database dump opens no preview.
 */
export interface PreviewDoc {
  _id: ObjectId;
  /** The audit entity of the record's type (`blog`, `hero`…). */
  entity: string;
  /** The record's id; null for a single document. */
  entityId: string | null;
  /** SHA-256 (hex) of the whole token. */
  tokenHash: string;
  createdAt: Date;
  /** The admin's e-mail. */
  createdBy: string;
  expiresAt: Date;
  revokedAt?: Date;
  revokedBy?: string;
  /** Times the link was opened. */
  uses: number;
  lastUsedAt?: Date;
}

export interface SettingDoc {
  _id: string;
  value: string;
  createdAt: Date;
  /** appliedAdminPassword only: the ADMIN_EMAIL the value was applied to. */
  email?: string;
  /** contentVersion only: bumped by every public content change (app/lib/content-version.server.ts). */
  version?: number;
}

export interface Collections {
  internships: Collection<InternshipDoc>;
  blogs: Collection<BlogDoc>;
  testimonials: Collection<TestimonialDoc>;
  resources: Collection<ResourceDoc>;
  highlights: Collection<HighlightDoc>;
  faqs: Collection<FaqDoc>;
  servicePage: Collection<ServicePageDoc>;
  aboutPage: Collection<AboutPageDoc>;
  contactInfo: Collection<ContactInfoDoc>;
  heroSection: Collection<HeroSectionDoc>;
  footer: Collection<FooterDoc>;
  siteSettings: Collection<SiteSettingsDoc>;
  contacts: Collection<ContactDoc>;
  quotes: Collection<QuoteDoc>;
  subscribers: Collection<SubscriberDoc>;
  visitorStats: Collection<VisitorStatDoc>;
  visitorHits: Collection<VisitorHitDoc>;
  visitorSalts: Collection<VisitorSaltDoc>;
  admins: Collection<AdminDoc>;
  sessions: Collection<SessionDoc>;
  apiTokens: Collection<ApiTokenDoc>;
  loginAttempts: Collection<LoginAttemptDoc>;
  signInCodes: Collection<SignInCodeDoc>;
  rateLimits: Collection<RateLimitDoc>;
  settings: Collection<SettingDoc>;
  auditLog: Collection<AuditLogDoc>;
  imageVariants: Collection<ImageVariantDoc>;
  revisions: Collection<RevisionDoc>;
  previews: Collection<PreviewDoc>;
}

export const COLLECTION_NAMES = {
  internships: "internships",
  blogs: "blogs",
  testimonials: "testimonials",
  resources: "resources",
  highlights: "highlights",
  faqs: "faqs",
  servicePage: "servicePage",
  aboutPage: "aboutPage",
  contactInfo: "contactInfo",
  heroSection: "heroSection",
  footer: "footer",
  siteSettings: "siteSettings",
  contacts: "contacts",
  quotes: "quotes",
  subscribers: "subscribers",
  visitorStats: "visitorStats",
  visitorHits: "visitorHits",
  visitorSalts: "visitorSalts",
  admins: "admins",
  sessions: "sessions",
  apiTokens: "apiTokens",
  loginAttempts: "loginAttempts",
  signInCodes: "signInCodes",
  rateLimits: "rateLimits",
  settings: "settings",
  auditLog: "auditLog",
  imageVariants: "imageVariants",
  revisions: "revisions",
  previews: "previews",
} as const satisfies Record<keyof Collections, string>;

export function collections(db: Db): Collections {
  const out = {} as Record<string, Collection>;
  for (const [key, name] of Object.entries(COLLECTION_NAMES)) out[key] = db.collection(name);
  return out as unknown as Collections;
}

/**
 * Indexes per collection. createIndexes is idempotent for an identical spec, so this runs at
 * every start-up on every instance; changing an existing index's options needs a migration.
 */
/** One lead per form post (leads from the API, without a key, are not indexed). */
const SUBMISSION_KEY_INDEX: IndexDescription = {
  key: { submissionKey: 1 },
  name: "submissionKey_unique",
  unique: true,
  partialFilterExpression: { submissionKey: { $exists: true } },
};

/** 400 days (app/domain/audit.ts AUDIT_RETENTION_DAYS; a test keeps the two equal). */
export const AUDIT_RETENTION_SECONDS = 400 * 24 * 60 * 60;

/** How long an expired preview link is still listed in its record's editor: 30 days. */
export const PREVIEW_KEPT_SECONDS = 30 * 24 * 60 * 60;

export const INDEXES: Partial<Record<keyof Collections, IndexDescription[]>> = {
  internships: [{ key: { isActive: 1, deadline: 1 } }, { key: { createdAt: -1 } }],
  blogs: [{ key: { createdAt: -1 } }],
  // Ordered types (the kit's MANUAL_ORDER): the public order and the admin table's.
  testimonials: [{ key: { order: 1, createdAt: 1 } }],
  resources: [{ key: { createdAt: -1 } }],
  highlights: [{ key: { order: 1, createdAt: 1 } }],
  faqs: [{ key: { order: 1, createdAt: 1 } }],
  contacts: [
    { key: { createdAt: -1 } },
    { key: { status: 1, createdAt: -1 } },
    SUBMISSION_KEY_INDEX,
  ],
  quotes: [{ key: { createdAt: -1 } }, { key: { status: 1, createdAt: -1 } }, SUBMISSION_KEY_INDEX],
  subscribers: [{ key: { email: 1 }, name: "email_unique", unique: true }],
  visitorStats: [{ key: { date: 1 }, name: "date_unique", unique: true }],
  // Both expire shortly after their day ends (each document carries its own `expiresAt`).
  visitorHits: [{ key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 }],
  visitorSalts: [{ key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 }],
  admins: [{ key: { email: 1 }, name: "email_unique", unique: true }],
  // expireAfterSeconds 0: each session document expires at its own `expiresAt`.
  sessions: [
    { key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 },
    { key: { adminId: 1 } },
  ],
  apiTokens: [
    { key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 },
    { key: { adminId: 1 } },
  ],
  loginAttempts: [
    { key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 },
    { key: { key: 1, at: 1 } },
  ],
  signInCodes: [
    { key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 },
    { key: { email: 1, channel: 1 } },
  ],
  rateLimits: [{ key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: 0 }],
  // A record's links in its editor, newest first; opening a link finds it by its token's hash.
  // An expired link stays listed for 30 days (it says so), then the TTL index removes it.
  previews: [
    { key: { tokenHash: 1 }, name: "tokenHash_unique", unique: true },
    { key: { entity: 1, entityId: 1, createdAt: -1 } },
    { key: { expiresAt: 1 }, name: "expiresAt_ttl", expireAfterSeconds: PREVIEW_KEPT_SECONDS },
  ],
  // Deleting an image deletes its variants by source.
  imageVariants: [{ key: { source: 1 } }],
  // /admin/dashboard/audit: newest first (the TTL index on `at` serves that sort too), by
  // actor, by action, by entity; each newest first within. Retention: docs/decisions/014.
  auditLog: [
    { key: { at: 1 }, name: "at_ttl", expireAfterSeconds: AUDIT_RETENTION_SECONDS },
    { key: { actor: 1, at: -1 } },
    { key: { action: 1, at: -1 } },
    { key: { entity: 1, entityId: 1, at: -1 } },
    {
      key: { foldKey: 1 },
      name: "foldKey_unique",
      unique: true,
      partialFilterExpression: { foldKey: { $exists: true } },
    },
  ],
  // A record's history, newest first; also what the pruning after each new revision reads.
  revisions: [{ key: { entity: 1, entityId: 1, at: -1 } }],
};

export async function ensureIndexes(db: Db): Promise<void> {
  const handles = collections(db);
  await Promise.all(
    Object.entries(INDEXES).map(([key, specs]) =>
      handles[key as keyof Collections].createIndexes(specs),
    ),
  );
}
