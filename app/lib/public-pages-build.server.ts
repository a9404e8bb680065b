// Public pages are handed to a React Router request handler that knows only them
// (docs/decisions/022-public-pages-handler.md).
//
// For every document request React Router matches the URL against every route several times and
// rebuilds its route objects from the whole manifest. The site has ~80 routes, most of them the
// back office and the JSON API, and the public pages rank last in the matching order, so a page
// view paid for all of them: about an eighth of an uncached home page render. A second handler
// over the same build, with only the root, the site layout and the layout's pages, renders the
// same page from the same modules without that cost. Everything else (the back office, the API,
// files, form posts, client navigations' `.data` requests, route discovery) goes to the full
// handler.
import type { ServerBuild } from "react-router";

/** The layout every public page is rendered in (app/routes.ts). */
export const SITE_LAYOUT_ID = "routes/site-layout";

/**
 * The build with only the public pages: the root, the site layout and its children, on the
 * server (`routes`) and in the manifest pages hand to the browser (`assets.routes`).
 */
export function publicPagesBuild(build: ServerBuild): ServerBuild {
  const keep = (id: string, parentId: string | undefined) =>
    id === "root" || id === SITE_LAYOUT_ID || parentId === SITE_LAYOUT_ID;
  if (!build.routes[SITE_LAYOUT_ID]) throw new Error(`No route ${SITE_LAYOUT_ID} in the build`);
  return {
    ...build,
    routes: Object.fromEntries(
      Object.entries(build.routes).filter(([id, route]) => route && keep(id, route.parentId)),
    ),
    assets: {
      ...build.assets,
      routes: Object.fromEntries(
        Object.entries(build.assets.routes).filter(
          ([id, route]) => route && keep(id, route.parentId),
        ),
      ),
    },
  };
}

// The public pages' addresses, exactly (case-insensitive like React Router, with or without a
// trailing slash), and a blog post's. A post id holds no "." and no "%": /blog/rss.xml (and its
// percent-encoded spellings) is the feed, another route. Anything else goes to the full handler,
// which also renders the public 404 page.
const PUBLIC_PAGE =
  /^\/(?:(?:services|internships|resources|about|contact|quote|privacy-policy|terms-of-service|blog)\/?|blog\/[^/.%]+\/?)?$/i;

/** Whether a request is a public page view the public-pages handler answers exactly as the full one. */
export function isPublicPageView(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && PUBLIC_PAGE.test(path);
}
