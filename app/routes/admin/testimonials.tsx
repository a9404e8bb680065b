// /admin/dashboard/testimonials: the testimonials editor, built by the content kit from
// app/content/testimonials.ts (list, `?new`, `?edit=<id>`, `?delete=<id>`; see app/content/kit).

import { collectionAdmin } from "~/content/kit/admin.server";
import { CollectionScreen, collectionMeta } from "~/content/kit/admin-screen";
import { testimonialStore } from "~/content/stores.server";
import { testimonials } from "~/content/testimonials";
import type { Route } from "./+types/testimonials";

const screen = collectionAdmin(testimonialStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = (args) => collectionMeta(testimonials, args);

export default function Manage({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionScreen type={testimonials} loaderData={loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
