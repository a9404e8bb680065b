// The body of a blog post: HTML that the server made from the post's Markdown with
// react-markdown (markdown.server.ts), which drops raw HTML and unsafe URLs, so it is safe to
// insert as it is. Links to pages of this site navigate client-side once JavaScript runs, like
// every other link of the site; without JavaScript they are ordinary links.
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";

export function BlogArticleBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    function onClick(event: MouseEvent) {
      // Leave new-tab, download and modified clicks to the browser.
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest("a");
      if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      // An anchor on this page (a footnote): the browser scrolls to it.
      if (url.pathname === window.location.pathname && url.search === window.location.search) {
        return;
      }
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    }
    container.addEventListener("click", onClick);
    return () => container.removeEventListener("click", onClick);
  }, [navigate]);

  // biome-ignore lint/security/noDangerouslySetInnerHtml: made by react-markdown on the server without raw HTML (see markdown.tsx).
  return <div ref={ref} dangerouslySetInnerHTML={{ __html: html }} />;
}
