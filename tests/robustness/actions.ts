// Every route module with an action (the site's forms and the admin's), the pages that show its
// forms, and the forms themselves as the server renders them. Shared by the bad-input and
// cross-site suites; `actionModules()` lets a test prove the table misses none.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "mongodb";
import routes from "../../app/routes";
import { flattenRoutes } from "../support/admin-routes";
import { expect, type Robust } from "./fixtures";
import { type Form, parseForms } from "./forms";

export interface ActionTarget {
  /** The route module (as in app/routes.ts). */
  file: string;
  /** Pages whose POST forms post to this module; `{coll}` becomes a document id of `coll`. */
  pages: string[];
  /** Posted signed in as the e2e admin (the admin), or without a session (public, sign-in). */
  signedIn: boolean;
  /** For actions no page shows a form for: the form, by hand. */
  synthetic?: Form;
}

export const ACTION_TARGETS: ActionTarget[] = [
  { file: "routes/home.tsx", pages: ["/"], signedIn: false },
  { file: "routes/quote.tsx", pages: ["/quote"], signedIn: false },
  { file: "routes/contact.tsx", pages: ["/contact"], signedIn: false },
  { file: "routes/internships.tsx", pages: ["/internships"], signedIn: false },
  { file: "routes/admin/login.tsx", pages: ["/admin/login"], signedIn: false },
  // Sent without a session: signing out is what it does, and the suites' session must live on.
  { file: "routes/admin/logout.tsx", pages: ["/admin/dashboard"], signedIn: false },
  { file: "routes/admin/admins.tsx", pages: ["/admin/dashboard/admins"], signedIn: true },
  {
    file: "routes/admin/change-password.tsx",
    pages: ["/admin/dashboard/change-password"],
    signedIn: true,
  },
  ...(
    [
      ["blogs", "blogs"],
      ["testimonials", "testimonials"],
      ["resources", "resources"],
      ["highlights", "highlights"],
      ["faq", "faqs"],
      ["internships", "internships"],
    ] as const
  ).map(([name, coll]) => {
    const url = `/admin/dashboard/${name === "internships" ? "intership-page" : name}`;
    return {
      file: `routes/admin/${name}.tsx`,
      pages: [url, `${url}?new`, `${url}?edit={${coll}}`, `${url}?delete={${coll}}`],
      signedIn: true,
    };
  }),
  ...(
    [
      ["hero", "hero"],
      ["services", "services"],
      ["about", "about"],
      ["contact-info", "contact"],
      ["footer", "footer"],
      ["settings", "settings"],
    ] as const
  ).map(([file, url]) => ({
    file: `routes/admin/${file}.tsx`,
    pages: [`/admin/dashboard/${url}?edit`],
    signedIn: true,
  })),
  {
    file: "routes/admin/quotes.tsx",
    pages: ["/admin/dashboard/quotes", "/admin/dashboard/quotes?delete={quotes}"],
    signedIn: true,
  },
  {
    file: "routes/admin/quote-detail.tsx",
    pages: ["/admin/dashboard/quotes/{quotes}", "/admin/dashboard/quotes/{quotes}?delete"],
    signedIn: true,
  },
  {
    file: "routes/admin/contact-forms.tsx",
    pages: ["/admin/dashboard/contact-forms", "/admin/dashboard/contact-forms?delete={contacts}"],
    signedIn: true,
  },
  {
    file: "routes/admin/contact-form-detail.tsx",
    pages: [
      "/admin/dashboard/contact-forms/{contacts}",
      "/admin/dashboard/contact-forms/{contacts}?delete",
    ],
    signedIn: true,
  },
  {
    file: "routes/admin/subscribers.tsx",
    pages: ["/admin/dashboard/subscribers?delete={subscribers}"],
    signedIn: true,
  },
  // A record's history: Restore as draft (a demo record may have no revision yet, so the form
  // is written out: intent and the revision's id).
  {
    file: "routes/admin/history.tsx",
    pages: [],
    signedIn: true,
    synthetic: {
      id: null,
      action: "/admin/dashboard/history/hero",
      multipart: false,
      fields: [
        { name: "intent", kind: "hidden", value: "restore" },
        { name: "revision", kind: "hidden", value: "0123456789abcdef01234567" },
      ],
    },
  },
  // Exit preview: the preview banner's form, shown only while a preview link is open.
  {
    file: "routes/preview.tsx",
    pages: [],
    signedIn: false,
    synthetic: {
      id: null,
      action: "/preview/exit",
      multipart: false,
      fields: [{ name: "back", kind: "hidden", value: "/" }],
    },
  },
  // The image fields' upload with JavaScript (fetch, not a form): one `file` part.
  {
    file: "routes/admin/uploads.ts",
    pages: [],
    signedIn: true,
    synthetic: {
      id: null,
      action: "/admin/dashboard/uploads",
      multipart: true,
      fields: [{ name: "file", kind: "file", value: "" }],
    },
  },
  // Any other address under the admin: a guarded 404 for posts too.
  {
    file: "routes/admin/not-found.tsx",
    pages: [],
    signedIn: true,
    synthetic: {
      id: null,
      action: "/admin/dashboard/a-section-without-a-page",
      multipart: false,
      fields: [{ name: "intent", kind: "hidden", value: "save" }],
    },
  },
];

/** Every module outside the JSON API (which /api/openapi.json covers) that exports an action. */
export function actionModules(): string[] {
  const files = new Set(flattenRoutes(routes).map((r) => r.file));
  return [...files]
    .filter((file) => !file.startsWith("routes/api/"))
    .filter((file) =>
      /export\s+(async\s+)?(function|const)\s+action\b/.test(
        readFileSync(path.join("app", file), "utf8"),
      ),
    )
    .sort();
}

/** The URL pattern of a module, as a regular expression over a form's action path. */
function pathPattern(file: string): RegExp {
  const route = flattenRoutes(routes).find((r) => r.file === file);
  if (!route) throw new Error(`${file} is not in app/routes.ts`);
  const source = route.path
    .replace(/\/\*$/, "/[^?]+")
    .replace(/:(\w+)/g, "[^/?]+")
    .replace(/\./g, "\\.");
  return new RegExp(`^${source}/?(\\?|$)`);
}

async function firstId(db: Db, collection: string): Promise<string> {
  const doc = await db.collection(collection).findOne({}, { sort: { _id: 1 } });
  if (!doc) throw new Error(`no document in ${collection} to open a form for`);
  return String(doc._id);
}

/**
 * The forms posting to `target`, read from its pages as the server renders them (signed in where
 * the target is the admin's). At least one for every target, or the test fails.
 */
export async function formsOf(robust: Robust, target: ActionTarget): Promise<Form[]> {
  if (target.synthetic) return [target.synthetic];
  const pattern = target.file === "routes/home.tsx" ? /^\/\?index/ : pathPattern(target.file);
  const forms: Form[] = [];
  const seen = new Set<string>();
  for (const page of target.pages) {
    let url = page;
    for (const m of page.matchAll(/\{(\w+)\}/g)) {
      url = url.replace(m[0], await firstId(robust.db, m[1] as string));
    }
    const answer = await robust.send(url, {
      headers:
        target.signedIn || page.startsWith("/admin/dashboard") ? { Cookie: robust.cookie } : {},
    });
    expect(answer.status, `${url}: ${answer.body.slice(0, 300)}`).toBe(200);
    for (const form of parseForms(answer.body)) {
      if (!pattern.test(form.action)) continue;
      // One form of each shape: a list shows the same status or delete form on every row.
      const key = `${form.action.split("?")[0]} ${form.fields.map((f) => f.name).join("&")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      forms.push(form);
    }
  }
  expect(
    forms.length,
    `no form posts to ${target.file} on ${target.pages.join(", ")}`,
  ).toBeGreaterThan(0);
  return forms;
}

/**
 * Leads to open: the demo content has none. Posted through the JSON API like a visitor's app
 * would, before any count is taken.
 */
export async function ensureLeads(robust: Robust): Promise<void> {
  const json = { "Content-Type": "application/json" };
  const posts = [
    [
      "/api/quotes",
      {
        name: "Robust Quote",
        email: "robust-quote@example.com",
        phone: "+1 555 0100",
        service: "SEO",
        message: "A quote to open.",
      },
    ],
    [
      "/api/contact",
      { name: "Robust Contact", email: "robust-contact@example.com", message: "To open." },
    ],
    ["/api/subscribe", { email: "robust-subscriber@example.com" }],
  ] as const;
  for (const [url, body] of posts) {
    const answer = await robust.send(url, {
      method: "POST",
      headers: json,
      body: JSON.stringify(body),
    });
    expect(answer.status, answer.body).toBeLessThan(300);
  }
}
