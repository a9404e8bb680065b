// /admin/dashboard/resources: the resources editor, built by the content kit from
// app/content/resources.ts (list, `?new`, `?edit=<id>`, `?delete=<id>`; see app/content/kit).

import { collectionAdmin } from "~/content/kit/admin.server";
import { CollectionScreen, collectionMeta } from "~/content/kit/admin-screen";
import { resources } from "~/content/resources";
import { resourceStore } from "~/content/stores.server";
import type { Route } from "./+types/resources";

const screen = collectionAdmin(resourceStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = (args) => collectionMeta(resources, args);

export default function Manage({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionScreen type={resources} loaderData={loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
