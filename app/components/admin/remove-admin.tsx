// The Admins page's Remove control: a <details> that asks for the confirmation without
// JavaScript (the first click only opens it), and the acting admin's own password again.
import { TrashIcon } from "@phosphor-icons/react";
import { Form, useNavigation } from "react-router";
import { inputClass, SubmitButton } from "~/components/admin/form-controls";
import { REMOVE_ADMIN_INTENT } from "~/domain/admin";

export function RemoveAdmin({
  id,
  email,
  isSelf,
  errorId,
}: {
  id: string;
  email: string;
  isSelf: boolean;
  /** The removal error box's id, while it shows. */
  errorId?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === REMOVE_ADMIN_INTENT &&
    navigation.formData?.get("id") === id;
  // <details> asks for the confirmation without JavaScript: the first click only opens it.
  return (
    <details className="group">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
        <TrashIcon aria-hidden="true" className="h-4 w-4" />
        <span className="group-open:hidden">Remove</span>
        <span className="hidden group-open:inline">Cancel</span>
        <span className="sr-only"> {email}</span>
      </summary>
      <div className="mt-3 grid gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-left">
        <p className="text-sm text-red-900">
          {isSelf
            ? "Remove your own account? You will be signed out at once and cannot sign in again with it."
            : `Remove ${email}? Their sessions end at once and they can no longer sign in.`}
        </p>
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value={REMOVE_ADMIN_INTENT} />
          <input type="hidden" name="id" value={id} />
          <div className="grid gap-1.5">
            <label htmlFor={`remove-${id}-password`} className="text-sm font-semibold text-red-950">
              Your current password
            </label>
            <input
              id={`remove-${id}-password`}
              name="currentPassword"
              type="password"
              required
              maxLength={1024}
              autoComplete="current-password"
              aria-describedby={errorId}
              className={inputClass}
            />
          </div>
          <div>
            <SubmitButton variant="danger" pending={pending} pendingText="Removing...">
              {isSelf ? "Yes, remove my account" : `Yes, remove ${email}`}
            </SubmitButton>
          </div>
        </Form>
      </div>
    </details>
  );
}
