// Sharing a post from its page (the original app's Share button did nothing).
// Plain share links to X, LinkedIn, Facebook and e-mail work without JavaScript and stay useful
// with it. Once JavaScript runs, one more button appears: the device's share sheet where the
// browser has one (navigator.share), otherwise copying the link, with a spoken confirmation.
import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icon/icon";
import { useHydrated } from "~/lib/use-hydrated";

export interface ShareTarget {
  /** Absolute URL of the page. */
  url: string;
  title: string;
  /** One or two sentences, for the e-mail body and the share sheet. */
  summary: string;
}

interface ShareLink {
  network: string;
  href: string;
  icon: "x-logo" | "linkedin-logo" | "facebook-logo" | "envelope-simple";
  newTab: boolean;
}

/** The networks' documented share URLs; each takes the page URL (and some a title). */
function shareLinks({ url, title, summary }: ShareTarget): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    {
      network: "X",
      href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
      icon: "x-logo",
      newTab: true,
    },
    {
      network: "LinkedIn",
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      icon: "linkedin-logo",
      newTab: true,
    },
    {
      network: "Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      icon: "facebook-logo",
      newTab: true,
    },
    {
      network: "Email",
      // RFC 6068: spaces and line breaks percent-encoded; encodeURIComponent does both.
      href: `mailto:?subject=${t}&body=${encodeURIComponent(`${summary}\n\n${url}`)}`,
      icon: "envelope-simple",
      newTab: false,
    },
  ];
}

const pillBase =
  "inline-flex h-10 items-center gap-2 rounded-lg border px-3.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const pill = `${pillBase} border-slate-300 bg-white text-slate-800 hover:border-blue-400 hover:text-blue-700`;
const primaryPill = `${pillBase} border-blue-700 bg-blue-700 text-white hover:border-blue-800 hover:bg-blue-800`;

const STATUS_CLEAR_MS = 4000;

export function ShareLinks({ target, headingId }: { target: ShareTarget; headingId: string }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Only read once hydrated, so the server's HTML and the first browser render agree.
  const canShareNatively = hydrated && typeof navigator.share === "function";

  function announce(ok: boolean, text: string) {
    clearTimeout(timer.current);
    setStatus({ ok, text });
    timer.current = setTimeout(() => setStatus(null), STATUS_CLEAR_MS);
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(target.url);
      announce(true, "Link copied");
    } catch {
      announce(false, "Could not copy the link. Copy it from the address bar instead.");
    }
  }

  async function share() {
    if (!canShareNatively) return copyLink();
    try {
      await navigator.share({ title: target.title, text: target.summary, url: target.url });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === "AbortError") return;
      await copyLink();
    }
  }

  return (
    <div>
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Share this article
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {hydrated ? (
          <li>
            <button type="button" onClick={share} className={primaryPill}>
              {canShareNatively ? (
                <Icon name="share-network" className="h-5 w-5" />
              ) : (
                <Icon name="link-simple" className="h-5 w-5" />
              )}
              {canShareNatively ? "Share" : "Copy link"}
            </button>
          </li>
        ) : null}
        {shareLinks(target).map(({ network, href, icon, newTab }) => (
          <li key={network}>
            <a
              href={href}
              className={pill}
              {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              aria-label={
                network === "Email" ? "Share by email" : `Share on ${network} (opens in a new tab)`
              }
            >
              <Icon name={icon} className="h-5 w-5" weight="fill" />
              {network}
            </a>
          </li>
        ))}
      </ul>
      {/* Always in the page, so screen readers are listening before the text changes. */}
      <p
        role="status"
        aria-live="polite"
        className={`mt-3 flex min-h-6 items-center gap-1.5 text-sm font-medium ${
          status?.ok === false ? "text-red-700" : "text-green-800"
        }`}
      >
        {status?.ok ? <Icon name="check" className="h-4 w-4" weight="bold" /> : null}
        {status?.text}
      </p>
    </div>
  );
}
