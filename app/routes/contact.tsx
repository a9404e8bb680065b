// /contact: the contact form, the contact information block and the map from the
// contact document. The form's action is here: a post goes through the shared visitor-form
// path (validation, spam checks, rate limit) and stores a contact message with status 'new'.

import { ContactDetailsCard } from "~/components/site/contact-details";
import { ContactForm } from "~/components/site/contact-form";
import { ContactMap } from "~/components/site/contact-map";
import { PageHeader } from "~/components/site/page-header";
import { visitorClientAction } from "~/components/site/visitor-form";
import { CONTACT_SUCCESS, contactMessageSchema } from "~/domain/contact-message";
import { createContactMessage } from "~/domain/contact-message.server";
// The clientAction's message from the zod-free module: its chunk loads in the browser.
import { CONTACT_FAILURE } from "~/domain/lead-checks";
import { readContactDetails } from "~/domain/public-content.server";
import type { PageHandle } from "~/lib/page-params";
import { keepActionHeaders } from "~/lib/route-headers";
import { seo, siteInfo } from "~/lib/seo";
import { handleVisitorForm } from "~/lib/visitor-form.server";
import type { Route } from "./+types/contact";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

/** Where a post without JavaScript lands after success (POST, redirect, GET). */
const SENT_URL = "/contact?sent=1#contact-form";

// The only query parameter the page reads (any other: a 301 without it, lib/page-params.ts).
export const handle: PageHandle = { searchParams: ["sent"] };

export async function loader({ request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { contact: await readContactDetails(), sentMessage: sent ? CONTACT_SUCCESS : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleVisitorForm({
    request,
    context,
    scope: "contact",
    schema: contactMessageSchema,
    store: async (value, lead) => {
      await createContactMessage(value, lead);
      return CONTACT_SUCCESS;
    },
    successRedirect: () => SENT_URL,
  });
}

// The server could not be reached (or answered with something that is not the form's reply):
// say so in the form instead of replacing the page with an error.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  visitorClientAction(serverAction, CONTACT_FAILURE);

// Keeps a 429's Retry-After.
export const headers: Route.HeadersFunction = keepActionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteInfo(matches);
  const contact = loaderData?.contact;
  const reach = [contact?.email, contact?.phone].filter(Boolean).join(" or ");
  return seo({
    site,
    title: "Contact Us",
    description: `Tell ${site.brand} about your project or ask us anything${
      reach ? `: write to ${reach}` : ""
    }${contact?.address ? `, or visit us at ${contact.address}` : ""}.`,
    path: "/contact",
    image: contact?.image || null,
  });
};

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, sentMessage } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact us"
        intro="Tell us about your project, ask about an internship or simply say hello. We are glad to hear from you."
      />
      <div className="mx-auto grid max-w-7xl items-start gap-8 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-5 lg:gap-10 lg:px-8">
        <div className="lg:col-span-3">
          <ContactForm actionData={actionData} sentMessage={sentMessage} />
        </div>
        <div className="lg:col-span-2">
          <ContactDetailsCard
            address={contact.address}
            email={contact.email}
            phone={contact.phone}
            image={contact.image}
            imageAlt={contact.imageAlt}
          />
        </div>
      </div>
      {contact.mapEmbedUrl ? (
        <ContactMap src={contact.mapEmbedUrl} address={contact.address} />
      ) : null}
    </>
  );
}
