// Entry of the server build (see vite.config.ts). server.js imports it and gets:
// - `app`: Express middleware that hands requests to React Router, behind a database gate;
// - `startup()` / `shutdown()`: the process lifecycle, sharing this bundle's one connection.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import onHeaders from "on-headers";
import proxyaddr from "proxy-addr";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { closeDatabase, isDatabaseAvailable, startDatabase } from "#db/client.server";
import { MAP_EMBED_PROVIDERS } from "./content/contact-info";
import { contentScheduleJobs } from "./content/schedule-jobs.server";
import { trashPurgeJob } from "./content/trash-purge.server";
import { settleAdminNotices } from "./domain/admin-notice.server";
import { imageSweepJob } from "./domain/image-sweep.server";
import { settleNotifications } from "./domain/lead-notification.server";
import { previewRequests } from "./domain/preview-request.server";
import { settleSignInCodeMails } from "./domain/sign-in-code.server";
import { visitorCounter } from "./domain/visitor-count.server";
import { getEnv } from "./env.server";
import { isApiPath, limitRequestBodies, MAX_BODY_BYTES } from "./lib/body-limit.server";
import { publicPagesOf, redirectToCanonicalUrl } from "./lib/canonical-url.server";
import { clientIpContext, normalizeIp } from "./lib/client-ip.server";
import { startContentCache, stopContentCache } from "./lib/content-cache.server";
import {
  contentGeneration,
  stopWatchingContentVersion,
  watchContentVersion,
} from "./lib/content-version.server";
import { countVisitors, isPageRequest, isPrefetch } from "./lib/count-visitors.server";
import { issueFormToken } from "./lib/form-guard.server";
import { startJobs, stopJobs } from "./lib/jobs.server";
import { PageCache, type PageSlots, pageSlotsContext } from "./lib/page-cache.server";
import { isPublicPageView, publicPagesBuild } from "./lib/public-pages-build.server";
import {
  mongoSharedCounts,
  RenderBudget,
  rendersOf,
  tooManyRendersPage,
} from "./lib/render-budget.server";
import { refuseCrossSiteRequests } from "./lib/same-origin.server";
import {
  cspNonce,
  cspNonceContext,
  documentSecurityHeaders,
  securityHeaders as securityHeadersFor,
} from "./lib/security-headers.server";
import { formNotSentPage, serviceUnavailablePage } from "./lib/service-unavailable.server";
import { prepareDatabase } from "./startup.server";

export { startSharedEmbeddedServer } from "#db/client.server";
export { getEnv } from "./env.server";
// Asked by server.js before anything else reads a request (a 400 for targets and Hosts that
// cannot be routed as sent).
export { refuseMalformedRequest } from "./lib/request-target.server";

/**
 * The only frames a page shows: the contact page's map, from the providers its editor accepts.
 * Named here rather than in lib/security-headers.server.ts, which knows no content.
 */
const FRAME_ORIGINS = [...new Set(MAP_EMBED_PROVIDERS.map((p) => p.origin))];

/** Mounted once by server.js, in front of static files and this app (security headers, CSP nonce). */
export function securityHeaders(options: { development?: boolean } = {}) {
  return securityHeadersFor({ ...options, frameOrigins: FRAME_ORIGINS });
}

export const app = express();
// Mounted inside server.js's app, but a sub-app sets its own headers: keep it quiet too.
app.disable("x-powered-by");
// Whose X-Forwarded-For / X-Forwarded-Host / X-Forwarded-Proto to believe (TRUST_PROXY; none by
// default). Read directly: configuration is validated in startup(), after this module loads,
// and a bad value stops the server there.
app.set("trust proxy", readTrustProxy());

function readTrustProxy(): false | number | string {
  try {
    return getEnv().TRUST_PROXY;
  } catch {
    return false;
  }
}

// Methods the Fetch API cannot even represent (TRACE, CONNECT) would otherwise fail inside
// React Router with a 500; methods no route answers get a 405 here, as JSON under /api.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
app.use((req, res, next) => {
  if (METHODS.has(req.method)) return next();
  res.status(405).set({ Allow: [...METHODS].join(", "), "Cache-Control": "no-store" });
  if (isApiPath(req.path)) res.json({ success: false, message: `${req.method} is not allowed.` });
  else res.type("text").send("Method Not Allowed");
});

// The API's resource routes are called as themselves, never as React Router's single-fetch
// data URLs (`/api/faqs.data`), which would answer in turbo-stream rather than JSON.
app.use((req, res, next) => {
  if (!isApiPath(req.path) || !req.path.toLowerCase().endsWith(".data")) return next();
  res.status(404).set("Cache-Control", "no-store");
  res.json({ success: false, message: "No API endpoint here. See /api/openapi.json." });
});

// Bodies over 1 MiB are refused before anything reads them, 16 MiB for admin image uploads
// (lib/body-limit.server.ts).
app.use(limitRequestBodies());

// Every state-changing request from another site: 403, here rather than in route middleware so
// it also covers resource routes and comes before React Router's own origin check (which would
// answer 400). See app/lib/same-origin.server.ts and docs/decisions/005-cross-site-check.md.
app.use(refuseCrossSiteRequests);

// While the database is known to be down, answer at once with a friendly 503 instead of
// letting every request wait for the driver's server-selection timeout.
app.use((req, res, next) => {
  // React Router's route manifest needs no database, and a browser that cannot fetch it leaves a
  // form's fetcher waiting for good instead of saying the sending failed.
  if (isDatabaseAvailable() || req.path === "/__manifest") return next();
  res.status(503).set({ "Retry-After": "5", "Cache-Control": "no-store" });
  if (isApiPath(req.path) || req.accepts(["html", "json"]) === "json") {
    res.json({ success: false, message: "Service temporarily unavailable" });
  } else if (isNativeFormPost(req)) {
    // A form sent without JavaScript: give back what was typed, ready to send again.
    readUrlEncoded(req, res, () =>
      res.type("html").send(formNotSentPage(req.originalUrl, formFields(req.body), cspNonce(res))),
    );
  } else {
    res.type("html").send(serviceUnavailablePage(cspNonce(res)));
  }
});

/** A browser's own form post (not React Router's `.data` fetch, not a file upload). */
function isNativeFormPost(req: express.Request): boolean {
  return (
    req.method === "POST" &&
    !req.path.endsWith(".data") &&
    /^application\/x-www-form-urlencoded\b/i.test(req.get("content-type") ?? "")
  );
}

const readUrlEncoded = express.urlencoded({ extended: false, limit: MAX_BODY_BYTES });

function formFields(body: unknown): [string, string][] {
  if (!body || typeof body !== "object") return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((v): v is string => typeof v === "string")
      .map((v) => [name, v] as [string, string]),
  );
}

// Renders per address (lib/render-budget.server.ts, RENDER_IP_LIMIT a minute): every request
// that gets this far and that React Router answers with a render, by the route it matches
// (rendersOf; page-cache hits and static files never reach Express). Made in startup(), once
// configuration is known.
let renderBudget: RenderBudget | undefined;
app.use((req, res, next) => {
  if (!renderBudget) return next();
  if (countsAsRender) return limitRenders(countsAsRender, req, res, next);
  // Development: the build of the moment.
  (build as () => Promise<ServerBuild>)()
    .then((current) => limitRenders(rendersOf(current), req, res, next))
    .catch(next);
});

function limitRenders(
  isRender: (method: string, path: string) => boolean,
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
) {
  if (!renderBudget || !isRender(req.method, req.path)) return next();
  const { allowed, retryAfterMs } = renderBudget.hit(
    normalizeIp(req.ip ?? req.socket.remoteAddress),
  );
  if (allowed) return next();
  const seconds = Math.ceil(retryAfterMs / 1000);
  res.status(429).set({ "Retry-After": String(seconds), "Cache-Control": "no-store" });
  if (req.path.endsWith(".data")) res.type("text").send("Too Many Requests");
  else res.type("html").send(tooManyRendersPage(seconds, cspNonce(res)));
}

// Unique visitors per day for the dashboard (app/domain/visitor-count.server.ts): noted in memory
// once each page answer is sent, written to MongoDB in batches every 2 s. After the gates (a 403
// or 503 is no visit), before React Router, so pages served without running a loader count too.
app.use(countVisitors(visitorCounter()));

// A client previewing a draft through a private link (domain/preview-request.server.ts): the
// request runs as a preview, its answer is no-store and noindex, the caches stay out of it.
app.use(previewRequests());

// The page cache (lib/page-cache.server.ts, docs/decisions/016-page-cache.md): made in
// startup(), once configuration is known. Hits never get this far: server.js asks
// `servePageFromCache` before Express. Here a cacheable page that React Router renders is kept.
let pageCache: PageCache | undefined;
app.use((req, res, next) => {
  // A form's answer may echo what the visitor typed: never kept by the browser or a proxy.
  // Only when the route set none (React Router appends a route's headers to those already set).
  if (req.method === "POST") {
    onHeaders(res, () => {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-store");
    });
  }
  return pageCache ? pageCache.capture(req, res, next) : next();
});

// Read directly: configuration is validated in startup(), after this module loads.
const development = process.env.NODE_ENV === "development";
const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
// Given a function, React Router rebuilds its route table (every route flattened and ranked) on
// each request, a tenth of a page's render time: production hands it the loaded build once.
// Development keeps the function, so edited routes apply without a restart.
const build: ServerBuild | (() => Promise<ServerBuild>) = development
  ? loadBuild
  : await loadBuild();
// Which requests the render budget counts, from production's one build (above).
const countsAsRender = typeof build === "function" ? undefined : rendersOf(build);

const getLoadContext = (req: express.Request, res: express.Response) => {
  const context = new RouterContextProvider();
  // This response's CSP nonce (securityHeaders, mounted by server.js), for entry.server.tsx.
  context.set(cspNonceContext, cspNonce(res));
  // The socket's address, or the client's as reported by a trusted proxy (TRUST_PROXY).
  context.set(clientIpContext, normalizeIp(req.ip ?? req.socket.remoteAddress));
  // Where the site layout notes the form token it hands out, when the page may be cached.
  context.set(pageSlotsContext, res.locals.pageSlots as PageSlots | undefined);
  return context;
};
const mode = development ? "development" : "production";

// Public pages' URLs spelled otherwise than their route, or with other query strings than their
// own, get a 301 to their canonical URL (lib/canonical-url.server.ts). In production that happens before the page cache
// (servePageFromCache); development has no cache, so it happens here, on the build of the moment.
const publicPages = typeof build === "function" ? undefined : publicPagesOf(build);
if (typeof build === "function") {
  const load = build;
  app.use((req, res, next) => {
    load()
      .then((current) => redirectToCanonicalUrl(req, res, publicPagesOf(current)) || next())
      .catch(next);
  });
}
const handleAll = createRequestHandler({ build, getLoadContext, mode });
// Public page views go to a handler that knows only the public pages: the same page, without
// matching and rebuilding ~80 routes per request (lib/public-pages-build.server.ts). Production
// only: development reloads the build per request.
const handlePublicPages =
  typeof build === "function"
    ? handleAll
    : createRequestHandler({ build: publicPagesBuild(build), getLoadContext, mode });
app.use((req, res, next) =>
  isPublicPageView(req.method, req.path)
    ? handlePublicPages(req, res, next)
    : handleAll(req, res, next),
);

/** Validates configuration and opens the database; call before listening. */
export async function startup(
  hooks: {
    log?: (line: string) => void;
    /** Start-up work failed after a delayed connection; the process should stop. */
    onFatal?: (error: unknown) => void;
  } = {},
): Promise<void> {
  getEnv();
  const log = hooks.log ?? ((line: string) => console.log(line));
  await startDatabase({
    init: async (db) => {
      await prepareDatabase(db, log);
      // Once the database is reachable (at start, or when it first comes up): scheduled work
      // runs whether or not anyone visits (lib/jobs.server.ts).
      await startJobs(
        db,
        [imageSweepJob(log), trashPurgeJob(log), ...contentScheduleJobs(log)] as never,
        {
          log,
          pollMs: getEnv().JOBS_POLL_MS,
        },
      );
    },
    log,
    onFatal: hooks.onFatal,
  });
  renderBudget = new RenderBudget({
    limit: getEnv().RENDER_IP_LIMIT,
    store: mongoSharedCounts,
    log: (line) => console.error(line),
  });
  startPageCache();
  startCachedContent();
}

/** What public pages are rendered from, kept between content changes (decision 021). */
function startCachedContent(): void {
  const env = getEnv();
  // Development reads every time, as it renders every time.
  if (!env.CONTENT_CACHE || env.NODE_ENV === "development") return;
  startContentCache({ ttlMs: env.PAGE_CACHE_TTL_SECONDS * 1000 });
  watchContentVersion();
}

function startPageCache(): void {
  const env = getEnv();
  // Development renders every request (server.js does not ask the cache there either).
  if (!env.PAGE_CACHE || env.NODE_ENV === "development") return;
  // The same rule as Express's `trust proxy` (app.set above), for the visitor counter's address.
  const trust = compileTrust(env.TRUST_PROXY);
  const counter = visitorCounter();
  pageCache = new PageCache({
    enabled: true,
    ttlMs: env.PAGE_CACHE_TTL_SECONDS * 1000,
    maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
    generation: contentGeneration,
    formToken: (issuedAt) => issueFormToken(issuedAt),
    securityHeaders: (hashes) => documentSecurityHeaders({ hashes }, FRAME_ORIGINS),
    // A page served from the cache is a visit like any other (lib/count-visitors.server.ts).
    onServed: (req) => {
      const path = (req.url ?? "").split("?", 1)[0] ?? "";
      if (!isPageRequest(req.method ?? "", path) || isPrefetch(req)) return;
      counter.record({
        // Without a trusted proxy the address is the connection's (proxyaddr's answer too, after
        // parsing X-Forwarded-For for nothing).
        ip: normalizeIp(
          env.TRUST_PROXY === false ? req.socket.remoteAddress : proxyaddr(req, trust),
        ),
        userAgent: req.headers["user-agent"],
        cookie: req.headers.cookie,
      });
    },
  });
  watchContentVersion();
}

function compileTrust(value: false | number | string): (address: string, hop: number) => boolean {
  if (value === false) return () => false;
  if (typeof value === "number") return (_address, hop) => hop < value;
  return proxyaddr.compile(value.split(",").map((item) => item.trim()));
}

/**
 * server.js calls this for every request before Express (production): true when it answered,
 * with a 301 to a public page's canonical URL (lib/canonical-url.server.ts), so only canonical
 * URLs are ever looked up, rendered or kept, or from the page cache (PageCache.handle); false
 * hands it to Express.
 * `closing()`: the server is shutting down, so the answer says `Connection: close`.
 */
export function servePageFromCache(
  req: IncomingMessage,
  res: ServerResponse,
  closing: () => boolean,
  fallback: () => void,
): boolean {
  if (publicPages && redirectToCanonicalUrl(req, res, publicPages, closing)) return true;
  return pageCache ? pageCache.handle(req, res, closing, fallback) : false;
}

/** Writes the visits still queued, then closes the database (and flushes the embedded journal). */
export async function shutdown(): Promise<void> {
  // New-lead, new-admin and sign-in code e-mails still being sent get up to 10 s to finish.
  await Promise.race([
    Promise.all([settleNotifications(), settleAdminNotices(), settleSignInCodeMails()]),
    new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
  ]);
  stopWatchingContentVersion();
  stopContentCache();
  renderBudget?.stop();
  await visitorCounter().close();
  await stopJobs();
  await closeDatabase();
}
