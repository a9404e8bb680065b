// The security headers of every answer, in one place (docs/decisions/014-content-security-policy.md).
// server.js mounts `securityHeaders` once, before static files and React Router, so static
// assets, the 403/405/413/503 answers of app/server.ts, the JSON API and every page get them.
//
// HTML answers carry the full Content-Security-Policy with a nonce made for that response
// (res.locals, then React Router's load context: entry.server.tsx hands it to <ServerRouter
// nonce> and React's renderToPipeableStream, root.tsx to <Scripts>/<ScrollRestoration>, and
// components/site/json-ld.tsx to its script). Other answers (JSON, assets) get a policy that
// allows nothing, since they are never meant to be rendered as a document.
import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { createContext } from "react-router";
import { getEnv } from "~/env.server";

/** Router context key of the response's CSP nonce (set in app/server.ts getLoadContext). */
export const cspNonceContext = createContext<string | undefined>(undefined);

/** 'sha256-…' sources of each inline script and style element of a page (a cached page's). */
export interface InlineHashes {
  script: readonly string[];
  style: readonly string[];
}

/** The inline scripts and styles a page may run: by a nonce, or by their hashes. */
export type InlineSources = { nonce: string } | { hashes: InlineHashes };

export type PolicyOptions = InlineSources & {
  /** Origins a page may show in a frame (app/server.ts: the contact page's map providers). */
  frameOrigins: readonly string[];
  /** `npm run dev`: Vite injects styles and talks to its HMR server over a WebSocket. */
  development?: boolean;
  /** CLOUDINARY_CLOUD_NAME, when uploads go to Cloudinary: its delivery addresses are images. */
  cloudinaryCloudName?: string;
};

/** The Content-Security-Policy of an HTML answer. */
export function contentSecurityPolicy(options: PolicyOptions): string {
  const { frameOrigins, development = false, cloudinaryCloudName } = options;
  // A rendered answer allows its inline elements by the nonce it put on them; a cached one
  // (lib/page-cache.server.ts), whose markup is the same for many visitors, by the hash of each.
  const scripts =
    "nonce" in options
      ? [`'nonce-${options.nonce}'`]
      : options.hashes.script.map((hash) => `'${hash}'`);
  const styles =
    "nonce" in options
      ? [`'nonce-${options.nonce}'`]
      : options.hashes.style.map((hash) => `'${hash}'`);
  const images = ["'self'", "data:", "blob:"];
  if (cloudinaryCloudName) {
    images.push(`https://res.cloudinary.com/${encodeURIComponent(cloudinaryCloudName)}/`);
  }
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scripts],
    // Stylesheets from self; <style> elements only with the nonce (the 403 and 503 pages').
    // Vite's dev server injects its own, so dev allows any (with a nonce present, browsers
    // would ignore 'unsafe-inline').
    ["style-src", "'self'", ...(development ? ["'unsafe-inline'"] : styles)],
    // style="" attributes (React `style` props rendered on the server, the 413 page): they
    // cannot run script, and any url() in them is still held to img-src / font-src.
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", ...images],
    ["font-src", "'self'"],
    // blob: the admin image field's preview of a picked file (a blob: URL this page made);
    // Chromium reads it through connect-src when the file turns out not to be an image.
    ["connect-src", "'self'", "blob:", ...(development ? ["ws:", "wss:"] : [])],
    ["frame-src", ...frameOrigins],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/** The policy of every answer that is not HTML (JSON, scripts, stylesheets, images). */
export const NON_HTML_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const HSTS = "max-age=31536000; includeSubDomains";
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/** The headers every answer carries, whatever its type. */
export function staticSecurityHeaders({ production }: { production: boolean }) {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    // Browsers ignore HSTS received over plain http (RFC 6797 §8.1), so it is sent on every
    // production answer rather than only when the request looks https: behind a TLS proxy
    // without TRUST_PROXY the app cannot tell, and the header would silently never go out.
    ...(production ? { "Strict-Transport-Security": HSTS } : {}),
  } as Record<string, string>;
}

// Random bytes are drawn from the system's CSPRNG 4 kB at a time and handed out 16 at a time,
// each once: one call into OpenSSL per 256 responses instead of one per response (it was about
// 1% of an uncached page render). crypto.randomUUID batches the same way.
const NONCE_BYTES = 16;
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** A fresh nonce: 128 random bits, base64. */
export function makeNonce(): string {
  if (poolOffset + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const nonce = pool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** The nonce of this response (set by securityHeaders), for hand-written HTML answers. */
export function cspNonce(res: Response): string | undefined {
  const nonce = res.locals.cspNonce;
  return typeof nonce === "string" ? nonce : undefined;
}

/** `nonce="…"` for a hand-written element, or nothing. */
export function nonceAttribute(nonce: string | undefined): string {
  return nonce ? ` nonce="${nonce}"` : "";
}

function isHtml(contentType: unknown): boolean {
  // An answer without a type yet (a 304, a HEAD) is treated as a document: the stricter-for-
  // documents policy is the one that matters if a browser ever renders it.
  return contentType === undefined || /^\s*text\/html\b/i.test(String(contentType));
}

/**
 * Every security header of an HTML answer allowing these inline elements, for answers written
 * without Express (the page cache's hits, lib/page-cache.server.ts).
 */
export function documentSecurityHeaders(
  inline: InlineSources,
  frameOrigins: readonly string[],
): Record<string, string> {
  const env = getEnv();
  return {
    ...staticSecurityHeaders({ production: env.isProduction }),
    "Content-Security-Policy": contentSecurityPolicy({
      ...inline,
      frameOrigins,
      development: !env.isProduction && process.env.NODE_ENV === "development",
      cloudinaryCloudName: env.CLOUDINARY_CLOUD_NAME,
    }),
  };
}

/**
 * Express middleware: a nonce per response, then the headers as the answer's headers are
 * written. Mounted once, by server.js.
 */
export function securityHeaders(options: {
  frameOrigins: readonly string[];
  development?: boolean;
  /** Overrides of the configuration (unit tests); read from getEnv() otherwise. */
  production?: boolean;
  cloudinaryCloudName?: string;
}): RequestHandler {
  const development = options.development ?? process.env.NODE_ENV === "development";
  let fixed: Record<string, string> | undefined;
  let cloudinaryCloudName = options.cloudinaryCloudName;
  return (_req, res, next) => {
    if (!fixed) {
      if (options.production === undefined) {
        // Read on the first request: configuration is validated at start-up, before listening.
        const env = getEnv();
        fixed = staticSecurityHeaders({ production: env.isProduction });
        cloudinaryCloudName = env.CLOUDINARY_CLOUD_NAME;
      } else {
        fixed = staticSecurityHeaders({ production: options.production });
      }
    }
    const nonce = makeNonce();
    res.locals.cspNonce = nonce;
    const headers = fixed;
    // Just before the headers are written, when the answer's type is known. A header the answer
    // already set is left as it is (GET /images/:id sends its own stricter
    // `default-src 'none'; sandbox`), so nothing is sent twice.
    onHeaders(res, () => {
      res.removeHeader("X-Powered-By");
      for (const [name, value] of Object.entries(headers)) {
        if (!res.hasHeader(name)) res.setHeader(name, value);
      }
      if (res.hasHeader("Content-Security-Policy")) return;
      res.setHeader(
        "Content-Security-Policy",
        isHtml(res.getHeader("Content-Type"))
          ? contentSecurityPolicy({
              nonce,
              frameOrigins: options.frameOrigins,
              development,
              cloudinaryCloudName,
            })
          : NON_HTML_POLICY,
      );
    });
    next();
  };
}
