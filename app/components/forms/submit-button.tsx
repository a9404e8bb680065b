// A submit button that says what it is doing while its form is being sent.
import type { ComponentProps } from "react";

/**
 * Not `disabled` while pending: disabling the focused button drops the focus to <body>, and a
 * screen reader user loses their place. aria-disabled says it, and a click (or Enter in a field,
 * which clicks the submit button) while pending is ignored, so nothing is sent twice.
 */
export function SubmitButton({
  pending,
  pendingText,
  children,
  variant = "primary",
  className = "",
  onClick,
  ...props
}: ComponentProps<"button"> & {
  pending: boolean;
  pendingText: string;
  variant?: "primary" | "danger";
}) {
  const colours =
    variant === "danger"
      ? "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700"
      : "bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700";
  return (
    <button
      type="submit"
      aria-disabled={pending}
      className={`inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 aria-disabled:cursor-wait aria-disabled:opacity-70 ${colours} ${className}`}
      {...props}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {pending ? pendingText : children}
    </button>
  );
}
