// First: configures zod in the browser before any schema is built (see there).
import "./lib/zod-jitless";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { ErrorContent } from "~/components/site/error-page";
import { useNonce } from "~/lib/nonce";
import type { Route } from "./+types/root";
import "./app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  // The response's CSP nonce on the server (docs/decisions/014-content-security-policy.md).
  const nonce = useNonce();
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Errors outside the site layout (or in the layout itself): the shared error page, bare. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main>
      <ErrorContent error={error} fullScreen />
    </main>
  );
}
