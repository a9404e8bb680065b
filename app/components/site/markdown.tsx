// A blog post's Markdown on its page, rendered on the server with react-markdown.
// Safety: content never reaches the page as HTML. Raw HTML in the Markdown is dropped
// (`skipHtml`, and no rehype-raw), and react-markdown's default urlTransform empties any URL
// whose protocol is not http(s), mailto, irc or xmpp, so `javascript:` links lose their target.
// Line breaks inside a paragraph are kept (remark-breaks): a post shows its line breaks as
// written. GitHub-flavoured tables, task lists and strikethrough come from remark-gfm.
// The public site imports it only through markdown.server.ts: posts are turned into HTML in the
// blog post's loader, so react-markdown never ships to visitors' browsers (about 55 kB of gzipped
// JavaScript that would only re-render what the server already sent). blog-article-body.tsx
// shows the result. The one browser user is the admin's blog editor (routes/admin/blogs.tsx),
// whose live preview must look exactly like the post; it sits in that route's own chunk.
import type { ComponentPropsWithoutRef } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkBreaks from "remark-breaks";
import remarkGfm from "remark-gfm";
import { responsiveImage } from "~/domain/responsive-image";

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(" ");

/** http(s) and protocol-relative URLs leave the site. */
const EXTERNAL = /^(?:https?:)?\/\//i;

function MarkdownLink({ href, children, className, node: _node, ...rest }: LinkProps) {
  const style = cx(
    "font-medium text-blue-700 underline decoration-blue-300 decoration-2 underline-offset-4 transition-colors hover:text-blue-800 hover:decoration-blue-700",
    className,
  );
  // urlTransform blanked an unsafe URL (javascript:, data:...): keep the words, drop the link.
  if (!href) return <span>{children}</span>;
  if (EXTERNAL.test(href)) {
    return (
      <a {...rest} href={href} target="_blank" rel="noopener noreferrer" className={style}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  // Paths on this site (blog-article-body.tsx turns them into client-side navigations once
  // JavaScript runs), in-page anchors (footnotes), mailto: and relative paths.
  return (
    <a {...rest} href={href} className={style}>
      {children}
    </a>
  );
}

type LinkProps = ComponentPropsWithoutRef<"a"> & { node?: unknown };

// Typography written out per element (the project has no typography plugin). Vertical rhythm:
// every block gets a top margin, and the wrapper removes it from the first one.
const components: Components = {
  a: MarkdownLink,
  // The page title is the only h1; a level-one heading in the content becomes an h2.
  h1: ({ node: _node, className, ...props }) => (
    <h2
      {...props}
      className={cx(
        "mt-12 scroll-mt-24 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl",
        className,
      )}
    />
  ),
  h2: ({ node: _node, className, ...props }) => (
    <h2
      {...props}
      className={cx(
        "mt-12 scroll-mt-24 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl",
        className,
      )}
    />
  ),
  h3: ({ node: _node, className, ...props }) => (
    <h3
      {...props}
      className={cx(
        "mt-10 scroll-mt-24 text-xl font-semibold tracking-tight text-slate-900",
        className,
      )}
    />
  ),
  h4: ({ node: _node, className, ...props }) => (
    <h4 {...props} className={cx("mt-8 text-lg font-semibold text-slate-900", className)} />
  ),
  h5: ({ node: _node, className, ...props }) => (
    <h5 {...props} className={cx("mt-8 font-semibold text-slate-900", className)} />
  ),
  h6: ({ node: _node, className, ...props }) => (
    <h6 {...props} className={cx("mt-8 font-semibold text-slate-900", className)} />
  ),
  p: ({ node: _node, className, ...props }) => <p {...props} className={cx("mt-6", className)} />,
  ul: ({ node: _node, className, ...props }) => (
    <ul
      {...props}
      className={cx(
        "mt-6 space-y-2 pl-6",
        // Task lists (remark-gfm) carry their own checkboxes instead of bullets.
        className?.includes("contains-task-list")
          ? "list-none pl-1"
          : "list-disc marker:text-blue-700",
        "[&_ol]:mt-2 [&_ul]:mt-2",
        className,
      )}
    />
  ),
  ol: ({ node: _node, className, ...props }) => (
    <ol
      {...props}
      className={cx(
        "mt-6 list-decimal space-y-2 pl-6 marker:font-semibold marker:text-blue-700 [&_ol]:mt-2 [&_ul]:mt-2",
        className,
      )}
    />
  ),
  li: ({ node: _node, className, ...props }) => (
    <li {...props} className={cx("pl-1.5 [&>p]:mt-2 [&>p:first-child]:mt-0", className)} />
  ),
  // Task list boxes show a state; they are not controls, so they are read-only and say so.
  input: ({ node: _node, checked, type, ...props }) =>
    type === "checkbox" ? (
      <input
        {...props}
        type="checkbox"
        checked={checked}
        disabled
        readOnly
        aria-label={checked ? "Done" : "Not done"}
        className="mr-2 h-4 w-4 translate-y-0.5 accent-blue-700"
      />
    ) : null,
  blockquote: ({ node: _node, className, ...props }) => (
    <blockquote
      {...props}
      className={cx(
        "mt-8 rounded-r-xl border-l-4 border-blue-700 bg-blue-50 px-6 py-4 text-slate-800 [&>p:first-child]:mt-0",
        className,
      )}
    />
  ),
  hr: ({ node: _node, ...props }) => <hr {...props} className="my-12 border-slate-200" />,
  strong: ({ node: _node, className, ...props }) => (
    <strong {...props} className={cx("font-semibold text-slate-900", className)} />
  ),
  del: ({ node: _node, className, ...props }) => (
    <del {...props} className={cx("text-slate-600", className)} />
  ),
  // Inline code; inside <pre> the block styles below take over.
  code: ({ node: _node, className, ...props }) => (
    <code
      {...props}
      className={cx(
        "rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[0.875em] text-slate-900",
        className,
      )}
    />
  ),
  pre: ({ node: _node, className, ...props }) => (
    <pre
      {...props}
      className={cx(
        "mt-8 overflow-x-auto rounded-xl bg-slate-900 p-5 text-sm leading-6 text-slate-100 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit",
        className,
      )}
    />
  ),
  // Content images have no known size: the attributes reserve a 16:9 box until the picture
  // loads (then `h-auto` keeps its own proportions), and they never delay the page. An image
  // whose URL urlTransform blanked is left out.
  img: ({ node: _node, src, alt, width, height, ...props }) =>
    src ? (
      <img
        {...props}
        // The article column (max-w-3xl less its padding); only our stored images get a srcset.
        {...responsiveImage(
          src,
          "(min-width: 1024px) 704px, (min-width: 640px) min(720px, calc(100vw - 48px)), calc(100vw - 32px)",
        )}
        src={src}
        alt={alt ?? ""}
        width={width ?? 1200}
        height={height ?? 675}
        loading="lazy"
        decoding="async"
        className="mt-8 h-auto w-full rounded-xl border border-slate-200"
      />
    ) : null,
  // Wide tables scroll inside the column instead of widening the page.
  table: ({ node: _node, className, ...props }) => (
    <div className="mt-8 overflow-x-auto rounded-xl border border-slate-200">
      <table {...props} className={cx("w-full border-collapse text-left text-base", className)} />
    </div>
  ),
  thead: ({ node: _node, ...props }) => <thead {...props} className="bg-slate-50" />,
  th: ({ node: _node, className, ...props }) => (
    <th
      {...props}
      className={cx("border-b border-slate-200 px-4 py-3 font-semibold text-slate-900", className)}
    />
  ),
  td: ({ node: _node, className, ...props }) => (
    <td {...props} className={cx("border-b border-slate-100 px-4 py-3 align-top", className)} />
  ),
};

const remarkPlugins = [remarkGfm, remarkBreaks];

export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div
      className={cx(
        "text-[1.0625rem] leading-7 break-words text-slate-700 sm:text-lg sm:leading-8 [&>:first-child]:mt-0",
        className,
      )}
    >
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components} skipHtml>
        {source}
      </ReactMarkdown>
    </div>
  );
}
