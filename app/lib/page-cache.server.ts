// The page cache (issue 10; docs/decisions/016-page-cache.md): anonymous GETs of public pages
// are kept rendered in memory and answered without running React Router again.
//
// - Filled by `capture` (app/server.ts, just in front of React Router): the answer React Router
//   streams for a cacheable request is collected, and kept if it is a plain 200 HTML page with no
//   cookie set and no `no-store`/`private`.
// - Served by `serve`, called by server.js for every request before Express: a hit is a map
//   lookup, a freshness check, one writeHead and one end with bytes made beforehand, and the
//   visitor count (docs/decisions/034-cached-answers.md).
// - An answer is the same for every visitor of one page within a short window
//   (FORM_TOKEN_WINDOW_MS): the render's form token is replaced by one signed for the window,
//   stamped with the window's end, so nobody can post it sooner after receiving it than
//   FORM_MIN_FILL_SECONDS (lib/form-guard.server.ts). The page, its br and gzip forms, its
//   headers and its Content-Security-Policy are made once per page and window.
// - The policy of a cached answer allows the page's own inline scripts and styles (those the
//   render marked with its nonce) by their sha256 hashes instead of a nonce: a nonce shared by
//   many answers would be one anybody could read, whereas a hash allows only that exact script.
//   The markup keeps no nonce (the attribute is left empty).
// - Per visitor, so never cached: requests carrying the admin session, a flash message, saved
//   internships or a preview link (a draft; also no-store, domain/preview-request.server.ts);
//   the landing referrer (the other site that sent the visitor) is part of the key.
// - Keyed on the URL as sent, which for a public page is its canonical URL by then
//   (lib/canonical-url.server.ts answers any other query string with a 301 first): one page
//   state, one entry.
// - Fresh: a page belongs to the content generation it was rendered under
//   (lib/content-version.server.ts: at once on the instance that changed content, within a
//   second on the others) and lives at most PAGE_CACHE_TTL_SECONDS (deadlines pass, years turn).
// - ETag + 304: the tag is a hash of the stored page (the same on every instance) and the hour,
//   so a browser's copy, whose form token ages, is replaced at least hourly.

import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { createContext, type RouterContextProvider } from "react-router";
import { matchesTag } from "./conditional-get.server";
import { isPageRequest } from "./count-visitors.server";
import { externalReferrer } from "./lead-source";
import { isPreview } from "./preview-context.server";
import type { InlineHashes } from "./security-headers.server";

export type Slot = "nonce" | "formToken";

interface Entry {
  /**
   * The page cut at its per-response values: parts[0] slot[0] parts[1] slot[1] … parts[n], as
   * UTF-8 bytes, so an answer is one copy of them with the new values in between.
   */
  parts: Buffer[];
  slots: Slot[];
  /** Headers the route set that belong to the page (Vary, Link, Content-Language). */
  headers: Record<string, string>;
  tag: string;
  generation: number;
  storedAt: number;
  bytes: number;
  /** This window's answer, once made (see `answerOf`). */
  answer?: Answer;
  /** This window's answer being made: hits arriving meanwhile wait for it. */
  making?: { window: number; promise: Promise<Answer> };
}

/** Everything a hit sends, made once per page and window. */
interface Answer {
  window: number;
  body: Buffer;
  /** Filled on first demand (most clients ask for br, some for gzip, wrk for neither). */
  encoded: { br?: Buffer; gzip?: Buffer };
  encoding: { br?: Promise<Buffer>; gzip?: Promise<Buffer> };
  tag: string;
  /** writeHead's flat [name, value, …] list of a 200, without Content-Encoding/-Length. */
  headers: string[];
  /** …and of a 304 (no Content-Security-Policy: see `send`). */
  notModified: string[];
  /** Per encoding, the complete list of a 200 ("" for identity). */
  complete: Map<string, string[]>;
}

export interface PageCacheOptions {
  enabled: boolean;
  ttlMs: number;
  maxBytes: number;
  /** The content generation (lib/content-version.server.ts). */
  generation: () => number;
  /** A signed form token handed out at `issuedAt` (lib/form-guard.server.ts issueFormToken). */
  formToken: (issuedAt: Date) => Promise<string>;
  /**
   * Every header an HTML answer carries whose inline scripts and styles have these hashes
   * (lib/security-headers.server.ts documentSecurityHeaders).
   */
  securityHeaders: (hashes: InlineHashes) => Record<string, string>;
  /** Called once a page served from the cache has been sent (visitor counting). */
  onServed?: (req: IncomingMessage) => void;
  /** How long one answer (and its form token) serves a page (default FORM_TOKEN_WINDOW_MS). */
  windowMs?: number;
  /** How long a request waits for someone else's render of its page (default 2 s). */
  waitForRenderMs?: number;
  now?: () => number;
}

/**
 * Cookies that change what a public page shows, so their bearers get a page of their own: the
 * admin session, a flash message, saved internships, and a preview link's (a draft, which must
 * neither come from nor go into the cache).
 */
const PERSONAL_COOKIE =
  /(?:^|;)\s*(?:(?:__Host-)?bureau_(?:session|flash|preview)|savedInternships)\s*=/i;

/** Route headers worth keeping with the page; the rest are made per answer. */
const KEPT_HEADERS = ["vary", "link", "content-language"];

/** Pages over this are rendered each time (no public page comes close). */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

const HOUR_MS = 3_600_000;

/** Brotli's quality for a page's answer, made once per window (11, the best, costs ~4× more). */
const BROTLI_QUALITY = 9;

/** How long a request waits for someone else's render of its page before rendering its own. */
const WAIT_FOR_RENDER_MS = 2_000;

/**
 * How long the answers of one page share a form token (and so their bytes). Short, since every
 * visitor of the window gets a token stamped with its end (see `answerOf`): a visitor early in the
 * window waits up to this much longer before their post is accepted, and their token lives this
 * much longer. It divides an hour, so a window never straddles the hour of the ETag.
 */
export const FORM_TOKEN_WINDOW_MS = 2_000;

/** The Cache-Control of every cacheable page: browsers revalidate; shared caches never keep it. */
const PAGE_CACHE_CONTROL = "private, no-cache";

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Renders in progress per key: concurrent misses wait for the first instead of rendering too. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly now: () => number;
  readonly stats = { hits: 0, misses: 0, stored: 0, notModified: 0 };

  private readonly windowMs: number;
  /** A response's "finish" listener (one function for all: `this` is the response). */
  private readonly onFinish: (this: ServerResponse) => void;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.windowMs = options.windowMs ?? FORM_TOKEN_WINDOW_MS;
    const onServed = options.onServed;
    this.onFinish = function (this: ServerResponse) {
      if (this.statusCode < 400) onServed?.(this.req);
    };
    // A token stamped with its window's end is at most a window ahead of the clock: the form
    // guard's allowance for clock skew must still cover it, and a window must not straddle an hour.
    if (this.windowMs <= 0 || this.windowMs > 60_000 || HOUR_MS % this.windowMs !== 0) {
      throw new Error("The page cache's window must divide an hour and be at most a minute");
    }
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * The cache key of a request, or null when its answer must be rendered for it alone: not a
   * GET/HEAD of a public page, a data request (client navigation), or a visitor with a cookie
   * that changes the page.
   */
  keyOf(method: string | undefined, url: string | undefined, headers: IncomingMessage["headers"]) {
    if (!this.options.enabled || (method !== "GET" && method !== "HEAD") || !url) return null;
    // Checked decoded, as React Router matches it: /%61dmin is /admin.
    const path = safeDecode(url.split("?", 1)[0] ?? "");
    if (path === null || !isPageRequest("GET", path) || path.endsWith(".data")) return null;
    if (path.startsWith("/__")) return null;
    const cookie = headers.cookie;
    if (cookie && PERSONAL_COOKIE.test(cookie)) return null;
    return `${url}\n${landingReferrerOf(headers) ?? ""}`;
  }

  private fresh(entry: Entry): boolean {
    return (
      entry.generation === this.options.generation() &&
      this.now() - entry.storedAt < this.options.ttlMs
    );
  }

  private lookup(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.fresh(entry)) {
      this.remove(key, entry);
      return undefined;
    }
    // Least recently used goes first when the cache is full: move this one to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /**
   * Answers `req` from the cache when it can; false hands it on to Express. Called for every
   * request, so the checks are cheap and synchronous; the answer may finish asynchronously.
   */
  serve(req: IncomingMessage, res: ServerResponse, closing: () => boolean = () => false): boolean {
    const key = this.keyOf(req.method, req.url, req.headers);
    if (key === null) return false;
    const entry = this.lookup(key);
    if (entry) {
      void this.send(entry, req, res, closing);
      return true;
    }
    return false;
  }

  /**
   * Called by server.js for every request before Express, once the URL is canonical
   * (lib/canonical-url.server.ts: ad click identifiers dropped, other query strings of a public
   * page redirected): `serve`; and when a render of the same page is in progress (a
   * spike right after a content change), waits for it (at most WAIT_FOR_RENDER_MS) and answers
   * from the cache rather than render the page again; `fallback` (Express) takes the request if
   * that render was not kept in time. False: not cacheable or not cached, Express takes it now.
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    closing: () => boolean,
    fallback: () => void,
  ): boolean {
    if (this.serve(req, res, closing)) return true;
    const key = this.keyOf(req.method, req.url, req.headers);
    const pending = key === null ? undefined : this.inFlight.get(key);
    if (!pending) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.waitForRenderMs ?? WAIT_FOR_RENDER_MS);
    });
    void Promise.race([pending, timeout]).then(() => {
      clearTimeout(timer);
      if (!this.serve(req, res, closing)) fallback();
    });
    return true;
  }

  private send(entry: Entry, req: IncomingMessage, res: ServerResponse, closing: () => boolean) {
    this.stats.hits += 1;
    res.once("finish", this.onFinish);
    const window = Math.floor(this.now() / this.windowMs);
    const answer = entry.answer;
    if (answer?.window === window) {
      const encoding = preferredEncoding(req.headers["accept-encoding"]) ?? "";
      const headers = answer.complete.get(encoding);
      if (headers) {
        this.write(answer, headers, encoding, req, res, closing);
        return;
      }
    }
    void this.sendLater(entry, window, req, res, closing);
  }

  /** A hit whose answer (or its encoding) is not made yet for this window. */
  private async sendLater(
    entry: Entry,
    window: number,
    req: IncomingMessage,
    res: ServerResponse,
    closing: () => boolean,
  ) {
    try {
      const answer = await this.answerOf(entry, window);
      const encoding = preferredEncoding(req.headers["accept-encoding"]) ?? "";
      let headers = answer.complete.get(encoding);
      if (!headers) {
        const body = await encode(answer, encoding as Encoding);
        headers = [...answer.headers, "Content-Encoding", encoding];
        headers.push("Content-Length", String(body.length));
        answer.complete.set(encoding, headers);
      }
      this.write(answer, headers, encoding, req, res, closing);
    } catch (error) {
      console.error("[page cache] could not answer from the cache:", error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const { "Content-Security-Policy": _policy, ...security } =
        this.options.securityHeaders(NO_INLINE);
      res.writeHead(500, {
        ...security,
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      });
      res.end("Error");
    }
  }

  private write(
    answer: Answer,
    headers: string[],
    encoding: string,
    req: IncomingMessage,
    res: ServerResponse,
    closing: () => boolean,
  ) {
    const close = closing();
    if (matchesTag(req.headers["if-none-match"], answer.tag)) {
      this.stats.notModified += 1;
      // No Content-Security-Policy: a browser keeps its stored page and merges a 304's headers
      // into it, so the policy of this window's page would not match the stored page's scripts.
      res.writeHead(
        304,
        close ? [...answer.notModified, "Connection", "close"] : answer.notModified,
      );
      res.end();
      return;
    }
    res.writeHead(200, close ? [...headers, "Connection", "close"] : headers);
    if (req.method === "HEAD") res.end();
    else res.end(encoding === "" ? answer.body : answer.encoded[encoding as Encoding]);
  }

  /**
   * This window's answer of a page: made by the first hit of the window, awaited by the hits
   * that arrive while it is made.
   */
  private answerOf(entry: Entry, window: number): Promise<Answer> {
    if (entry.answer?.window === window) return Promise.resolve(entry.answer);
    if (entry.making?.window === window) return entry.making.promise;
    const promise = this.makeAnswer(entry, window).then(
      (answer) => {
        // A later window's answer may already be there (a slow token): keep the latest.
        if (!entry.answer || entry.answer.window <= window) entry.answer = answer;
        if (entry.making?.promise === promise) entry.making = undefined;
        return answer;
      },
      (error: unknown) => {
        if (entry.making?.promise === promise) entry.making = undefined;
        throw error;
      },
    );
    entry.making = { window, promise };
    return promise;
  }

  private async makeAnswer(entry: Entry, window: number): Promise<Answer> {
    // Stamped with the window's end, the latest moment anybody receives it: a post is accepted no
    // sooner after its visitor received the page than FORM_MIN_FILL_SECONDS, as with a token of
    // their own (the price: a visitor early in the window waits up to the window longer).
    const windowEnd = (window + 1) * this.windowMs;
    const token = entry.slots.includes("formToken")
      ? await this.options.formToken(new Date(windowEnd))
      : "";
    const { body, hashes } = fill(entry, token);
    const { "Content-Security-Policy": policy, ...security } = this.options.securityHeaders(hashes);
    // Within one hour (a window never straddles one), so a browser's copy, whose form token ages,
    // is replaced at least hourly.
    const tag = `W/"${entry.tag}.${Math.floor((window * this.windowMs) / HOUR_MS).toString(36)}"`;
    const common = [
      "Cache-Control",
      PAGE_CACHE_CONTROL,
      "ETag",
      tag,
      "Vary",
      mergeVary(entry.headers.vary, "Accept-Encoding"),
      "X-Page-Cache",
      "hit",
    ];
    for (const [name, value] of Object.entries(entry.headers)) {
      if (name !== "vary") common.push(name, value);
    }
    const securityList = Object.entries(security).flat();
    const headers = [
      ...securityList,
      ...(policy ? ["Content-Security-Policy", policy] : []),
      ...common,
      "Content-Type",
      "text/html; charset=utf-8",
    ];
    const answer: Answer = {
      window,
      body,
      encoded: {},
      encoding: {},
      tag,
      headers,
      notModified: [...securityList, ...common],
      complete: new Map([["", [...headers, "Content-Length", String(body.length)]]]),
    };
    return answer;
  }

  /**
   * Express middleware in front of React Router: keeps the page it renders for a cacheable
   * request. The nonce is this response's (res.locals.cspNonce); the form token is the one the
   * site layout's loader registered in res.locals.pageSlots (see `noteFormToken`).
   */
  capture = (req: Request, res: Response, next: NextFunction): void => {
    // A preview's answer (a draft) is never kept, whatever its cookie is called.
    const key =
      req.method === "GET" && !isPreview() ? this.keyOf("GET", req.originalUrl, req.headers) : null;
    if (key === null) {
      next();
      return;
    }
    this.stats.misses += 1;
    const generation = this.options.generation();
    const slots: PageSlots = {};
    res.locals.pageSlots = slots;
    // When the headers go out, and only if the route set no Cache-Control of its own (React
    // Router appends a route's headers to those already set).
    onHeaders(res, () => {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
      res.setHeader("X-Page-Cache", "miss");
    });

    // Other requests for this page wait for this render (see `handle`); released once, and only
    // if this render is still the one they wait for.
    let release = () => {};
    if (!this.inFlight.has(key)) {
      let resolve = () => {};
      const done = new Promise<void>((r) => {
        resolve = r;
      });
      this.inFlight.set(key, done);
      release = () => {
        release = () => {};
        if (this.inFlight.get(key) === done) this.inFlight.delete(key);
        resolve();
      };
    }

    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (overflow || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > MAX_PAGE_BYTES) {
        overflow = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      const accepted = (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
      // A client that reads slowly (or not at all) must not hold up the render others wait
      // for: the page is at most MAX_PAGE_BYTES, so Node may buffer what the socket has not
      // taken yet.
      return overflow ? accepted : true;
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      // The whole page has been written (whatever the socket has sent so far): keep it now.
      keep();
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];

    let kept = false;
    const keep = () => {
      if (kept) return;
      kept = true;
      try {
        if (overflow || generation !== this.options.generation()) return;
        const nonce = res.locals.cspNonce;
        if (typeof nonce !== "string" || !cacheableAnswer(res)) return;
        // The render's own idea of where the visitor came from must be the key's, or a crafted
        // request could store its referrer in everyone's page.
        if ((slots.landingReferrer ?? null) !== (landingReferrerOf(req.headers) ?? null)) return;
        const html = Buffer.concat(chunks).toString("utf8");
        // A body cut short by a failed stream is not a page.
        if (!/<\/html>\s*$/i.test(html)) return;
        this.store(key, html, { nonce, slots, res, generation });
      } catch (error) {
        console.error("[page cache] could not keep a page:", error);
      } finally {
        release();
      }
    };
    res.once("close", () => release());
    next();
  };

  private store(
    key: string,
    html: string,
    page: { nonce: string; slots: PageSlots; res: Response; generation: number },
  ): void {
    const values: [Slot, string][] = [["nonce", page.nonce]];
    if (page.slots.formToken) values.push(["formToken", page.slots.formToken]);
    const pattern = new RegExp(values.map(([, value]) => escapeRegExp(value)).join("|"), "g");
    const parts: string[] = [];
    const slots: Slot[] = [];
    let last = 0;
    for (const match of html.matchAll(pattern)) {
      parts.push(html.slice(last, match.index));
      slots.push(values.find(([, value]) => value === match[0])?.[0] ?? "nonce");
      last = match.index + match[0].length;
    }
    parts.push(html.slice(last));
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = page.res.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const tag = createHash("sha256")
      .update(parts.join("\u0000"))
      .update(slots.join(","))
      .update(JSON.stringify(headers))
      .digest("base64url")
      .slice(0, 22);
    // Twice the page: a window's answer keeps the filled page beside its br and gzip forms.
    const bytes = 2 * Buffer.byteLength(html) + key.length * 2;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, {
      parts: parts.map((part) => Buffer.from(part, "utf8")),
      slots,
      headers,
      tag,
      generation: page.generation,
      storedAt: this.now(),
      bytes,
    });
    this.bytes += bytes;
    this.stats.stored += 1;
    // Over budget: drop the least recently used pages.
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldKey, oldEntry);
    }
  }
}

/** Values a render made for its response alone, noted by loaders (see noteFormToken). */
export interface PageSlots {
  formToken?: string;
  /** The landing referrer the site layout rendered (null: none). */
  landingReferrer?: string | null;
}

function cacheableAnswer(res: Response): boolean {
  if (res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return false;
  if (!/^text\/html\b/i.test(String(res.getHeader("content-type") ?? ""))) return false;
  // Ours, unless the route set its own: then only if it allows keeping the page.
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return cacheControl === PAGE_CACHE_CONTROL || !/\b(?:no-store|private)\b/i.test(cacheControl);
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** The other site that sent this visitor (normalised as the site layout renders it), if any. */
function landingReferrerOf(headers: IncomingMessage["headers"]): string | undefined {
  const referer = headers.referer;
  // Foreign to every name this site may be reached by, as React Router may use either.
  const hosts = [headers.host, firstValue(headers["x-forwarded-host"])];
  const outside = hosts.map((host) => externalReferrer(referer, host ?? ""));
  return outside.every((value) => value !== undefined) ? outside[0] : undefined;
}

/** No inline script or style allowed (the policy of the cache's own error answer). */
const NO_INLINE: InlineHashes = { script: [], style: [] };

/**
 * The page with this form token, its nonce attributes left empty, and the hashes of the inline
 * scripts and styles that carried the render's nonce: those, and only those, are the page's own
 * (an element that came into the markup any other way, say through stored content, had no nonce
 * and stays blocked).
 */
function fill(entry: Entry, token: string): { body: Buffer; hashes: InlineHashes } {
  // A mark that cannot occur in HTML text stands in for the nonce while the elements are found.
  const mark = `\u0000${randomBytes(9).toString("base64")}\u0000`;
  const pieces: string[] = [entry.parts[0]?.toString("utf8") ?? ""];
  for (let i = 0; i < entry.slots.length; i++) {
    pieces.push(entry.slots[i] === "formToken" ? token : mark);
    pieces.push(entry.parts[i + 1]?.toString("utf8") ?? "");
  }
  const marked = pieces.join("");
  const hashes = { script: [] as string[], style: [] as string[] };
  const element = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
  for (const [, name = "", attributes = "", text = ""] of marked.matchAll(element)) {
    if (!attributes.includes(`nonce="${mark}"`)) continue;
    // The browser hashes the element's text as it parsed it: CR LF and lone CR read as LF.
    const content = text.replaceAll(mark, "").replace(/\r\n?/g, "\n");
    const hash = `sha256-${createHash("sha256").update(content, "utf8").digest("base64")}`;
    const list = name.toLowerCase() === "script" ? hashes.script : hashes.style;
    if (!list.includes(hash)) list.push(hash);
  }
  return { body: Buffer.from(marked.replaceAll(mark, ""), "utf8"), hashes };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim() || undefined;
}

function mergeVary(stored: string | undefined, extra: string): string {
  const names = (stored ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === extra.toLowerCase())) names.push(extra);
  return names.join(", ");
}

type Encoding = "br" | "gzip";

/**
 * The verdicts on Accept-Encoding values seen lately: asked on every hit, and browsers send one of
 * a handful of values. Bounded: cleared when full.
 */
const encodingVerdicts = new Map<string, Encoding | undefined>();
const MAX_ENCODING_VERDICTS = 64;

/** br when accepted, else gzip, else none (q=0 means "not this one"). */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  if (encodingVerdicts.has(text)) return encodingVerdicts.get(text);
  const verdict = parseAcceptEncoding(text);
  if (encodingVerdicts.size >= MAX_ENCODING_VERDICTS) encodingVerdicts.clear();
  encodingVerdicts.set(text, verdict);
  return verdict;
}

function parseAcceptEncoding(text: string): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const item of text.split(",")) {
    const [name = "", ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  const br = quality("br");
  const gz = quality("gzip");
  if (br <= 0 && gz <= 0) return undefined;
  // The client's preference; brotli on a tie (smaller).
  return br >= gz ? "br" : "gzip";
}

/** The answer's body in this encoding, compressed once per page and window. */
function encode(answer: Answer, encoding: Encoding): Promise<Buffer> {
  const ready = answer.encoded[encoding];
  if (ready) return Promise.resolve(ready);
  let pending = answer.encoding[encoding];
  if (!pending) {
    pending = compress(answer.body, encoding).then((body) => {
      answer.encoded[encoding] = body;
      return body;
    });
    answer.encoding[encoding] = pending;
  }
  return pending;
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === "br") {
      // Once per page and window, so a high quality: smaller pages for every visitor of it.
      brotliCompress(
        body,
        {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          },
        },
        done,
      );
    } else gzip(body, { level: 9 }, done);
  });
}

/** Router context key of this request's PageSlots (set in app/server.ts getLoadContext). */
export const pageSlotsContext = createContext<PageSlots | undefined>(undefined);

/**
 * The site layout's loader notes the form token it hands out (a cached copy of the page gets a
 * fresh one in every answer instead of the first visitor's) and the landing referrer it rendered
 * (checked against the cache key). Does nothing when the page is not being cached (or in unit
 * tests, where the context may lack the key).
 */
export function notePageSlots(context: Readonly<RouterContextProvider>, values: PageSlots): void {
  let slots: PageSlots | undefined;
  try {
    slots = context.get(pageSlotsContext);
  } catch {
    return;
  }
  if (slots) Object.assign(slots, values);
}
