// The admin layout's flash message, seen from the pages inside it.
import { useEffect, useRef } from "react";
import { useRouteLoaderData } from "react-router";
import type { FlashUndo } from "~/lib/flash";

export const ADMIN_LAYOUT_ID = "routes/admin/layout";

interface LayoutData {
  flash: string | null;
  flashKey: string | null;
  flashUndo: FlashUndo | null;
}

/**
 * The layout's flash: the message after a redirect, a new key for each message (else null) and
 * the Undo it offers, if any.
 */
export type LayoutFlash = { message: string | null; key: string | null; undo: FlashUndo | null };

export function useLayoutFlash(): LayoutFlash {
  const layout = useRouteLoaderData<LayoutData>(ADMIN_LAYOUT_ID);
  return {
    message: layout?.flash ?? null,
    key: layout?.flashKey ?? null,
    undo: layout?.flashUndo ?? null,
  };
}

/**
 * Empties a form when a success message arrives (or only the messages `when` picks). Without
 * JavaScript the redirect after success loads a fresh page; with it the same inputs stay mounted
 * and would keep what was typed (passwords included, and an e-mail that a second click would
 * report as "already exists").
 */
export function useResetOnFlash(
  form: { reset: () => void },
  when?: (message: string | null) => boolean,
): void {
  const flash = useLayoutFlash();
  // `form` is a new object on every render: reset once per message, not on every keystroke.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!flash.key || handled.current === flash.key) return;
    handled.current = flash.key;
    if (!when || when(flash.message)) form.reset();
  });
}

/** The flash message from meta's `matches`, for the page title (adminMeta). */
export function flashOf(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string | null {
  const layout = matches.find((m) => m?.id === ADMIN_LAYOUT_ID);
  const flash = (layout?.loaderData as Partial<LayoutData> | undefined)?.flash;
  return typeof flash === "string" ? flash : null;
}
