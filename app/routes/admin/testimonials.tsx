// /admin/dashboard/testimonials: the testimonials editor, built by the content kit from
// app/content/testimonials.ts (list, `?new`, `?edit=<id>`, `?delete=<id>`; see app/content/kit).

import { flashOf } from "~/components/admin/use-flash";
import { collectionAdmin } from "~/content/kit/admin.server";
import { CollectionScreen } from "~/content/kit/admin-screen";
import { testimonialStore } from "~/content/stores.server";
import { testimonials } from "~/content/testimonials";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/testimonials";

const screen = collectionAdmin(testimonialStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(testimonials.admin.metaTitle ?? testimonials.admin.title, flashOf(matches));

export default function Manage({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionScreen type={testimonials} loaderData={loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
