// The quote modal, with JavaScript: a native <dialog> opened with showModal,
// so the rest of the page is inert and Escape closes it. On top of that:
// - focus goes to the first field on open, stays inside while open (Tab wraps around), and
//   returns to whatever opened it on close;
// - after a successful submission the form clears, the success message goes after 3 s and
//   the modal closes after 4 s, unless the visitor types, clicks or tabs inside the form in
//   that window;
// - max width 3xl and 90% of the viewport height, scrolling inside.
// Without JavaScript, Get Quotes leads to /quote, which shows the same form as a page.
import { useEffect, useRef } from "react";
import { PrefetchPageLinks } from "react-router";
import { Icon } from "~/components/icon/icon";
import { QuoteForm } from "./quote-form";
import type { VisitorFormReply } from "./visitor-form";

/** The modal closes itself 4000 ms after a successful submission. */
export const QUOTE_AUTO_CLOSE_MS = 4000;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Focus back to what opened the modal. If that is gone or hidden (the link inside the mobile
 * menu, which closed when it was tapped), to the menu's toggle, else to a visible Get Quotes.
 * A link in a closed <details> still has a box in Chromium (its content is only
 * content-visibility: hidden) and silently refuses focus, so visibility is asked with
 * checkVisibility where the browser has it, and a candidate counts only once it took focus.
 */
function returnFocus(opener: HTMLElement | null) {
  const visible = (element: Element | null): element is HTMLElement =>
    element instanceof HTMLElement &&
    element !== document.body &&
    element.isConnected &&
    (typeof element.checkVisibility === "function"
      ? element.checkVisibility()
      : element.getClientRects().length > 0);
  const candidates = [
    opener,
    ...Array.from(document.querySelectorAll('[aria-haspopup="dialog"]')),
    document.querySelector("header details > summary"),
  ].filter(visible);
  for (const candidate of candidates) {
    candidate.focus();
    if (document.activeElement === candidate) return;
  }
}

export function QuoteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dismissMessage = useRef<() => void>(() => {});

  const cancelAutoClose = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      element.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1'])")?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // No timer may outlive the dialog.
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const onReply = (reply: VisitorFormReply) => {
    cancelAutoClose();
    if (reply.ok)
      closeTimer.current = setTimeout(() => dialog.current?.close(), QUOTE_AUTO_CLOSE_MS);
  };

  // Fires however the dialog closed: the close button, Escape, or the timer.
  const handleClose = () => {
    cancelAutoClose();
    dismissMessage.current();
    onClose();
    returnFocus(opener.current);
    opener.current = null;
  };

  // Keeps Tab inside: from the last control to the first, and back with Shift+Tab.
  const trapFocus = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (item) => item.offsetParent !== null || item === document.activeElement,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="quote-dialog-title"
      onClose={handleClose}
      onKeyDown={trapFocus}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-3xl overflow-y-auto overscroll-contain rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 backdrop:backdrop-blur-sm"
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-6 py-4 sm:px-8">
        <div>
          <h2 id="quote-dialog-title" className="text-xl font-bold tracking-tight sm:text-2xl">
            Get a Free Quote
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Tell us about your project and we will reply within one working day.
          </p>
        </div>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="-mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          <Icon name="x" className="h-6 w-6" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      {/* The form posts to /quote, whose route code loads on first use: fetch it while the
          visitor types, so a connection lost meanwhile still gets 'Submission failed' in the
          form instead of the browser's offline page (React Router falls back to a full page
          post when it cannot load the route). */}
      {open ? <PrefetchPageLinks page="/quote" /> : null}
      <div className="px-6 py-6 sm:px-8">
        <QuoteForm
          id="quote-dialog"
          onReply={onReply}
          onInteract={cancelAutoClose}
          dismissRef={dismissMessage}
        />
      </div>
    </dialog>
  );
}
