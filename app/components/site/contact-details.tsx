// The contact information block on /contact: address, e-mail, phone and the
// optional picture, each line shown only when it has a value.
import { Icon } from "~/components/icon/icon";
import { responsiveImage } from "~/domain/responsive-image";
import { EmailLink, PhoneLink } from "./contact-links";

export function ContactDetailsCard({
  address,
  email,
  phone,
  image,
  imageAlt,
}: {
  address: string;
  email: string;
  phone: string;
  image: string;
  /** What the picture shows; "" when it only decorates (or was not described yet). */
  imageAlt: string;
}) {
  return (
    <section
      aria-labelledby="details-heading"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {image ? (
        // No fallback picture here: a stock image says nothing about where we are.
        // Below the form on phones; two of five columns (gap-10) from lg.
        <img
          {...responsiveImage(
            image,
            "(min-width: 1280px) 462px, (min-width: 1024px) calc(40vw - 50px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)",
          )}
          src={image}
          alt={imageAlt}
          width={1200}
          height={800}
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] w-full bg-slate-100 object-cover"
        />
      ) : null}
      <div className="p-6 sm:p-8">
        <h2 id="details-heading" className="text-xl font-bold text-slate-900">
          Contact information
        </h2>
        <dl className="mt-6 grid gap-5">
          {address ? (
            <Row icon="map-pin" label="Address">
              <address className="not-italic whitespace-pre-line">{address}</address>
            </Row>
          ) : null}
          {email ? (
            <Row icon="envelope-simple" label="Email">
              <EmailLink email={email} />
            </Row>
          ) : null}
          {phone ? (
            <Row icon="phone" label="Phone">
              <PhoneLink phone={phone} />
            </Row>
          ) : null}
        </dl>
        {!address && !email && !phone ? (
          <p className="mt-4 text-slate-700">Our contact details are being updated.</p>
        ) : null}
      </div>
    </section>
  );
}

function Row({
  icon,
  label,
  children,
}: {
  icon: "map-pin" | "envelope-simple" | "phone";
  label: string;
  children: React.ReactNode;
}) {
  return (
    // dt and dd must be direct children of the row, so the icon sits inside the dt.
    <div className="relative min-h-10 pl-14">
      <dt className="text-sm font-semibold text-slate-900">
        <span className="absolute top-0 left-0 flex h-10 w-10 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
          <Icon name={icon} className="h-5 w-5" weight="duotone" />
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 break-words text-slate-700">{children}</dd>
    </div>
  );
}
