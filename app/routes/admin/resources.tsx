// /admin/dashboard/resources: the resources editor, built by the content kit from
// app/content/resources.ts (list, `?new`, `?edit=<id>`, `?delete=<id>`; see app/content/kit).

import { flashOf } from "~/components/admin/use-flash";
import { collectionAdmin } from "~/content/kit/admin.server";
import { CollectionScreen } from "~/content/kit/admin-screen";
import { resources } from "~/content/resources";
import { resourceStore } from "~/content/stores.server";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/resources";

const screen = collectionAdmin(resourceStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(resources.admin.metaTitle ?? resources.admin.title, flashOf(matches));

export default function Manage({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionScreen type={resources} loaderData={loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
