// First: configures zod in the browser before any schema is built (see there).
import "./lib/zod-jitless";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { ErrorContent } from "~/components/site/error-page";
import { useNonce } from "~/lib/nonce";
import type { Route } from "./+types/root";
import "./app.css";
// The brand typeface's Latin file (the one every page needs), as the URL the build gives it: the
// same file app.css's @font-face points to.
import brandFontUrl from "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url";

// Preloaded so the text is drawn in the brand face from the first paint, rather than after the
// stylesheet has been read and the font only then requested (a fetch of fonts is always
// anonymous CORS, so the preload must be too, or it would be fetched twice).
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: brandFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

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
