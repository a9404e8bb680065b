// Any unknown URL: HTTP 404 so crawlers don't index it, and a page that helps the visitor on
// instead of a dead end (issue 3 replaced the original app's bare 'NotFoundPage' text).
import { data, Link } from "react-router";
import { seo, siteInfo } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({
    site: siteInfo(matches),
    title: "Page not found",
    description: "The page you are looking for does not exist.",
    path: location.pathname,
    noindex: true,
  });

const SUGGESTIONS = [
  { to: "/", label: "Home", text: "Start from the beginning." },
  { to: "/services", label: "Services", text: "What we design, build and grow." },
  { to: "/internships", label: "Career", text: "Open internships and how to apply." },
  { to: "/blog", label: "Blog", text: "Articles from our team." },
  { to: "/contact", label: "Contact", text: "Ask us anything." },
] as const;

export default function NotFoundPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">Error 404</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        Page not found
      </h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">
        The page you are looking for does not exist or has moved. These pages might help:
      </p>
      <ul className="mt-10 grid gap-4 text-left sm:grid-cols-2">
        {SUGGESTIONS.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              className="block rounded-xl border border-slate-200 p-5 transition-colors hover:border-blue-300 hover:bg-blue-50"
            >
              <span className="font-semibold text-blue-700">{s.label}</span>
              <span className="mt-1 block text-sm text-slate-700">{s.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
