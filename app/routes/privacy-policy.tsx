// /privacy-policy: static text with mailto links to the contact e-mail (the page frame, its
// meta tags and the company name come from components/site/legal-page.tsx).
import { Link } from "react-router";
import { EmailLink } from "~/components/site/contact-links";
import {
  LegalContactSentence,
  LegalPage,
  type LegalSection,
  legalMeta,
} from "~/components/site/legal-page";
import { readContactDetails } from "~/domain/public-content.server";
import type { Route } from "./+types/privacy-policy";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

export async function loader() {
  return { email: (await readContactDetails()).email || null };
}

export const meta: Route.MetaFunction = legalMeta(
  "Privacy Policy",
  "/privacy-policy",
  (brand) =>
    `How ${brand} collects, uses and protects personal data when you visit our website, contact us, request a quote or subscribe to our newsletter, and the rights you have.`,
);

function sections(company: string, email: string | null): LegalSection[] {
  return [
    {
      id: "who-we-are",
      heading: "Who we are",
      body: (
        <>
          <p>
            {company} (“we”, “us”) is a digital agency offering web and app development, design,
            SEO, marketing and cloud migration. We are responsible for the personal data described
            in this policy.
          </p>
          {email ? (
            <p>
              You can reach us about anything in this policy at <EmailLink email={email} />.
            </p>
          ) : null}
        </>
      ),
    },
    {
      id: "information-we-collect",
      heading: "Information we collect",
      body: (
        <>
          <p>We collect only what we need to answer you and to run this website:</p>
          <ul>
            <li>
              <strong>Enquiries and quote requests.</strong> When you send us a message or request a
              quote, we receive your name, your e-mail address and your message, and for quotes also
              your phone number and the service you are interested in. With it we keep the date, the
              page of our site you sent it from and, when your browser tells us, the website that
              referred you and the campaign tags of the link you followed (utm_source and the like),
              so we know how people find us.
            </li>
            <li>
              <strong>Newsletter.</strong> When you subscribe, we store your e-mail address, the
              date, the page you subscribed on and, as for enquiries, the referring website and
              campaign tags when your browser tells us.
            </li>
            <li>
              <strong>Internship applications.</strong> You apply through the link on each position;
              we receive the information you choose to send with your application.
            </li>
            <li>
              <strong>Technical data.</strong> Like every website, our servers process your IP
              address, browser type, the pages you request and the time of each request to deliver
              the site and keep it secure. To count unique visitors per day without cookies, we
              combine your IP address and browser type with a random value that changes every day
              into a one-way code. We keep that code, and the day's random value, only until shortly
              after the day ends; what remains is the number of visitors per day, which says nothing
              about individual visitors. To keep our forms from being flooded, we count the
              messages, quote requests and sign-ups sent from each IP address for one hour.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "how-we-use-it",
      heading: "How we use your information",
      body: (
        <>
          <ul>
            <li>To reply to your enquiries and prepare the quotes you ask for.</li>
            <li>To send you our newsletter, if you subscribed to it.</li>
            <li>To assess internship applications.</li>
            <li>To operate, secure and improve our website.</li>
            <li>To meet our legal obligations, for example for accounting and tax.</li>
          </ul>
          <p className="mt-4">
            We do not sell your personal data, and we do not use it for advertising, profiling or
            automated decision-making.
          </p>
        </>
      ),
    },
    {
      id: "legal-bases",
      heading: "Legal bases",
      body: (
        <p>
          Where data protection laws such as the EU General Data Protection Regulation (GDPR) apply,
          we rely on your consent for the newsletter; on steps taken at your request before entering
          into a contract for enquiries, quotes and applications; on our legitimate interest in
          running a secure and reliable website, and in knowing how many people visit it, for
          technical data; and on our legal obligations where the law requires us to keep records.
        </p>
      ),
    },
    {
      id: "cookies",
      heading: "Cookies",
      body: (
        <>
          <p>
            We use only cookies that the features you use cannot work without. If you save
            internships on our Career page, a cookie named <strong>savedInternships</strong>{" "}
            remembers your selection in your browser. Our staff’s sign-in to the back office uses a
            session cookie and a cookie that recognises a browser which has signed in before, so an
            attacker guessing passwords cannot lock staff out.
          </p>
          <p>We do not use advertising, tracking or third-party analytics cookies.</p>
        </>
      ),
    },
    {
      id: "embedded-map",
      heading: "Embedded map",
      body: (
        <p>
          Our contact page shows a map from an external map service. When the map loads, your
          browser connects to that service, which receives your IP address and browser details and
          processes them under its own privacy policy.
        </p>
      ),
    },
    {
      id: "sharing",
      heading: "Who we share it with",
      body: (
        <p>
          We share personal data only with service providers who help us run our business, such as
          our hosting and e-mail providers, under contracts that require them to protect it and to
          use it only on our instructions, and with authorities where the law requires it.
        </p>
      ),
    },
    {
      id: "retention",
      heading: "How long we keep it",
      body: (
        <ul>
          <li>
            Enquiries and quote requests: up to 24 months after our last contact, unless they lead
            to a project, in which case we keep them as long as contract and tax law require.
          </li>
          <li>
            Newsletter subscriptions: until you ask us to remove your address (see “Contact us”
            below).
          </li>
          <li>Internship applications: up to 6 months after the position is filled.</li>
          <li>Server logs: no longer than 30 days.</li>
          <li>Per-address counts of form submissions: one hour.</li>
          <li>
            Visitor counting codes: until one hour after the end of the day (UTC) they were made on.
            The daily visitor totals contain no personal data and are kept.
          </li>
        </ul>
      ),
    },
    {
      id: "your-rights",
      heading: "Your rights",
      body: (
        <>
          <p>
            You have the right to access the personal data we hold about you, to have it corrected
            or deleted, to restrict or object to its processing, to receive it in a portable format
            and to withdraw your consent at any time, without affecting processing before the
            withdrawal. You may also complain to a data protection supervisory authority.
          </p>
          <p>
            {email ? (
              <>
                To exercise any of these rights, email us at <EmailLink email={email} />. We reply
                within one month.
              </>
            ) : (
              <>
                To exercise any of these rights, write to us through our{" "}
                <Link to="/contact">contact page</Link>. We reply within one month.
              </>
            )}
          </p>
        </>
      ),
    },
    {
      id: "security",
      heading: "Security",
      body: (
        <p>
          We protect your data with encrypted connections (HTTPS), access limited to the people who
          need it, and regular security updates. No transmission over the internet is completely
          secure, but we take care to protect your information and will inform you as the law
          requires if a breach affects it.
        </p>
      ),
    },
    {
      id: "children",
      heading: "Children",
      body: (
        <p>
          Our website is not directed at children under 16, and we do not knowingly collect their
          personal data.
        </p>
      ),
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      body: (
        <p>
          We may update this policy as our services or the law change. The date at the top of this
          page shows when it last changed.
        </p>
      ),
    },
    {
      id: "contact",
      heading: "Contact us",
      body: <LegalContactSentence email={email} topic="this policy or your personal data" />,
    },
  ];
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={(company) =>
        `This policy explains what personal data ${company} collects when you visit this website or get in touch with us, why we collect it, and the choices you have.`
      }
      sections={(company) => sections(company, loaderData.email)}
    />
  );
}
