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

export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  // Set by any form submission on the page, for the navigation that submission starts.
  const submitting = useRef(false);
  useEffect(() => {
    const onSubmit = () => {
      submitting.current = true;
      // A submit that does not navigate (refused by the browser's checks) clears it at once.
      setTimeout(() => {
        submitting.current = false;
      }, 0);
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
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
