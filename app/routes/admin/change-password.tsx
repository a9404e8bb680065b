// /admin/dashboard/change-password: the signed-in admin's own password. The current password is
// asked again (a borrowed, unlocked screen must not be enough); the new one passes the policy.
// Afterwards every OTHER session of this admin ends (a thief's copy included), and this one
// continues under a new id.
import { getFormProps } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import { FormErrors, InputField, SubmitButton } from "~/components/admin/form-controls";
import { useEditorForm } from "~/components/admin/use-editor-form";
import { flashOf, useResetOnFlash } from "~/components/admin/use-flash";
import { changePasswordSchema, PASSWORD_MAX, PASSWORD_MIN } from "~/domain/admin";
import { changePassword } from "~/domain/admin.server";
import { actorOf, beginPasswordCheck, requireAdmin } from "~/domain/auth.server";
import { throttledMessage } from "~/domain/login-throttle.server";
import { adminMeta, mergeHeaders } from "~/lib/admin-meta";
import { clientIp } from "~/lib/client-ip.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { Route } from "./+types/change-password";

const PAGE = "/admin/dashboard/change-password";
const SECRET_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

// Keeps the 429's Retry-After (a headers export replaces the action's headers otherwise).
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  mergeHeaders(loaderHeaders, actionHeaders);

export async function loader({ request }: Route.LoaderArgs) {
  const { admin } = await requireAdmin(request);
  return { email: admin.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, sessionId } = await requireAdmin(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const submission = parseFormWith(form, changePasswordSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  // Wrong current passwords count toward the sign-in throttle of this account: a stolen
  // session must not be a way to guess the password without limit.
  const check = await beginPasswordCheck(request, { email: admin.email, ip: clientIp(context) });
  if (check.kind === "throttled") {
    return data(
      {
        result: submission.reply({
          formErrors: [throttledMessage(check.retryAfterMs)],
          hideFields: SECRET_FIELDS,
        }),
      },
      {
        status: 429,
        headers: { "Retry-After": String(Math.ceil(check.retryAfterMs / 1000)) },
      },
    );
  }
  const changed = await changePassword({
    adminId: admin._id,
    sessionId,
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
    actor: actorOf(admin, context),
  });
  // Anything but a wrong current password means it was right.
  if (changed.ok || changed.field !== "currentPassword") await check.attempt.succeeded();
  if (!changed.ok) {
    const reply = changed.field
      ? submission.reply({
          fieldErrors: { [changed.field]: [changed.message] },
          hideFields: SECRET_FIELDS,
        })
      : submission.reply({ formErrors: [changed.message], hideFields: SECRET_FIELDS });
    return data({ result: reply }, { status: changed.code === "not-found" ? 404 : 400 });
  }
  const others = changed.endedSessions;
  const message = `Password changed.${
    others > 0
      ? ` ${others} other ${others === 1 ? "session was" : "sessions were"} signed out.`
      : ""
  }`;
  return redirectWithFlash(PAGE, message, {
    headers: changed.setCookie ? { "Set-Cookie": changed.setCookie } : undefined,
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta("Change password", flashOf(matches));

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useEditorForm(changePasswordSchema, {
    id: "change-password",
    lastResult: actionData?.result,
  });
  useResetOnFlash(form);
  // The inputs point at the red box above the form too, so it is read with them.
  const formErrorId = form.errors?.length ? form.errorId : undefined;

  return (
    <>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Change password</h1>
        <p className="mt-2 text-slate-700">
          For <span className="font-semibold">{loaderData.email}</span>. Your other sessions (other
          browsers and devices) are signed out when the password changes.
        </p>
      </header>
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <Form method="post" {...getFormProps(form)} className="grid max-w-lg gap-5">
          {/* Lets password managers file the new password under the right account. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={loaderData.email}
            readOnly
            hidden
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <InputField
            meta={fields.currentPassword}
            label="Current password"
            type="password"
            formErrorId={formErrorId}
            autoComplete="current-password"
          />
          <InputField
            meta={fields.newPassword}
            label="New password"
            hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters and hard to guess: a few unrelated words make a good one.`}
            type="password"
            formErrorId={formErrorId}
            autoComplete="new-password"
          />
          <InputField
            meta={fields.confirmPassword}
            label="Confirm new password"
            type="password"
            formErrorId={formErrorId}
            autoComplete="new-password"
          />
          <div>
            <SubmitButton pending={pending} pendingText="Changing password...">
              Change password
            </SubmitButton>
          </div>
        </Form>
      </section>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
