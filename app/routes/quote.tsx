// /quote: the quote request. With JavaScript, Get Quotes opens the modal
// in place (components/site/quote-dialog.tsx) and only this route's action is used. Without
// JavaScript, Get Quotes is a link here (?from= the page it was on), this page shows the open
// "modal" as a page, the form posts natively, and the answer is this page again with the
// errors, or, after success, a redirect here with the success message.
import { Link } from "react-router";
import { Icon } from "~/components/icon/icon";
import { QuoteForm } from "~/components/site/quote-form";
import { FormStatus, visitorClientAction } from "~/components/site/visitor-form";
// The clientAction's message from the zod-free module: its chunk loads in the browser.
import { QUOTE_FAILURE } from "~/domain/lead-checks";
import { QUOTE_SUCCESS, quoteSchema } from "~/domain/quote";
import { createQuote } from "~/domain/quote.server";
import { SOURCE_PAGE_FIELD } from "~/lib/lead-source";
import type { PageHandle } from "~/lib/page-params";
import { quoteHref, quoteReturnPath } from "~/lib/quote-link";
import { keepActionHeaders } from "~/lib/route-headers";
import { seo, siteInfo } from "~/lib/seo";
import { handleVisitorForm } from "~/lib/visitor-form.server";
import type { Route } from "./+types/quote";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

// The query parameters the page reads, in the order of the success redirect below (any other:
// a 301 without it, lib/page-params.ts).
export const handle: PageHandle = { searchParams: ["sent", "from"] };

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    from: quoteReturnPath(params.get("from")),
    sentMessage: params.get("sent") === "1" ? QUOTE_SUCCESS : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleVisitorForm({
    request,
    context,
    scope: "quote",
    schema: quoteSchema,
    store: async (value, lead) => {
      await createQuote(value, lead);
      return QUOTE_SUCCESS;
    },
    successRedirect: (form) => {
      const from = quoteReturnPath(String(form.get(SOURCE_PAGE_FIELD) ?? ""));
      // Written as the canonical URL is (lib/canonical-url.server.ts): no second redirect.
      return `/quote?${new URLSearchParams(from ? { sent: "1", from } : { sent: "1" })}`;
    },
  });
}

// The server could not be reached: say so in the form ('Submission failed') instead of
// replacing the page with an error.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  visitorClientAction(serverAction, QUOTE_FAILURE);

// Keeps a 429's Retry-After.
export const headers: Route.HeadersFunction = keepActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteInfo(matches);
  return seo({
    site,
    title: "Get a Free Quote",
    description: `Tell ${site.brand} about your web, app, SEO, marketing or cloud project and get a free, no-obligation quote within one working day.`,
    path: "/quote",
    // A form, reached with ?from=...: nothing for search results.
    noindex: true,
  });
};

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const { sentMessage } = loaderData;
  // After a refusal without JavaScript this page is the POST's answer, at /quote without the
  // query: the page the visitor came from is the one the server read from the form.
  const from = loaderData.from ?? quoteReturnPath(actionData?.source?.page);
  return (
    <div className="bg-slate-100 px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
      <section
        aria-labelledby="quote-title"
        className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white shadow-xl"
      >
        <div className="border-b border-slate-200 px-6 py-5 sm:px-8">
          <Link
            to={from ?? "/"}
            className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-blue-700 hover:bg-blue-50 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <Icon name="arrow-left" className="h-4 w-4" weight="bold" />
            {from ? "Back to the page you were on" : "Back to the home page"}
          </Link>
          <h1
            id="quote-title"
            className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            Get a Free Quote
          </h1>
          <p className="mt-1 text-slate-700">
            Tell us about your project and we will reply within one working day.
          </p>
          {/* After a post without JavaScript: the outcome first, where the page opens. */}
          {sentMessage ? (
            <div className="mt-4">
              <FormStatus id="quote-sent" success={sentMessage} error={null} />
            </div>
          ) : null}
        </div>
        <div className="px-6 py-6 sm:px-8">
          {/* Posting to /quote?from=… keeps the way back on the page that comes back with
              errors (without JavaScript, the answer to the post is that URL's page). */}
          <QuoteForm
            id="quote-page"
            action={quoteHref(from ?? "/")}
            actionData={actionData}
            page={from ?? undefined}
          />
        </div>
      </section>
    </div>
  );
}
