// /admin/login (SPEC §2, §5): e-mail and password, errors in a red box above the form, then the
// dashboard or the admin page that sent the visitor here. A native form that works without
// JavaScript; with it, conform checks fields as they are left. The server decides everything:
// remix-auth's FormStrategy checks the credentials (auth.server.ts), failures are throttled per
// account and address, and success starts a fresh server-side session.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import {
  FlashMessage,
  FormErrors,
  InputField,
  SubmitButton,
} from "~/components/admin/form-controls";
import { loginSchema } from "~/domain/admin";
import { getAdmin, safeRedirectTo, signIn } from "~/domain/auth.server";
import { throttledMessage } from "~/domain/login-throttle.server";
import { adminMeta, mergeHeaders } from "~/lib/admin-meta";
import { clientIp } from "~/lib/client-ip.server";
import { readFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { Route } from "./+types/login";

/** One message for an unknown e-mail and a wrong password: it tells nobody which e-mails exist. */
export const INVALID_CREDENTIALS = "Invalid e-mail or password.";

// Nothing about signing in belongs in a cache. The action's and loader's own headers (the 429's
// Retry-After) are kept: a headers export replaces them otherwise. Set-Cookie is merged by
// React Router itself.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  mergeHeaders(loaderHeaders, actionHeaders);

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("redirectTo");
  // Already signed in: straight on, to where the link wanted to go or the dashboard.
  if (await getAdmin(request)) throw redirect(safeRedirectTo(requested));
  const flash = await readFlash(request);
  const redirectTo = requested ? safeRedirectTo(requested, "") || null : null;
  return data({ redirectTo, flash: flash.message }, { headers: flash.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  // Cross-site posts never get here: app/server.ts refuses them (lib/same-origin.server.ts).
  // remix-auth-form reads the body itself, so the checks here read a copy.
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    const empty = parseWithZod(new FormData(), { schema: loginSchema });
    return data(
      { result: empty.reply({ formErrors: ["The form could not be read. Please try again."] }) },
      { status: 400 },
    );
  }
  const submission = parseFormWith(form, loginSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await signIn(request, { email: submission.value.email, ip: clientIp(context) });
  if (outcome.kind === "throttled") {
    return data(
      {
        result: submission.reply({
          formErrors: [throttledMessage(outcome.retryAfterMs)],
          hideFields: ["password"],
        }),
      },
      { status: 429, headers: { "Retry-After": String(Math.ceil(outcome.retryAfterMs / 1000)) } },
    );
  }
  if (outcome.kind === "invalid") {
    return data(
      { result: submission.reply({ formErrors: [INVALID_CREDENTIALS], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", outcome.setCookie);
  headers.append("Set-Cookie", outcome.deviceCookie);
  return redirect(safeRedirectTo(submission.value.redirectTo), { headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta("Sign in", loaderData?.flash);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";
  // After a refused attempt the password starts empty again, as it does without JavaScript
  // (the server never sends it back).
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData && password.current) password.current.value = "";
  }, [actionData]);
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  // The inputs point at the red box too, so it is read with them.
  const formErrorId = form.errors?.length ? form.errorId : undefined;

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <p className="text-center text-lg font-extrabold tracking-tight text-slate-900">
          Bureau <span className="font-medium text-slate-600">admin</span>
        </p>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <FlashMessage message={loaderData.flash} className="mb-6" />
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Sign in</h1>
          <p className="mt-1 text-sm text-slate-700">Sign in to manage the site's content.</p>
          <div className="mt-6 grid gap-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <Form method="post" {...getFormProps(form)} className="grid gap-5">
              {loaderData.redirectTo ? (
                <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
              ) : null}
              <InputField
                meta={fields.email}
                label="E-mail"
                type="email"
                formErrorId={formErrorId}
                autoComplete="username"
                // The page's only purpose is this form.
                autoFocus
              />
              <InputField
                meta={fields.password}
                label="Password"
                type="password"
                formErrorId={formErrorId}
                ref={password}
                autoComplete="current-password"
              />
              <SubmitButton pending={pending} pendingText="Signing in..." className="w-full">
                Sign in
              </SubmitButton>
            </Form>
          </div>
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          <a href="/" className="font-semibold text-blue-700 underline underline-offset-4">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  );
}
