// The call-to-action links of the service page (`cta.buttons`): the first one in the hero
// and every one in the closing block. Links come from the back office, so each is classified
// once: site paths navigate in the app, web addresses open in a new tab, anything else (a
// `javascript:` URL, a typo) is dropped rather than rendered as a link that misbehaves.
import { Link } from "react-router";

export { classifyHref, type HrefKind } from "~/lib/links";

import { Icon } from "~/components/icon/icon";
import { classifyHref } from "~/lib/links";

export interface CtaButton {
  label: string;
  link: string;
}

/** The buttons that can be rendered, in their stored order. */
export function usableButtons(buttons: readonly CtaButton[] | undefined): CtaButton[] {
  return (buttons ?? []).filter((b) => b.label.trim() && classifyHref(b.link));
}

const BASE =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-6 py-3 text-base font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2";

/** Button looks: `primary`/`secondary` on white, `inverse`/`outline-inverse` on the blue band. */
const VARIANTS = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700",
  secondary:
    "border border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-blue-700",
  inverse: "bg-white text-blue-800 hover:bg-blue-50 focus-visible:outline-white",
  "outline-inverse":
    "border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white",
} as const;

export function CtaLink({
  button,
  variant,
  className: extra = "",
}: {
  button: CtaButton;
  variant: keyof typeof VARIANTS;
  className?: string;
}) {
  const kind = classifyHref(button.link);
  const className = `${BASE} ${VARIANTS[variant]} ${extra}`;
  const href = button.link.trim();
  if (kind === "internal") {
    return (
      <Link to={href} className={className}>
        {button.label}
        <Icon name="arrow-right" className="h-5 w-5" weight="bold" />
      </Link>
    );
  }
  if (kind === "external") {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {button.label}
        <Icon name="arrow-up-right" className="h-5 w-5" weight="bold" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (kind === "plain") {
    return (
      <a href={href} className={className}>
        {button.label}
      </a>
    );
  }
  return null;
}

/** The closing call-to-action band: title, subtitle and every button, the first one primary. */
export function ServiceCta({
  title,
  subtitle,
  buttons,
}: {
  title: string;
  subtitle: string;
  buttons: CtaButton[];
}) {
  return (
    <section aria-labelledby="cta-heading" className="pb-16 sm:pb-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl bg-blue-700 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_top_right,rgba(255,255,255,0.18),transparent_55%),radial-gradient(circle_at_bottom_left,rgba(15,23,42,0.35),transparent_60%)]"
          />
          <h2
            id="cta-heading"
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
          >
            {title}
          </h2>
          {subtitle ? (
            <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-blue-50">{subtitle}</p>
          ) : null}
          {buttons.length > 0 ? (
            <ul className="mt-10 flex flex-col items-stretch justify-center gap-4 sm:flex-row sm:items-center">
              {buttons.map((button, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: stored order, never reordered here; texts may repeat.
                <li key={`${i}-${button.link}`}>
                  <CtaLink
                    button={button}
                    variant={i === 0 ? "inverse" : "outline-inverse"}
                    className="w-full sm:w-auto"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
