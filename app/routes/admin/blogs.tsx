// /admin/dashboard/blogs: the blog posts that /blog, /blog/{id}, the home page, the feed and
// the sitemap show, built by the content kit from app/content/blogs.ts (the list newest first,
// searchable, paged; `?new`, `?edit=<id>`, `?delete=<id>`). The post's own parts: the editor
// with its Markdown preview (app/content/blog-editor.tsx) and the Preview intent here, which
// without JavaScript sends the form back with every value and the preview, storing nothing.
import { data } from "react-router";
import { BlogEditor, PREVIEW_INTENT, type PreviewData } from "~/content/blog-editor";
import { blogs, hasFile } from "~/content/blogs";
import { aboutPageStore } from "~/content/documents.server";
import { collectionAdmin, type IntentContext } from "~/content/kit/admin.server";
import { CollectionScreen, collectionMeta } from "~/content/kit/admin-screen";
import { blogStore } from "~/content/stores.server";
import { notFound } from "~/lib/admin-crud.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { Route } from "./+types/blogs";

/** Preview without JavaScript: every value back (no errors yet: the admin is still writing). */
async function preview({ form, id, hideFields }: IntentContext) {
  if (id !== null && !(await blogStore.get(id))) notFound(blogs.texts.notFound);
  const { initialValue } = parseFormWith(form, blogs.schema).reply({ hideFields });
  return data(
    {
      result: { initialValue },
      listError: null,
      previewing: true,
      // A picked file (hideFields: the image fields' files) is not stored by a preview: say so.
      filesDropped: hideFields.some((file) => hasFile(form.get(file))),
    },
    { status: 200 },
  );
}

const screen = collectionAdmin<typeof blogStore, PreviewData>(blogStore, {
  intents: { [PREVIEW_INTENT]: preview },
});

export async function loader(args: Route.LoaderArgs) {
  const [list, about] = await Promise.all([screen.loader(args), aboutPageStore.get()]);
  // The names an author may be picked from (the about page's team).
  return { ...list, team: (about?.team ?? []).map((member) => member.name) };
}
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = (args) => collectionMeta(blogs, args);

export default function ManageBlogs({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CollectionScreen
      type={blogs}
      loaderData={loaderData}
      actionData={actionData}
      editor={(props) => <BlogEditor {...props} team={loaderData.team} />}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
