import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Shared error page: a status-specific message, never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let status = 500;
  let title = "Something went wrong";
  let message = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    if (status === 404) {
      title = "Page not found";
      message = "The page you are looking for does not exist.";
    } else if (status === 503) {
      title = "We'll be right back";
      message =
        "Our site is briefly unavailable while we reconnect to our systems. Please try again in a few seconds.";
    } else if (status < 500 && typeof error.data === "string" && error.data) {
      title = error.statusText || title;
      message = error.data;
    }
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-sm font-semibold tracking-wide text-blue-700">Error {status}</p>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-700">{message}</p>
      <a href="/" className="font-semibold text-blue-700 underline underline-offset-4">
        Back to the home page
      </a>
    </main>
  );
}
