// /preview/<token>: a private preview link (issue 24; domain/preview-link.server.ts). A usable
// link counts the use, hands the browser the preview cookie (until the link expires; not an
// admin session) and sends it to the page that shows the record, where the draft is shown under
// a "Preview" banner. A link that expired or was revoked says so (410); any other token is
// unknown (404). Never cached, never indexed.
//
// POST /preview/exit is the Preview banner's Exit preview button: it clears the cookie and goes
// back to the page the client was on, now as any visitor sees it. The link itself stays usable
// until it expires or is revoked.
import { data, Link, redirect } from "react-router";
import { previewPage } from "~/content/kit/preview.server";
import {
  clearPreviewCookieHeader,
  findPreviewLink,
  previewCookieHeader,
} from "~/domain/preview-link.server";
import { PREVIEW_HEADERS } from "~/domain/preview-request.server";
import type { Route } from "./+types/preview";

const TEXTS = {
  unknown: {
    title: "Preview link not found",
    text: "This preview link does not exist. Check that the whole address was copied.",
  },
  expired: {
    title: "Preview link expired",
    text: "This preview link has expired. Ask the person who sent it for a new one.",
  },
  revoked: {
    title: "Preview link revoked",
    text: "This preview link was revoked. Ask the person who sent it for a new one.",
  },
} as const;

export async function loader({ params }: Route.LoaderArgs) {
  const token = params.token ?? "";
  const opened = await findPreviewLink(token, { count: true });
  const page = opened.ok ? previewPage(opened.target) : null;
  if (opened.ok && page) {
    const headers = new Headers(PREVIEW_HEADERS);
    headers.append("Set-Cookie", await previewCookieHeader(token, opened.expiresAt));
    // 303: the page is fetched with GET whatever brought the client here.
    throw redirect(page, { status: 303, headers });
  }
  const reason = opened.ok ? "unknown" : opened.reason;
  return data({ reason }, { status: reason === "unknown" ? 404 : 410, headers: PREVIEW_HEADERS });
}

/** A path on this site ("/blog/…"), never another site ("//evil.example", "/\\evil"). */
function backTo(value: FormDataEntryValue | null | undefined): string {
  const path = typeof value === "string" ? value : "";
  return /^\/(?![/\\])\S*$/.test(path) ? path : "/";
}

export async function action({ request, params }: Route.ActionArgs) {
  // Only Exit preview posts here; a post to a link's own address is not a thing.
  if (params.token !== "exit") throw data("Not found", { status: 404 });
  const form = await request.formData().catch(() => null);
  const headers = new Headers(PREVIEW_HEADERS);
  headers.append("Set-Cookie", await clearPreviewCookieHeader());
  throw redirect(backTo(form?.get("back")), { status: 303, headers });
}

export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: TEXTS[loaderData?.reason ?? "unknown"].title },
  { name: "robots", content: "noindex, nofollow" },
];

export default function PreviewRefused({ loaderData }: Route.ComponentProps) {
  const { title, text } = TEXTS[loaderData.reason];
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">Preview</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">{text}</p>
      <p className="mt-8">
        <Link to="/" className="font-semibold text-blue-700 underline">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
