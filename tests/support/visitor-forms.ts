// Helpers for action tests of the public forms: a request as a browser would post it (with a
// valid fill-time token, an empty honeypot and a client address), and the action arguments.
import { RouterContextProvider } from "react-router";
import { clientIpContext } from "~/lib/client-ip.server";
import { issueFormToken } from "~/lib/form-guard.server";

export interface PostOptions {
  /** The client address (default 203.0.113.10). */
  ip?: string;
  /** How long before now the form was handed out (default 10 s). */
  filledForMs?: number;
  /** Extra or overriding fields (formToken, website, _enhanced...). */
  extra?: Record<string, string>;
  /** Sent by the browser's JavaScript (fetcher) rather than natively. Default false. */
  enhanced?: boolean;
  headers?: Record<string, string>;
}

export async function formPost(
  path: string,
  fields: Record<string, string>,
  options: PostOptions = {},
) {
  const body = new URLSearchParams({
    formToken: await issueFormToken(new Date(Date.now() - (options.filledForMs ?? 10_000))),
    website: "",
    ...(options.enhanced ? { _enhanced: "1" } : {}),
    ...fields,
    ...options.extra,
  });
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...options.headers },
    body,
  });
  const context = new RouterContextProvider();
  context.set(clientIpContext, options.ip ?? "203.0.113.10");
  return { request, context, params: {} };
}

/** What an action answered: data with a status, or a redirect (thrown or returned). */
export async function runAction(
  action: (args: never) => Promise<unknown>,
  args: Awaited<ReturnType<typeof formPost>>,
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the action answered.
): Promise<{ status: number; data?: any; location?: string | null; headers?: Headers }> {
  let outcome: unknown;
  try {
    outcome = await action(args as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      headers: outcome.headers,
    };
  }
  const value = outcome as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (value && value.type === "DataWithResponseInit") {
    return {
      status: value.init?.status ?? 200,
      data: value.data,
      headers: new Headers(value.init?.headers),
    };
  }
  return { status: 200, data: outcome };
}
