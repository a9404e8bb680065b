// /admin/dashboard/blogs: the blog posts that /blog, /blog/{id}, the home page, the feed and
// the sitemap show, built by the content kit from app/content/blogs.ts (the list newest first,
// searchable, paged; `?new`, `?edit=<id>`, `?delete=<id>`). The post's own parts: the editor
// with its Markdown preview (app/content/blog-editor.tsx) and the Preview intent here, which
// without JavaScript sends the form back with every value and the preview, storing nothing.
import { ArrowRightIcon } from "@phosphor-icons/react";
import { data, Link } from "react-router";
import { EditDeleteActions, EditStamp } from "~/components/admin/collection-table";
import { rowActionsClass, tdClass } from "~/components/admin/list-controls";
import { flashOf } from "~/components/admin/use-flash";
import { BlogEditor, PREVIEW_INTENT, type PreviewData } from "~/content/blog-editor";
import { AVATAR_FIELD, blogs, hasFile, IMAGE_FIELD } from "~/content/blogs";
import { collectionAdmin, type IntentContext } from "~/content/kit/admin.server";
import { CollectionScreen, Thumbnail } from "~/content/kit/admin-screen";
import { blogStore } from "~/content/stores.server";
import { notFound } from "~/lib/admin-crud.server";
import { adminMeta } from "~/lib/admin-meta";
import { parseFormWith } from "~/lib/form-data.server";
import { formatDate, isoDate } from "~/lib/format";
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
      // A picked file is not stored by a preview: the editor says to choose it again.
      filesDropped: hasFile(form.get(IMAGE_FIELD.file)) || hasFile(form.get(AVATAR_FIELD.file)),
    },
    { status: 200 },
  );
}

const screen = collectionAdmin<typeof blogStore, PreviewData>(blogStore, {
  intents: { [PREVIEW_INTENT]: preview },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(blogs.admin.title, flashOf(matches));

export default function ManageBlogs({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CollectionScreen
      type={blogs}
      loaderData={loaderData}
      actionData={actionData}
      editor={(props) => <BlogEditor {...props} />}
      table={{
        columns: [
          { label: "Image", className: "hidden sm:table-cell" },
          { label: "Title" },
          { label: "Author", className: "hidden lg:table-cell" },
          { label: "Date", className: "hidden lg:table-cell" },
        ],
        row: (post, here) => (
          <>
            <td className={`${tdClass} hidden w-32 sm:table-cell`}>
              <Thumbnail src={post.imageUrl} className="aspect-video" />
            </td>
            <td className={`${tdClass} [overflow-wrap:anywhere]`}>
              <p className="font-semibold text-slate-900">{post.title}</p>
              {/* Phones and tablets: author and date under the title, not in columns. */}
              <p className="mt-1 text-slate-700 lg:hidden">
                {post.author || "—"} ·{" "}
                <time dateTime={isoDate(post.createdAt)}>{formatDate(post.createdAt)}</time>
              </p>
              <EditStamp updatedAt={post.updatedAt} updatedBy={post.updatedBy} />
              <Link
                to={`/blog/${post._id}`}
                className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-blue-700 underline-offset-4 hover:underline"
              >
                View on the site<span className="sr-only">: {post.title}</span>
                <ArrowRightIcon aria-hidden="true" className="h-4 w-4" />
              </Link>
            </td>
            <td className={`${tdClass} hidden text-slate-700 lg:table-cell`}>
              {post.author || "—"}
            </td>
            <td className={`${tdClass} hidden whitespace-nowrap text-slate-700 lg:table-cell`}>
              <time dateTime={isoDate(post.createdAt)}>{formatDate(post.createdAt)}</time>
            </td>
            <td className={`${tdClass} text-right`}>
              <div className={rowActionsClass}>
                <EditDeleteActions
                  path={blogs.admin.path}
                  here={here}
                  id={post._id}
                  subject={post.title}
                  deleteQuestion={blogs.texts.deleteConfirm}
                />
              </div>
            </td>
          </>
        ),
      }}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
