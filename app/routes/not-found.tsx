// SPEC §2: an unknown URL shows only the bare text 'NotFoundPage', with a 404 status so
// crawlers don't index it.
import { data } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "NotFoundPage" },
  { name: "robots", content: "noindex" },
];

export default function NotFoundPage() {
  return <div>NotFoundPage</div>;
}
