// /admin/dashboard/faq: the FAQ editor, built by the content kit from
// app/content/faqs.ts (list, `?new`, `?edit=<id>`, `?delete=<id>`; see app/content/kit).

import { flashOf } from "~/components/admin/use-flash";
import { faqs } from "~/content/faqs";
import { collectionAdmin } from "~/content/kit/admin.server";
import { CollectionScreen } from "~/content/kit/admin-screen";
import { faqStore } from "~/content/stores.server";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/faq";

const screen = collectionAdmin(faqStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(faqs.admin.metaTitle ?? faqs.admin.title, flashOf(matches));

export default function Manage({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionScreen type={faqs} loaderData={loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
