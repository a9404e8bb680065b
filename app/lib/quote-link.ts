// The address of the quote form as a page (/quote), remembering the page the visitor was on so
// the page can offer the way back. Only paths on this site are kept (never another origin).
import { isSitePath } from "./lead-source";

/** The page the visitor came from, if it is one of ours and not the quote page itself. */
export function quoteReturnPath(value: string | null | undefined): string | null {
  return value && isSitePath(value) && !/^\/quote(?:[/?#]|$)/.test(value) ? value : null;
}

/**
 * /quote, with ?from= the current page (except the home page, the default way back). Encoded as
 * a form encodes it (URLSearchParams): the page's canonical URL (lib/canonical-url.server.ts),
 * so following the link costs no redirect.
 */
export function quoteHref(from: string): string {
  const back = quoteReturnPath(from);
  return back && back !== "/" ? `/quote?${new URLSearchParams({ from: back })}` : "/quote";
}
