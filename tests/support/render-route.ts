// Server-renders a route component as it appears inside the site layout, with the loader data
// given, for unit tests of what a page shows in states the shared demo data never has (no
// document saved, an empty list). Uses React Router's own test stub, so hooks such as
// useRouteLoaderData("routes/site-layout") and <Link> work as in the app.
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";

export const TEST_LAYOUT_DATA = {
  site: {
    brandName: "Test Agency",
    legalName: "Test Agency Ltd",
    tagline: "",
    logo: "",
    email: "hello@test-agency.example",
    phone: "+44 20 1234 5678",
    social: [] as { platform: string; url: string }[],
  },
  siteUrl: "http://localhost:3000",
  year: 2026,
  links: [],
};

export function renderRoute(
  // biome-ignore lint/suspicious/noExplicitAny: any route component, whatever its props type.
  Component: ComponentType<any>,
  loaderData: unknown,
  layoutData: Partial<typeof TEST_LAYOUT_DATA> = {},
): string {
  const Stub = createRoutesStub([
    {
      id: "routes/site-layout",
      path: "/",
      Component: Outlet,
      children: [{ id: "page", index: true, Component }],
    },
  ]);
  return renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: ["/"],
      hydrationData: {
        loaderData: {
          "routes/site-layout": { ...TEST_LAYOUT_DATA, ...layoutData },
          page: loaderData,
        },
      },
    }),
  );
}

/** Text as React writes it into HTML, to look for content in rendered markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/**
 * Server-renders an admin page on its own (no layout) with the loader data and the action data
 * given: what the page shows after a post that failed, without JavaScript.
 */
export function renderPage(
  // biome-ignore lint/suspicious/noExplicitAny: any route component, whatever its props type.
  Component: ComponentType<any>,
  path: string,
  loaderData: unknown,
  actionData?: unknown,
): string {
  const Stub = createRoutesStub([{ id: "page", path, Component }]);
  return renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: {
        loaderData: { page: loaderData },
        ...(actionData === undefined ? {} : { actionData: { page: actionData } }),
      },
    }),
  );
}

/** The texts of the elements with role="alert", tags removed, as a visitor reads them. */
export function alertTexts(html: string): string[] {
  const texts: string[] = [];
  for (const match of html.matchAll(/<(p|div) role="alert"[^>]*>(.*?)<\/\1>/gs)) {
    texts.push(
      (match[2] as string)
        .replace(/<[^>]+>/g, "")
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&")
        .trim(),
    );
  }
  return texts;
}
