// Server rendering, based on React Router's default Node entry, plus two additions: a request
// whose data could not be loaded because the database is unreachable answers 503 with the
// friendly "we'll be right back" page rather than a generic 500, and the hydration scripts are
// preloaded at low priority (lib/script-priority.server.ts).
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type {
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
  RouterContextProvider,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isDatabaseConnectivityError } from "#db/client.server";
import { NonceContext } from "./lib/nonce";
import { lowPriorityModulePreloads } from "./lib/script-priority.server";
import { cspNonceContext } from "./lib/security-headers.server";
import { serviceUnavailablePage } from "./lib/service-unavailable.server";

export const streamTimeout = 5_000;

// Requests that hit a database outage. handleError sees the original error; by the time the
// document is rendered React Router has replaced it with a sanitized one.
const databaseOutage = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // 4xx answers (a POST to a page without a form, a missing post) are the client's doing:
  // logging each with a stack would let anyone flood the log.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isDatabaseConnectivityError(error)) {
    // The connection module logs the outage once; no stack trace per request.
    databaseOutage.add(request);
    return;
  }
  console.error(error);
};

/** The response's CSP nonce (lib/security-headers.server.ts), when server.js made one. */
function nonceOf(context: Readonly<RouterContextProvider> | undefined): string | undefined {
  try {
    return context?.get(cspNonceContext);
  } catch {
    return undefined;
  }
}

function outageResponse(nonce: string | undefined): Response {
  return new Response(serviceUnavailablePage(nonce), {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": "5",
      "Cache-Control": "no-store",
    },
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) =>
  databaseOutage.has(request) ? outageResponse(nonceOf(context)) : response;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  const nonce = nonceOf(loadContext);
  if (databaseOutage.has(request)) return outageResponse(nonce);

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Crawlers and SPA mode get the complete document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // The nonce goes to React Router (its inline scripts, the streamed data, and the default
    // of <Scripts>/<ScrollRestoration>), to React (its streaming scripts) and to our own
    // components (lib/nonce.ts).
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = lowPriorityModulePreloads({
            onFinal() {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
