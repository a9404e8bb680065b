// A route's `headers` export when its loader or action sets headers of its own (a 429's
// Retry-After): React Router uses only what the export returns, so both are merged here.

/** The loader's and the action's headers of a route, later ones winning. */
export function mergeRouteHeaders(...sources: Headers[]): Headers {
  const out = new Headers();
  for (const source of sources) {
    source.forEach((value, name) => {
      // React Router merges Set-Cookie itself; copying it here would send it twice.
      if (name.toLowerCase() !== "set-cookie") out.set(name, value);
    });
  }
  return out;
}

/** The `headers` export of a route whose action may answer with headers of its own. */
export function keepActionHeaders({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
}): Headers {
  return mergeRouteHeaders(loaderHeaders, actionHeaders);
}
