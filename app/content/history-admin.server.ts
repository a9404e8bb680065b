// The loader and action of the history page, /admin/dashboard/history/<entity>/<id> (a single
// document: /admin/dashboard/history/<entity>), for every content type. The session first, then
// which record the address names (anything else is a 404), then one page of its revisions; the
// action restores one of them as a draft and comes back to the page with a flash.
import type { RouterContextProvider } from "react-router";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { notFound, readForm } from "~/lib/admin-crud.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parsePage } from "~/lib/pagination";
import { formatAt, HISTORY_TEXTS, RESTORE_INTENT, restoredMessage } from "./history";
import {
  editorHref,
  type HistoryTarget,
  historyHref,
  historyTarget,
  recordName,
  restoreRevision,
  revisionPage,
} from "./history.server";

/** The record the address names, or a 404: a known type, with an id exactly when it needs one. */
function targetOf(params: { entity?: string; id?: string }): {
  target: HistoryTarget;
  id: string | null;
} {
  const target = historyTarget(params.entity ?? "");
  if (!target) notFound(HISTORY_TEXTS.notFound);
  if (target.kind === "collection" && !params.id) notFound(HISTORY_TEXTS.notFound);
  if (target.kind === "document" && params.id) notFound(HISTORY_TEXTS.notFound);
  return { target, id: target.kind === "collection" ? (params.id as string) : null };
}

interface Args {
  request: Request;
  params: { entity?: string; id?: string };
  context: Readonly<RouterContextProvider>;
}

export async function historyLoader({ request, params }: Omit<Args, "context">) {
  await requireAdmin(request);
  const { target, id } = targetOf(params);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const list = await revisionPage(target, id, page);
  // A record without revisions and without a record (a made-up id) is nothing to show.
  const name = await recordName(target, id, list.items[0]?.summary);
  if (!name.exists && list.total === 0) notFound(HISTORY_TEXTS.notFound);
  return {
    ...list,
    title: name.title,
    editorHref: name.exists ? editorHref(target, id) : null,
    hrefBase: historyHref(target.entity, id),
  };
}

export async function historyAction({ request, params, context }: Args) {
  const { admin } = await requireAdmin(request);
  const { target, id } = targetOf(params);
  const form = await readForm(request);
  if (form.get("intent") !== RESTORE_INTENT) {
    throw new Response(HISTORY_TEXTS.badIntent, { status: 400 });
  }
  const revision = String(form.get("revision") ?? "");
  const outcome = await restoreRevision(target, id, revision, actorOf(admin, context));
  if (outcome.status !== "restored") {
    notFound(outcome.status === "no-revision" ? HISTORY_TEXTS.noRevision : HISTORY_TEXTS.noRecord);
  }
  return redirectWithFlash(
    historyHref(target.entity, id),
    restoredMessage(formatAt(outcome.from), outcome.picturesGone),
  );
}
