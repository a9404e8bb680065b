// Back-to-top. Without JavaScript it is a plain link to the top of the page at its end; with
// JavaScript it appears after 300 px of scrolling and scrolls smoothly (instantly when the
// visitor prefers reduced motion).
import { useEffect, useState } from "react";
import { Icon } from "~/components/icon/icon";
import { useHydrated } from "~/lib/use-hydrated";

const BACK_TO_TOP_THRESHOLD = 300;

export function BackToTop() {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  if (!hydrated) {
    // Without JavaScript: an ordinary link at the very end of the page, where it covers
    // nothing (a floating button could not hide itself near the top).
    return (
      <p className="bg-slate-900 pb-6 text-center">
        <a
          href="#top"
          className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-slate-200 underline-offset-4 hover:text-white hover:underline"
        >
          <Icon name="arrow-up" className="h-4 w-4" weight="bold" />
          Back to top
        </a>
      </p>
    );
  }

  // `invisible` also takes the hidden link out of the tab order and the accessibility tree.
  const hidden = !visible;
  return (
    // A real link to the top, enhanced with smooth scrolling and focus handling.
    // biome-ignore lint/a11y/useValidAnchor: it also works as a plain link without JavaScript.
    <a
      href="#top"
      onClick={(event) => {
        event.preventDefault();
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        // Keyboard users continue from the top of the page, not from the footer.
        document.getElementById("top")?.focus({ preventScroll: true });
      }}
      className={`fixed right-4 bottom-4 z-30 flex h-12 w-12 items-center justify-center rounded-full bg-blue-700 text-white shadow-lg transition-all hover:bg-blue-800 sm:right-6 sm:bottom-6 ${
        hidden ? "invisible translate-y-4 opacity-0" : "opacity-100"
      }`}
    >
      <Icon name="arrow-up" className="h-5 w-5" weight="bold" />
      <span className="sr-only">Back to top</span>
    </a>
  );
}
