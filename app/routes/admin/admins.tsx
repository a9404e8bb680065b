// /admin/dashboard/admins: who can sign in. Lists the admins with the date each was added, adds
// one (the SPEC's registration, through registerAdmin, which the JSON API reuses), and removes
// one after a confirmation — never the last; the removed admin's sessions end at once, and
// removing yourself signs you out. Every part works without JavaScript.
//
// Adding and removing ask for the acting admin's own password again: a stolen session cookie
// alone must not be enough to give someone else a permanent account or lock the owners out.
// Wrong passwords are throttled like sign-in (auth.server.ts beginPasswordCheck). Adding is
// registerAdmin's rule, the same as the JSON API's; the other admins are e-mailed.
import { getFormProps } from "@conform-to/react";
import { UserPlusIcon } from "@phosphor-icons/react";
import { data, Form, useNavigation } from "react-router";
import { Breakable } from "~/components/admin/breakable";
import { FormErrors, InputField, SubmitButton } from "~/components/admin/form-controls";
import { RemoveAdmin } from "~/components/admin/remove-admin";
import { useEditorForm } from "~/components/admin/use-editor-form";
import { flashOf, useResetOnFlash } from "~/components/admin/use-flash";
import {
  ADD_ADMIN_INTENT,
  addAdminSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REMOVE_ADMIN_INTENT,
  WRONG_OWN_PASSWORD,
} from "~/domain/admin";
import { listAdmins, registerAdmin, removeAdmin, verifyAdminPassword } from "~/domain/admin.server";
import {
  type AdminContext,
  actorOf,
  beginPasswordCheck,
  LOGIN_PATH,
  requireAdmin,
  signOut,
} from "~/domain/auth.server";
import { throttledMessage } from "~/domain/login-throttle.server";
import { adminMeta, mergeHeaders } from "~/lib/admin-meta";
import { clientIp } from "~/lib/client-ip.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import { formatDate, isoDate } from "~/lib/format";
import type { Route } from "./+types/admins";

const PAGE = "/admin/dashboard/admins";
const SECRET_FIELDS = ["password", "currentPassword"];

// Keeps the 429's Retry-After (a headers export replaces the action's headers otherwise).
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  mergeHeaders(loaderHeaders, actionHeaders);

type OwnPasswordCheck =
  | { ok: true }
  | { ok: false; kind: "throttled"; retryAfterMs: number }
  | { ok: false; kind: "wrong" };

/** The acting admin's own password, throttled under their account like a sign-in. */
async function checkOwnPassword(
  request: Request,
  ip: string,
  actor: AdminContext,
  password: string,
): Promise<OwnPasswordCheck> {
  const check = await beginPasswordCheck(request, { email: actor.admin.email, ip });
  if (check.kind === "throttled") {
    return { ok: false, kind: "throttled", retryAfterMs: check.retryAfterMs };
  }
  if (!(await verifyAdminPassword(actor.admin._id, password))) return { ok: false, kind: "wrong" };
  await check.attempt.succeeded();
  return { ok: true };
}

const retryAfter = (ms: number) => ({ "Retry-After": String(Math.ceil(ms / 1000)) });

/** A wrong own password stays a 400 here (the form's answer), as before. */
const ADD_STATUS = {
  forbidden: 403,
  reauth: 400,
  throttled: 429,
  invalid: 400,
  conflict: 409,
  "not-found": 404,
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const { admin } = await requireAdmin(request);
  const admins = await listAdmins();
  return {
    admins: admins.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    currentAdminId: admin._id,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ result: null, removeError: "The form could not be read." }, { status: 400 });
  }
  switch (form.get("intent")) {
    case ADD_ADMIN_INTENT: {
      const submission = parseFormWith(form, addAdminSchema);
      if (submission.status !== "success") {
        return data(
          { result: submission.reply({ hideFields: SECRET_FIELDS }), removeError: null },
          { status: 400 },
        );
      }
      // The acting admin's own password, the throttle, the audit entry and the e-mail to the
      // other admins are registerAdmin's, as for POST /api/auth/register.
      const added = await registerAdmin(submission.value, actorOf(actor.admin, context), () =>
        beginPasswordCheck(request, { email: actor.admin.email, ip: clientIp(context) }),
      );
      if (!added.ok) {
        const reply = added.field
          ? submission.reply({
              fieldErrors: { [added.field]: [added.message] },
              hideFields: SECRET_FIELDS,
            })
          : submission.reply({ formErrors: [added.message], hideFields: SECRET_FIELDS });
        const status = ADD_STATUS[added.code];
        const headers = added.retryAfterMs ? retryAfter(added.retryAfterMs) : undefined;
        return data({ result: reply, removeError: null }, { status, headers });
      }
      return redirectWithFlash(PAGE, `Admin ${added.admin.email} added. They can sign in now.`);
    }
    case REMOVE_ADMIN_INTENT: {
      const id = String(form.get("id") ?? "");
      const currentPassword = String(form.get("currentPassword") ?? "");
      if (!currentPassword || currentPassword.length > 1024) {
        return data(
          { result: null, removeError: "Enter your current password to remove an admin." },
          { status: 400 },
        );
      }
      const own = await checkOwnPassword(request, clientIp(context), actor, currentPassword);
      if (!own.ok) {
        return own.kind === "throttled"
          ? data(
              { result: null, removeError: throttledMessage(own.retryAfterMs) },
              { status: 429, headers: retryAfter(own.retryAfterMs) },
            )
          : data({ result: null, removeError: WRONG_OWN_PASSWORD }, { status: 400 });
      }
      const removed = await removeAdmin(id, actorOf(actor.admin, context));
      if (!removed.ok) {
        const status = removed.code === "not-found" ? 404 : 409;
        return data({ result: null, removeError: removed.message }, { status });
      }
      if (id === actor.admin._id) {
        // Their sessions, this one included, are gone: make the browser forget it too.
        const clearCookie = await signOut(request);
        return redirectWithFlash(
          LOGIN_PATH,
          "Your admin account was removed. You have been signed out.",
          { headers: { "Set-Cookie": clearCookie } },
        );
      }
      return redirectWithFlash(PAGE, `Admin ${removed.email} removed and signed out.`);
    }
    default:
      return data({ result: null, removeError: "Unknown action." }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Admins", flashOf(matches));

const REMOVE_ERROR_ID = "remove-admin-error";

export default function Admins({ loaderData, actionData }: Route.ComponentProps) {
  const { admins, currentAdminId } = loaderData;
  const navigation = useNavigation();
  const adding =
    navigation.state === "submitting" && navigation.formData?.get("intent") === ADD_ADMIN_INTENT;
  const [form, fields] = useEditorForm(addAdminSchema, {
    id: "add-admin",
    lastResult: actionData?.result,
  });
  const onlyOne = admins.length < 2;
  useResetOnFlash(form);
  // The inputs point at the red box above the form too, so it is read with them.
  const formErrorId = form.errors?.length ? form.errorId : undefined;

  return (
    <>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admins</h1>
        <p className="mt-2 text-slate-700">
          Everyone listed here can sign in and change the whole site.
        </p>
      </header>

      <section
        aria-labelledby="admins-list"
        className="rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <h2 id="admins-list" className="px-6 pt-6 text-lg font-semibold text-slate-900">
          {admins.length} {admins.length === 1 ? "admin" : "admins"}
        </h2>
        {actionData?.removeError ? (
          <div className="px-6 pt-4">
            <FormErrors id={REMOVE_ERROR_ID} errors={[actionData.removeError]} />
          </div>
        ) : null}
        <div className="overflow-x-auto">
          <table className="mt-4 w-full text-left text-sm">
            <thead className="border-y border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 sm:px-6 font-semibold">
                  E-mail
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell sm:px-6 font-semibold">
                  Added
                </th>
                <th scope="col" className="px-4 py-3 sm:px-6 text-right font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {admins.map((a) => (
                <tr key={a._id} className="align-top">
                  <td className="px-4 py-4 sm:px-6 font-medium [overflow-wrap:anywhere] text-slate-900">
                    <Breakable text={a.email} />
                    {a._id === currentAdminId ? (
                      <span className="ml-2 inline-block rounded-full whitespace-nowrap bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800 ring-1 ring-blue-200">
                        You
                      </span>
                    ) : null}
                    {/* Phones: the date sits under the address instead of in its own column. */}
                    <span className="mt-1 block text-xs font-normal text-slate-600 sm:hidden">
                      Added {formatDate(a.createdAt)}
                    </span>
                  </td>
                  <td className="hidden px-4 py-4 sm:table-cell sm:px-6 whitespace-nowrap text-slate-700">
                    <time dateTime={isoDate(a.createdAt)}>{formatDate(a.createdAt)}</time>
                  </td>
                  <td className="px-4 py-4 sm:px-6 text-right">
                    {onlyOne ? (
                      <span className="text-sm text-slate-600">Last admin: cannot be removed</span>
                    ) : (
                      <RemoveAdmin
                        id={a._id}
                        email={a.email}
                        isSelf={a._id === currentAdminId}
                        errorId={actionData?.removeError ? REMOVE_ERROR_ID : undefined}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section
        aria-labelledby="add-admin-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2
          id="add-admin-heading"
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <UserPlusIcon aria-hidden="true" className="h-5 w-5 text-blue-700" />
          Add an admin
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Give the new admin their password in person or by phone, never in the same e-mail as the
          address.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-5 grid max-w-lg gap-5">
          <input type="hidden" name="intent" value={ADD_ADMIN_INTENT} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <InputField
            meta={fields.email}
            label="E-mail"
            type="email"
            formErrorId={formErrorId}
            autoComplete="off"
          />
          <InputField
            meta={fields.password}
            label="Password"
            hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters and hard to guess: a few unrelated words make a good one.`}
            type="password"
            formErrorId={formErrorId}
            autoComplete="new-password"
          />
          <InputField
            meta={fields.currentPassword}
            label="Your current password"
            hint="Asked again so that a borrowed or stolen session cannot add admins."
            type="password"
            formErrorId={formErrorId}
            autoComplete="current-password"
          />
          <div>
            <SubmitButton pending={adding} pendingText="Adding...">
              Add admin
            </SubmitButton>
          </div>
        </Form>
      </section>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
