// Leaving an editor with unsaved changes asks first (with JavaScript; without it the browser
// has nothing to ask with). A link or a back button inside the app is held by React Router's
// blocker and a dialog asks "Leave without saving?"; closing the tab or reloading gets the
// browser's own question (beforeunload). Saving the form itself is never held: a submit from
// the page lets its navigation through.
import { WarningIcon } from "@phosphor-icons/react";
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { secondaryLinkClass } from "./list-controls";

export const LEAVE_QUESTION = "Leave without saving?";
export const LEAVE_DETAIL =
  "Your changes to this form are not saved yet. They are lost if you leave.";

/**
 * `value`: the form's values as conform reads them from the page. The form is changed when its
 * own fields differ from what they were when it opened (or when `resetKey` last changed): a
 * comparison with what the page first showed, not with conform's default values, which leave
 * out what a field shows by itself (a select's first option). `unsaved`: the page shows a form
 * the server sent back unsaved (refused, or with a row added or removed), changed already.
 */
export function UnsavedChangesGuard({
  value,
  own,
  unsaved = false,
  resetKey,
}: {
  value: unknown;
  own: ReadonlySet<string>;
  unsaved?: boolean;
  resetKey?: string;
}) {
  const current = JSON.stringify(
    Object.entries((value ?? {}) as Record<string, unknown>).filter(([name]) => own.has(name)),
  );
  // Until the first keystroke or pick on the page, what the form holds is what it opened with
  // (conform fills in what the page shows by itself, a select's first option, after hydrating).
  const baseline = useRef<{ key: string | undefined; value: string; touched: boolean } | null>(
    null,
  );
  if (baseline.current === null || baseline.current.key !== resetKey) {
    baseline.current = { key: resetKey, value: current, touched: false };
  } else if (!baseline.current.touched) {
    baseline.current.value = current;
  }
  useEffect(() => {
    const touch = () => {
      if (baseline.current) baseline.current.touched = true;
    };
    document.addEventListener("input", touch, true);
    document.addEventListener("change", touch, true);
    return () => {
      document.removeEventListener("input", touch, true);
      document.removeEventListener("change", touch, true);
    };
  }, []);
  const dirty = unsaved || current !== baseline.current.value;

  // Set by any form submission on the page, for the navigation that submission starts. Capture
  // phase: React Router's <Form> checks the blocker inside its own submit handler. Afterwards
  // (bubble phase), a submission that was handled in the page (a client navigation, already
  // past the blocker) or refused by the browser's checks clears it; a native submission (a
  // form posted as a document) keeps it until the page unloads, so beforeunload lets it go.
  const submitting = useRef(false);
  useEffect(() => {
    const starting = () => {
      submitting.current = true;
    };
    const settled = (event: Event) => {
      if (event.defaultPrevented) submitting.current = false;
    };
    document.addEventListener("submit", starting, true);
    document.addEventListener("submit", settled);
    return () => {
      document.removeEventListener("submit", starting, true);
      document.removeEventListener("submit", settled);
    };
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submitting.current) return;
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (blocker.state === "blocked" && !element.open) element.showModal();
    if (blocker.state !== "blocked" && element.open) element.close();
  }, [blocker.state]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="unsaved-changes-title"
      aria-describedby="unsaved-changes-detail"
      // Escape closes the dialog: that means staying.
      onCancel={() => blocker.reset?.()}
      className="m-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="flex items-start gap-3">
        <WarningIcon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-amber-600" />
        <div>
          <h2 id="unsaved-changes-title" className="text-lg font-semibold text-slate-900">
            {LEAVE_QUESTION}
          </h2>
          <p id="unsaved-changes-detail" className="mt-1 text-sm text-slate-700">
            {LEAVE_DETAIL}
          </p>
        </div>
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        {/* First, so showModal() gives it the focus: staying is the safe choice. */}
        <button
          type="button"
          onClick={() => blocker.reset?.()}
          className="inline-flex items-center justify-center rounded-lg bg-blue-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          Stay on this page
        </button>
        <button type="button" onClick={() => blocker.proceed?.()} className={secondaryLinkClass}>
          Leave without saving
        </button>
      </div>
    </dialog>
  );
}
