// /contact (SPEC §2): the contact form's place, the contact information block and the map
// from the contact document.
import { ContactDetailsCard } from "~/components/site/contact-details";
import { ContactFormSlot } from "~/components/site/contact-form-slot";
import { ContactMap } from "~/components/site/contact-map";
import { PageHeader } from "~/components/site/page-header";
import { getContactDetails } from "~/domain/contact-info.server";
import { seo, siteInfo } from "~/lib/seo";
import type { Route } from "./+types/contact";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

export async function loader() {
  return { contact: await getContactDetails() };
}

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

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { contact } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact us"
        intro="Tell us about your project, ask about an internship or simply say hello. We are glad to hear from you."
      />
      <div className="mx-auto grid max-w-7xl items-start gap-8 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-5 lg:gap-10 lg:px-8">
        <div className="lg:col-span-3">
          <ContactFormSlot email={contact.email} phone={contact.phone} />
        </div>
        <div className="lg:col-span-2">
          <ContactDetailsCard
            address={contact.address}
            email={contact.email}
            phone={contact.phone}
            image={contact.image}
          />
        </div>
      </div>
      {contact.mapEmbedUrl ? (
        <ContactMap src={contact.mapEmbedUrl} address={contact.address} />
      ) : null}
    </>
  );
}
