// One error page for every route: a status-specific message, never a stack trace.
// Pages inside the site layout export `PageErrorBoundary`, so their errors (a post that does
// not exist, say) render inside the shell; the root boundary uses the same content bare.
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

export function describeError(error: unknown) {
  let status = 500;
  let title = "Something went wrong";
  let message = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    // Messages React Router makes itself ("You made a POST request to … but did not provide an
    // action") are for developers; only our own responses' texts are shown to visitors.
    const ownText =
      !(error as { internal?: boolean }).internal &&
      typeof error.data === "string" &&
      error.data.length > 0 &&
      error.data.length <= 200
        ? error.data
        : null;
    if (status === 404) {
      title = "Page not found";
      message = ownText ?? "The page you are looking for does not exist.";
    } else if (status === 405) {
      title = "Not allowed";
      message = "This page does not accept that kind of request.";
    } else if (status === 503) {
      title = "We'll be right back";
      message =
        "Our site is briefly unavailable while we reconnect to our systems. Please try again in a few seconds.";
    } else if (status < 500) {
      title = "Something is not right";
      message = ownText ?? "The request could not be handled. Please check it and try again.";
    }
  }
  return { status, title, message };
}

export function ErrorContent({
  error,
  fullScreen = false,
}: {
  error: unknown;
  fullScreen?: boolean;
}) {
  const { status, title, message } = describeError(error);
  return (
    <div
      className={`mx-auto flex max-w-xl flex-col items-center justify-center gap-4 px-6 text-center ${
        fullScreen ? "min-h-screen py-8" : "py-24"
      }`}
    >
      <p className="text-sm font-semibold tracking-wide text-blue-700">Error {status}</p>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {status === 503 ? (
        <p className="font-semibold text-red-700">Error: The service is temporarily unavailable.</p>
      ) : null}
      <p className="text-slate-700">{message}</p>
      <Link
        to="/"
        className="font-semibold text-blue-700 underline underline-offset-4"
        reloadDocument={fullScreen}
      >
        Back to the home page
      </Link>
    </div>
  );
}

export function PageErrorBoundary() {
  return <ErrorContent error={useRouteError()} />;
}
