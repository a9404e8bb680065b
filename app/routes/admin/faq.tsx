// /admin/dashboard/faq: the FAQ editor, built by the content kit from
// app/content/faqs.ts (list, `?new`, `?edit=<id>`, `?delete=<id>`; see app/content/kit).

import { faqs } from "~/content/faqs";
import { collectionAdmin } from "~/content/kit/admin.server";
import { CollectionScreen, collectionMeta } from "~/content/kit/admin-screen";
import { faqStore } from "~/content/stores.server";
import type { Route } from "./+types/faq";

const screen = collectionAdmin(faqStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = (args) => collectionMeta(faqs, args);

export default function Manage({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionScreen type={faqs} loaderData={loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
