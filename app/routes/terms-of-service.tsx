// /terms-of-service: static text with mailto links to the contact e-mail (the page frame, its
// meta tags and the company name come from components/site/legal-page.tsx).
import { Link } from "react-router";
import { EmailLink } from "~/components/site/contact-links";
import {
  LegalContactSentence,
  LegalPage,
  type LegalSection,
  legalMeta,
} from "~/components/site/legal-page";
import type { Route } from "./+types/terms-of-service";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

// The same loader as the privacy policy: the contact e-mail for the mailto links.
export { loader } from "./privacy-policy";

export const meta: Route.MetaFunction = legalMeta(
  "Terms & Conditions",
  "/terms-of-service",
  (brand) =>
    `The terms for using the ${brand} website: acceptable use, quotes and internship listings, intellectual property, links, liability and how to contact us.`,
);

function sections(company: string, email: string | null): LegalSection[] {
  return [
    {
      id: "about-these-terms",
      heading: "About these terms",
      body: (
        <>
          <p>
            This website is operated by {company}. These terms apply to your use of the website. By
            using it you accept them; if you do not agree, please do not use the website.
          </p>
          <p>
            Projects we carry out for clients are governed by a separate written agreement, which
            takes precedence over these terms.
          </p>
        </>
      ),
    },
    {
      id: "using-the-website",
      heading: "Using the website",
      body: (
        <>
          <p>You may use the website for lawful purposes only. In particular, you agree not to:</p>
          <ul>
            <li>
              attempt to gain unauthorised access to the website, its servers or its back office;
            </li>
            <li>
              interfere with its operation, for example with automated requests that place an
              unreasonable load on it;
            </li>
            <li>
              send us content through our forms or by e-mail that is unlawful, misleading or
              infringes the rights of others;
            </li>
            <li>copy or scrape the website’s content for commercial use.</li>
          </ul>
        </>
      ),
    },
    {
      id: "quotes",
      heading: "Quotes and enquiries",
      body: (
        <p>
          Quotes, estimates and other information we provide in reply to an enquiry are not binding
          offers. A project starts only when both parties have signed a written agreement setting
          out its scope, price and timeline.
        </p>
      ),
    },
    {
      id: "internships",
      heading: "Internship listings",
      body: (
        <p>
          We publish internship positions in good faith, and may change, fill or withdraw them at
          any time. Applying does not create an employment relationship or guarantee an interview.
          Applications made through an external link are also subject to the terms of that service.
        </p>
      ),
    },
    {
      id: "intellectual-property",
      heading: "Intellectual property",
      body: (
        <p>
          The texts, graphics, logos, images and code of this website belong to {company} or its
          licensors and are protected by copyright and other laws. You may view, download and print
          pages for your personal, non-commercial use; any other use needs our prior written
          permission.
        </p>
      ),
    },
    {
      id: "links",
      heading: "Links to other websites",
      body: (
        <p>
          Our resources page, blog articles and social media links lead to websites run by others.
          We are not responsible for their content, availability or privacy practices, and a link
          does not mean that we endorse them.
        </p>
      ),
    },
    {
      id: "content",
      heading: "Content and availability",
      body: (
        <p>
          We take care to keep the website accurate and up to date, but its content, including blog
          articles and resources, is general information and not professional advice for your
          situation. We may change, suspend or withdraw any part of the website without notice.
        </p>
      ),
    },
    {
      id: "liability",
      heading: "Limitation of liability",
      body: (
        <p>
          To the extent permitted by law, {company} is not liable for any indirect or consequential
          loss arising from your use of the website or your reliance on its content. Nothing in
          these terms limits liability that cannot be limited by law, such as liability for intent,
          gross negligence, death or personal injury, or fraud.
        </p>
      ),
    },
    {
      id: "privacy",
      heading: "Privacy",
      body: (
        <p>
          How we handle personal data is described in our{" "}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      ),
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      body: (
        <p>
          We may revise these terms at any time. The date at the top of this page shows the current
          version; by continuing to use the website after a change you accept the revised terms.
        </p>
      ),
    },
    {
      id: "governing-law",
      heading: "Governing law",
      body: (
        <p>
          These terms are governed by the law of the country in which {company} has its registered
          office, whose courts have jurisdiction, unless the mandatory consumer protection law of
          your country of residence provides otherwise.
        </p>
      ),
    },
    {
      id: "contact",
      heading: "Contact us",
      body: (
        <>
          <LegalContactSentence email={email} topic="these terms" />
          {email ? (
            <p>
              To report content on this website that you believe infringes your rights, write to{" "}
              <EmailLink email={email} /> with a link to the page concerned.
            </p>
          ) : null}
        </>
      ),
    },
  ];
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Terms & Conditions"
      intro={(company) =>
        `Please read these terms carefully before using the ${company} website. They explain what you can expect from us and what we expect from you.`
      }
      sections={(company) => sections(company, loaderData.email)}
    />
  );
}
