// Issue 9, suite 1: the route inventory. Every route of app/routes.ts and every operation of
// GET /api/openapi.json is classified below, by hand; each is called with every method without
// a session or a token, with sample ids for parameters, and must answer what its class allows:
// - admin page / admin resource: GET, HEAD and POST redirect to
//   /admin/login?redirectTo=<the path>; PUT, PATCH, DELETE and OPTIONS either redirect the same
//   way or answer 405 (app/server.ts answers 405 for a method no loader or action takes, before
//   any admin code runs). Never a 2xx, never anything else.
// - API: an operation whose security is the bearer token answers 401; a method the path does not
//   have answers 405, OPTIONS a CORS preflight 204 (it changes nothing, lib/same-origin.server.ts);
//   public and optional-token operations never 5xx and never 401.
// - public page / public resource / sign-in (login, logout) / fallbacks: never a 5xx.
// A route or operation missing from the tables fails the test, and so does one the tables list
// that no longer exists: a new URL cannot ship unclassified.
import routes from "../../app/routes";
import { flattenRoutes, sampleUrl } from "../support/admin-routes";
import { type Answer, expect, inBatches, STACK_TRACE, test } from "./fixtures";

type RouteClass =
  | "public layout"
  | "public page"
  | "public resource"
  | "public fallback"
  | "sign-in"
  | "admin page"
  | "admin resource"
  | "admin fallback"
  | "api"
  | "api fallback";

/** Every route module of app/routes.ts, by module: what it is. */
const ROUTES: Record<string, RouteClass> = {
  "routes/site-layout.tsx": "public layout",
  "routes/home.tsx": "public page",
  "routes/services.tsx": "public page",
  "routes/internships.tsx": "public page",
  "routes/resources.tsx": "public page",
  "routes/about.tsx": "public page",
  "routes/contact.tsx": "public page",
  "routes/quote.tsx": "public page",
  "routes/privacy-policy.tsx": "public page",
  "routes/terms-of-service.tsx": "public page",
  "routes/blog.tsx": "public page",
  "routes/blog-post.tsx": "public page",
  "routes/preview.tsx": "public page",
  "routes/not-found.tsx": "public fallback",
  "routes/admin/login.tsx": "sign-in",
  "routes/admin/logout.tsx": "sign-in",
  "routes/admin/layout.tsx": "admin page",
  "routes/admin/dashboard.tsx": "admin page",
  "routes/admin/admins.tsx": "admin page",
  "routes/admin/change-password.tsx": "admin page",
  "routes/admin/blogs.tsx": "admin page",
  "routes/admin/testimonials.tsx": "admin page",
  "routes/admin/resources.tsx": "admin page",
  "routes/admin/highlights.tsx": "admin page",
  "routes/admin/faq.tsx": "admin page",
  "routes/admin/internships.tsx": "admin page",
  "routes/admin/hero.tsx": "admin page",
  "routes/admin/services.tsx": "admin page",
  "routes/admin/about.tsx": "admin page",
  "routes/admin/contact-info.tsx": "admin page",
  "routes/admin/footer.tsx": "admin page",
  "routes/admin/settings.tsx": "admin page",
  "routes/admin/quotes.tsx": "admin page",
  "routes/admin/quotes-export.ts": "admin resource",
  "routes/admin/quote-detail.tsx": "admin page",
  "routes/admin/contact-forms.tsx": "admin page",
  "routes/admin/contact-forms-export.ts": "admin resource",
  "routes/admin/contact-form-detail.tsx": "admin page",
  "routes/admin/subscribers.tsx": "admin page",
  "routes/admin/subscribers-export.ts": "admin resource",
  "routes/admin/audit.tsx": "admin page",
  "routes/admin/history.tsx": "admin page",
  "routes/admin/uploads.ts": "admin resource",
  "routes/admin/not-found.tsx": "admin fallback",
  "routes/api/openapi-json.ts": "api",
  "routes/api/auth-login.ts": "api",
  "routes/api/auth-register.ts": "api",
  "routes/api/auth-logout.ts": "api",
  "routes/api/faqs.ts": "api",
  "routes/api/faqs-id.ts": "api",
  "routes/api/faqs-trash.ts": "api",
  "routes/api/faqs-trash-id.ts": "api",
  "routes/api/blog.ts": "api",
  "routes/api/blog-id.ts": "api",
  "routes/api/blog-trash.ts": "api",
  "routes/api/blog-trash-id.ts": "api",
  "routes/api/testimonials.ts": "api",
  "routes/api/testimonials-id.ts": "api",
  "routes/api/testimonials-trash.ts": "api",
  "routes/api/testimonials-trash-id.ts": "api",
  "routes/api/resources.ts": "api",
  "routes/api/resources-id.ts": "api",
  "routes/api/resources-trash.ts": "api",
  "routes/api/resources-trash-id.ts": "api",
  "routes/api/highlights.ts": "api",
  "routes/api/highlights-id.ts": "api",
  "routes/api/highlights-trash.ts": "api",
  "routes/api/highlights-trash-id.ts": "api",
  "routes/api/images.ts": "api",
  "routes/api/internships.ts": "api",
  "routes/api/internships-id.ts": "api",
  "routes/api/internships-trash.ts": "api",
  "routes/api/internships-trash-id.ts": "api",
  "routes/api/internships-id-toggle.ts": "api",
  "routes/api/service-page.ts": "api",
  "routes/api/about-page.ts": "api",
  "routes/api/hero-section.ts": "api",
  "routes/api/contact-info.ts": "api",
  "routes/api/footer-content.ts": "api",
  "routes/api/site-settings.ts": "api",
  "routes/api/type-id-publish.ts": "api",
  "routes/api/type-id-unpublish.ts": "api",
  "routes/api/type-id-draft.ts": "api",
  "routes/api/type-draft.ts": "api",
  "routes/api/type-publish.ts": "api",
  "routes/api/type-id-revisions.ts": "api",
  "routes/api/type-id-revisions-rev-restore.ts": "api",
  "routes/api/type-revisions.ts": "api",
  "routes/api/type-revisions-rev-restore.ts": "api",
  "routes/api/type-id-previews.ts": "api",
  "routes/api/type-previews.ts": "api",
  "routes/api/previews-id.ts": "api",
  "routes/api/type-id-schedule.ts": "api",
  "routes/api/type-schedule.ts": "api",
  "routes/api/contact.ts": "api",
  "routes/api/contact-id.ts": "api",
  "routes/api/contact-id-status.ts": "api",
  "routes/api/quotes.ts": "api",
  "routes/api/quotes-id.ts": "api",
  "routes/api/subscribe.ts": "api",
  "routes/api/subscribers.ts": "api",
  "routes/api/subscribers-id.ts": "api",
  "routes/api/visitor-stats.ts": "api",
  "routes/api/not-found.ts": "api fallback",
  "routes/images.ts": "public resource",
  "routes/sitemap-xml.ts": "public resource",
  "routes/robots-txt.ts": "public resource",
  "routes/blog-rss-xml.ts": "public resource",
};

type ApiAccess = "public" | "bearer" | "optional";

/** Every operation of /api/openapi.json: who may call it. */
const API_OPERATIONS: Record<string, ApiAccess> = {
  "GET /api/openapi.json": "public",
  "POST /api/auth/login": "public",
  // The first admin may register without a token; after that a token is needed.
  "POST /api/auth/register": "optional",
  "POST /api/auth/logout": "bearer",
  // Public; a token also reads drafts (issue 24).
  "GET /api/faqs": "optional",
  "POST /api/faqs": "bearer",
  "GET /api/faqs/{id}": "optional",
  "PUT /api/faqs/{id}": "bearer",
  "DELETE /api/faqs/{id}": "bearer",
  "GET /api/faqs/trash": "bearer",
  "POST /api/faqs/trash/{id}": "bearer",
  "DELETE /api/faqs/trash/{id}": "bearer",
  "GET /api/blog": "optional",
  "POST /api/blog": "bearer",
  "GET /api/blog/{id}": "optional",
  "PUT /api/blog/{id}": "bearer",
  "DELETE /api/blog/{id}": "bearer",
  "GET /api/blog/trash": "bearer",
  "POST /api/blog/trash/{id}": "bearer",
  "DELETE /api/blog/trash/{id}": "bearer",
  "GET /api/testimonials": "optional",
  "POST /api/testimonials": "bearer",
  "GET /api/testimonials/{id}": "optional",
  "PUT /api/testimonials/{id}": "bearer",
  "DELETE /api/testimonials/{id}": "bearer",
  "GET /api/testimonials/trash": "bearer",
  "POST /api/testimonials/trash/{id}": "bearer",
  "DELETE /api/testimonials/trash/{id}": "bearer",
  "GET /api/resources": "optional",
  "POST /api/resources": "bearer",
  "GET /api/resources/{id}": "optional",
  "PUT /api/resources/{id}": "bearer",
  "DELETE /api/resources/{id}": "bearer",
  "GET /api/resources/trash": "bearer",
  "POST /api/resources/trash/{id}": "bearer",
  "DELETE /api/resources/trash/{id}": "bearer",
  "GET /api/highlights": "optional",
  "POST /api/highlights": "bearer",
  "GET /api/highlights/{id}": "optional",
  "PUT /api/highlights/{id}": "bearer",
  "DELETE /api/highlights/{id}": "bearer",
  "GET /api/highlights/trash": "bearer",
  "POST /api/highlights/trash/{id}": "bearer",
  "DELETE /api/highlights/trash/{id}": "bearer",
  "POST /api/images": "bearer",
  // Inactive internships only with a token.
  "GET /api/internships": "optional",
  "POST /api/internships": "bearer",
  "GET /api/internships/{id}": "optional",
  "PUT /api/internships/{id}": "bearer",
  "DELETE /api/internships/{id}": "bearer",
  "GET /api/internships/trash": "bearer",
  "POST /api/internships/trash/{id}": "bearer",
  "DELETE /api/internships/trash/{id}": "bearer",
  "PATCH /api/internships/{id}/toggle": "bearer",
  "GET /api/service-page": "public",
  "PUT /api/service-page": "bearer",
  "GET /api/about-page": "public",
  "PUT /api/about-page": "bearer",
  "GET /api/hero-section": "public",
  "PUT /api/hero-section": "bearer",
  "GET /api/contact-info": "public",
  "PUT /api/contact-info": "bearer",
  "GET /api/footer-content": "public",
  "PUT /api/footer-content": "bearer",
  "GET /api/site-settings": "public",
  "PUT /api/site-settings": "bearer",
  // Drafts, revisions and previews of every content type (issue 24): staff only.
  "POST /api/{type}/{id}/publish": "bearer",
  "POST /api/{type}/{id}/unpublish": "bearer",
  "GET /api/{type}/{id}/draft": "bearer",
  "PUT /api/{type}/{id}/draft": "bearer",
  "DELETE /api/{type}/{id}/draft": "bearer",
  "GET /api/{type}/draft": "bearer",
  "PUT /api/{type}/draft": "bearer",
  "DELETE /api/{type}/draft": "bearer",
  "POST /api/{type}/publish": "bearer",
  "GET /api/{type}/{id}/revisions": "bearer",
  "POST /api/{type}/{id}/revisions/{rev}/restore": "bearer",
  "GET /api/{type}/revisions": "bearer",
  "POST /api/{type}/revisions/{rev}/restore": "bearer",
  "GET /api/{type}/{id}/previews": "bearer",
  "POST /api/{type}/{id}/previews": "bearer",
  "GET /api/{type}/previews": "bearer",
  "POST /api/{type}/previews": "bearer",
  "DELETE /api/previews/{id}": "bearer",
  "POST /api/{type}/{id}/schedule": "bearer",
  "POST /api/{type}/schedule": "bearer",
  "GET /api/contact": "bearer",
  "POST /api/contact": "public",
  "GET /api/contact/{id}": "bearer",
  "DELETE /api/contact/{id}": "bearer",
  "PATCH /api/contact/{id}/status": "bearer",
  "GET /api/quotes": "bearer",
  "POST /api/quotes": "public",
  "GET /api/quotes/{id}": "bearer",
  "PUT /api/quotes/{id}": "bearer",
  "DELETE /api/quotes/{id}": "bearer",
  "POST /api/subscribe": "public",
  "GET /api/subscribers": "bearer",
  "DELETE /api/subscribers/{id}": "bearer",
  "GET /api/visitor-stats": "bearer",
};

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

interface Call {
  method: string;
  path: string;
  what: string;
  check: (answer: Answer) => string | null;
}

const never5xx = (a: Answer) => (a.status >= 500 ? `answered ${a.status}` : null);

/** A redirect to the sign-in page that comes back to `path`. */
function toSignIn(path: string, a: Answer): string | null {
  const location = String(a.headers.location ?? "");
  if (![302, 303].includes(a.status)) return `answered ${a.status}, not a redirect to sign in`;
  const target = new URL(location, "http://localhost");
  if (target.pathname !== "/admin/login") return `redirected to ${location}`;
  if (target.searchParams.get("redirectTo") !== path) return `redirectTo is not ${path}`;
  return null;
}

function jsonRefusal(a: Answer, status: number): string | null {
  if (a.status !== status) return `answered ${a.status}, not ${status}`;
  if (!String(a.headers["content-type"]).startsWith("application/json")) return "not JSON";
  return null;
}

test("every route and API operation is classified, and answers as its class allows without a session or token", async ({
  robust,
}) => {
  test.setTimeout(60_000);
  const flat = flattenRoutes(routes);
  const files = new Set(flat.map((r) => r.file));
  expect(
    [...files].filter((f) => !(f in ROUTES)),
    "routes of app/routes.ts missing from ROUTES: classify them",
  ).toEqual([]);
  expect(
    Object.keys(ROUTES).filter((f) => !files.has(f)),
    "ROUTES lists modules app/routes.ts no longer has",
  ).toEqual([]);

  const openapi = JSON.parse((await robust.send("/api/openapi.json")).body) as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  const operations = new Map<string, ApiAccess>();
  for (const [path, ops] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.includes(method.toUpperCase() as (typeof METHODS)[number])) continue;
      const security = op.security ?? [];
      const access: ApiAccess =
        security.length === 0
          ? "public"
          : security.some((s) => Object.keys(s).length === 0)
            ? "optional"
            : "bearer";
      operations.set(`${method.toUpperCase()} ${path}`, access);
    }
  }
  expect(
    [...operations.keys()].filter((k) => !(k in API_OPERATIONS)),
    "operations of /api/openapi.json missing from API_OPERATIONS: classify them",
  ).toEqual([]);
  expect(
    Object.keys(API_OPERATIONS).filter((k) => !operations.has(k)),
    "API_OPERATIONS lists operations /api/openapi.json no longer has",
  ).toEqual([]);
  for (const [key, access] of operations) {
    expect(API_OPERATIONS[key], `${key}: the table and the description disagree`).toBe(access);
  }
  // Every API route of app/routes.ts is described (and so classified per operation).
  const apiPaths = flat
    .filter((r) => ROUTES[r.file] === "api")
    .map((r) => r.path.replace(/:(\w+)/g, "{$1}"));
  expect(apiPaths.filter((p) => !(p in openapi.paths))).toEqual([]);

  const calls: Call[] = [];
  const seen = new Set<string>();
  for (const route of flat) {
    const kind = ROUTES[route.file] as RouteClass;
    const url = sampleUrl(route.path);
    if (seen.has(url)) continue; // a layout and its index share a URL
    seen.add(url);
    for (const method of METHODS) {
      const what = `${method} ${url} (${kind})`;
      if (kind === "admin page" || kind === "admin resource" || kind === "admin fallback") {
        const mayRefuse = !["GET", "HEAD", "POST"].includes(method);
        calls.push({
          method,
          path: url,
          what,
          check: (a) =>
            mayRefuse && a.status === 405 && !a.headers.location ? null : toSignIn(url, a),
        });
      } else if (kind === "api") {
        const pattern = route.path.replace(/:(\w+)/g, "{$1}");
        const described = (m: string) => API_OPERATIONS[`${m} ${pattern}`];
        const access = described(method === "HEAD" ? "GET" : method);
        calls.push({
          method,
          path: url,
          what: `${what} ${access ?? "no such operation"}`,
          check: (a) => {
            if (method === "OPTIONS") return a.status === 204 ? null : `answered ${a.status}`;
            if (!access) return jsonRefusal(a, 405);
            if (access === "bearer") return jsonRefusal(a, 401);
            if (a.status === 401) return "asked for a token";
            return never5xx(a);
          },
        });
      } else {
        calls.push({ method, path: url, what, check: never5xx });
      }
    }
  }

  const answers = await inBatches(
    calls.map((c) => () => robust.send(c.path, { method: c.method })),
    6,
  );
  const failures: string[] = [];
  const tally: Record<string, number> = {};
  calls.forEach((call, i) => {
    const answer = answers[i] as Answer;
    const problem = call.check(answer) ?? (STACK_TRACE.test(answer.body) ? "a stack trace" : null);
    if (problem) failures.push(`${call.what}: ${problem}`);
    const bucket = `${Math.floor(answer.status / 100)}xx`;
    tally[bucket] = (tally[bucket] ?? 0) + 1;
  });
  const byClass: Record<string, number> = {};
  for (const kind of Object.values(ROUTES)) byClass[kind] = (byClass[kind] ?? 0) + 1;
  console.log(
    `[robustness] route inventory: ${files.size} route modules (${Object.entries(byClass)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ")}), ${operations.size} API operations (${
      [...operations.values()].filter((a) => a === "bearer").length
    } bearer), ${calls.length} anonymous requests (${Object.entries(tally)
      .sort()
      .map(([k, n]) => `${n} ${k}`)
      .join(", ")}), ${failures.length} not as classified`,
  );
  expect(failures).toEqual([]);
});
