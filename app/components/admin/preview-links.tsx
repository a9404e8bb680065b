// The "Preview links" panel of every editor (issue 24): Create link makes a private link that
// shows this record's draft on the site to someone without an account; the new address is shown
// once, to copy (only its hash is kept). Below, the record's links with when they were made,
// until when they work, how often they were opened, and Revoke. Plain POST forms (the editor's
// own action answers them, content/kit/preview.server.ts); with JavaScript they post through a
// fetcher and the page stays where it is.
import { useActionData, useFetcher } from "react-router";
import { dangerLink } from "~/components/admin/confirm-delete";
import {
  type CreatedPreview,
  PREVIEW_CREATE_INTENT,
  PREVIEW_ID_FIELD,
  PREVIEW_REVOKE_INTENT,
  type PreviewAnswer,
  type PreviewLink,
} from "~/content/kit/preview";
import { formatDateTime } from "~/lib/format";

const buttonClass =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-disabled:cursor-wait aria-disabled:opacity-70";

const STATE_LABEL: Record<PreviewLink["state"], string> = {
  active: "Active",
  expired: "Expired",
  revoked: "Revoked",
};

export function PreviewLinks({
  links,
  id,
  subject,
}: {
  /** The record's links, newest first. */
  links: readonly PreviewLink[];
  /** The record's id (a collection's), posted as the editor's forms do; none for a document. */
  id?: string;
  /** What is previewed, for the buttons' accessible names ("the hero", "this post"). */
  subject: string;
}) {
  const create = useFetcher<PreviewAnswer>();
  // Without JavaScript the form posts the page itself: its answer is the route's action data.
  const routeAnswer = useActionData() as PreviewAnswer | undefined;
  const created = create.data?.previewLink ?? routeAnswer?.previewLink;
  const error = create.data?.previewError ?? routeAnswer?.previewError;
  const creating = create.state !== "idle";
  return (
    <section
      aria-labelledby="preview-links-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="preview-links-heading" className="text-lg font-semibold text-slate-900">
        Preview links
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A private link shows the draft of {subject} on the site, with a Preview banner, to anyone
        who has it (no account needed). It stops working when it expires or is revoked.
      </p>
      <create.Form method="post" className="mt-4">
        <input type="hidden" name="intent" value={PREVIEW_CREATE_INTENT} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <button
          type="submit"
          className={buttonClass}
          aria-disabled={creating}
          onClick={(event) => {
            if (creating) event.preventDefault();
          }}
        >
          {creating ? "Creating link..." : "Create preview link"}
        </button>
      </create.Form>
      <div aria-live="polite">
        {created ? <CreatedLink link={created} /> : null}
        {error ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      {links.length ? (
        <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
          {links.map((link) => (
            <LinkRow key={link.id} link={link} id={id} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-700">No preview links yet.</p>
      )}
    </section>
  );
}

function CreatedLink({ link }: { link: CreatedPreview }) {
  return (
    <div className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
      <label htmlFor="preview-link-url" className="font-semibold">
        Preview link created. Copy it now: it is shown only once.
      </label>
      <input
        id="preview-link-url"
        readOnly
        value={link.url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-2 block w-full rounded-md border border-green-300 bg-white px-2 py-1.5 font-mono text-xs text-slate-900"
      />
      <p className="mt-1">Works until {formatDateTime(link.expiresAt)}.</p>
    </div>
  );
}

function LinkRow({ link, id }: { link: PreviewLink; id?: string }) {
  const revoke = useFetcher();
  const revoking = revoke.state !== "idle";
  const made = formatDateTime(link.createdAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-700 sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="font-semibold text-slate-900">Created</dt>
        <dd>
          {made} by {link.createdBy}
        </dd>
        <dt className="font-semibold text-slate-900">
          {link.state === "revoked" ? "Revoked" : link.state === "expired" ? "Expired" : "Expires"}
        </dt>
        <dd>{formatDateTime(link.revokedAt ?? link.expiresAt)}</dd>
        <dt className="font-semibold text-slate-900">Opened</dt>
        <dd>
          {link.uses === 1 ? "once" : `${link.uses} times`}
          {link.lastUsedAt ? `, last ${formatDateTime(link.lastUsedAt)}` : ""}
        </dd>
        <dt className="font-semibold text-slate-900">State</dt>
        <dd>{STATE_LABEL[link.state]}</dd>
      </dl>
      {link.state === "active" ? (
        <revoke.Form method="post">
          <input type="hidden" name="intent" value={PREVIEW_REVOKE_INTENT} />
          {id ? <input type="hidden" name="id" value={id} /> : null}
          <input type="hidden" name={PREVIEW_ID_FIELD} value={link.id} />
          <button
            type="submit"
            className={`${dangerLink} aria-disabled:cursor-wait aria-disabled:opacity-70`}
            aria-disabled={revoking}
            onClick={(event) => {
              if (revoking) event.preventDefault();
            }}
          >
            {revoking ? "Revoking..." : "Revoke"}
            <span className="sr-only"> the link created {made}</span>
          </button>
        </revoke.Form>
      ) : null}
    </li>
  );
}
