// /admin/login: e-mail and password (both required), errors in a red box above the form, then the
// dashboard or the admin page that sent the visitor here. A native form that works without
// JavaScript; with it, conform checks fields as they are left. The server decides everything:
// remix-auth's FormStrategy checks the credentials (auth.server.ts), failures are throttled per
// address and per account and address, and success starts a fresh server-side session. While
// the account is under attack, a browser without a device cookie gets a second step instead,
// whether the password was right or wrong (only a right one gets a code e-mailed): the 6-digit
// code (domain/sign-in-code.server.ts), asked for by a second form (intent "code") that
// carries the e-mail and the challenge in hidden fields.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import {
  FlashMessage,
  FormErrors,
  InputField,
  SubmitButton,
} from "~/components/admin/form-controls";
import { loginSchema, signInCodeSchema } from "~/domain/admin";
import { getAdmin, safeRedirectTo, signIn, signInWithCode } from "~/domain/auth.server";
import { throttledMessage } from "~/domain/login-throttle.server";
import { NO_CODE_MESSAGE, wrongCodeMessage } from "~/domain/sign-in-code.server";
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

const retryAfter = (ms: number) => ({ "Retry-After": String(Math.ceil(ms / 1000)) });

/** The second step's state: the e-mail and challenge go back in hidden fields. */
interface CodeStep {
  email: string;
  challenge: string;
  redirectTo: string | null;
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
  if (form.get("intent") === "code") return codeAction(request, form, clientIp(context));
  const submission = parseFormWith(form, loginSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await signIn(request, { email: submission.value.email, ip: clientIp(context) });
  const refuse = (message: string, status: number, headers?: Record<string, string>) =>
    data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { status, headers },
    );
  switch (outcome.kind) {
    case "throttled":
      return refuse(throttledMessage(outcome.retryAfterMs), 429, retryAfter(outcome.retryAfterMs));
    case "invalid":
      return refuse(INVALID_CREDENTIALS, 400);
    // Right password or wrong: this answer must not tell (login-throttle.server.ts).
    case "code-step": {
      const step: CodeStep = {
        email: outcome.email,
        challenge: outcome.challenge,
        redirectTo: submission.value.redirectTo ?? null,
      };
      // Not an error: the next step. A fresh form, nothing in it yet.
      return data({ result: undefined, step });
    }
    case "signed-in":
      return signedIn(outcome, submission.value.redirectTo);
  }
}

function signedIn(outcome: { setCookie: string; deviceCookie: string }, redirectTo: unknown) {
  const headers = new Headers();
  headers.append("Set-Cookie", outcome.setCookie);
  headers.append("Set-Cookie", outcome.deviceCookie);
  return redirect(safeRedirectTo(redirectTo), { headers });
}

async function codeAction(request: Request, form: FormData, ip: string) {
  const submission = parseFormWith(form, signInCodeSchema);
  // The step as posted, so the code form shows again with the error beside the field.
  const posted = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 320) : "";
  };
  const step: CodeStep = {
    email: posted("email"),
    challenge: posted("challenge"),
    redirectTo: posted("redirectTo") || null,
  };
  if (submission.status !== "success") {
    return data({ result: submission.reply(), step }, { status: 400 });
  }
  const outcome = await signInWithCode(request, { ...submission.value, ip });
  switch (outcome.kind) {
    case "throttled":
      return data(
        {
          result: submission.reply({
            fieldErrors: { code: [throttledMessage(outcome.retryAfterMs)] },
          }),
          step,
        },
        { status: 429, headers: retryAfter(outcome.retryAfterMs) },
      );
    case "wrong":
      return data(
        {
          result: submission.reply({
            fieldErrors: { code: [wrongCodeMessage(outcome.triesLeft)] },
          }),
          step,
        },
        { status: 400 },
      );
    case "none":
      return data(
        { result: submission.reply({ fieldErrors: { code: [NO_CODE_MESSAGE] } }), step },
        { status: 400 },
      );
    case "signed-in":
      return signedIn(outcome, submission.value.redirectTo);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => adminMeta("Sign in", loaderData?.flash);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const step = actionData && "step" in actionData ? actionData.step : null;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <p className="text-center text-lg font-extrabold tracking-tight text-slate-900">
          Bureau <span className="font-medium text-slate-600">admin</span>
        </p>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <FlashMessage message={loaderData.flash} className="mb-6" />
          {step ? (
            // A new challenge is a new form: its fields start empty.
            <CodeForm key={step.challenge} step={step} lastResult={actionData?.result} />
          ) : (
            <PasswordForm redirectTo={loaderData.redirectTo} actionData={actionData} />
          )}
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

function usePending() {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formMethod === "POST";
}

function PasswordForm({
  redirectTo,
  actionData,
}: {
  redirectTo: string | null;
  actionData: Route.ComponentProps["actionData"];
}) {
  const pending = usePending();
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
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Sign in</h1>
      <p className="mt-1 text-sm text-slate-700">Sign in to manage the site's content.</p>
      <div className="mt-6 grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Form method="post" {...getFormProps(form)} className="grid gap-5">
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
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
    </>
  );
}

function CodeForm({
  step,
  lastResult,
}: {
  step: { email: string; challenge: string; redirectTo: string | null };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = usePending();
  const [form, fields] = useForm({
    id: "admin-login-code",
    lastResult,
    constraint: getZodConstraint(signInCodeSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInCodeSchema }),
  });
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Enter the sign-in code</h1>
      <p className="mt-1 text-sm text-slate-700">
        This account has recently had many failed sign-ins from elsewhere, so signing in from a new
        device needs a code as well as the password. If the password was right, we e-mailed a
        6-digit code to {step.email}: it works once, for 10 minutes.
      </p>
      <div className="mt-6 grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Form method="post" {...getFormProps(form)} className="grid gap-5">
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="email" value={step.email} />
          <input type="hidden" name="challenge" value={step.challenge} />
          {step.redirectTo ? (
            <input type="hidden" name="redirectTo" value={step.redirectTo} />
          ) : null}
          <InputField
            meta={fields.code}
            label="Code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            // The step's only purpose is this field.
            autoFocus
          />
          <SubmitButton pending={pending} pendingText="Checking..." className="w-full">
            Sign in
          </SubmitButton>
        </Form>
        <p className="text-sm text-slate-700">
          No e-mail (check the password), or the code no longer works?{" "}
          <a
            href={
              step.redirectTo
                ? `/admin/login?${new URLSearchParams({ redirectTo: step.redirectTo })}`
                : "/admin/login"
            }
            className="font-semibold text-blue-700 underline underline-offset-4"
          >
            Start again
          </a>{" "}
          to get a new one (at most 5 are e-mailed in 15 minutes).
        </p>
      </div>
    </>
  );
}
