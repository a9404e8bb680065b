// 'What Our Clients Say': keen-slider with 3 slides (1 below 768 px), autoplay
// every 2000 ms, 600 ms transitions, dots, no arrows, looping, paused on hover.
//
// Without JavaScript (and during hydration) the testimonials render as a horizontally
// scrollable, snap-aligned row laid out like the slider, so every one stays readable. Once
// React runs, the slider replaces it. For WCAG 2.2.2 there is a visible pause control; the
// carousel also pauses while it holds keyboard focus, and starts paused for visitors who prefer
// reduced motion. Arrow keys move between slides when the carousel has focus.
import { type KeenSliderPlugin, useKeenSlider } from "keen-slider/react";
import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icon/icon";
import type { Testimonial } from "~/content/testimonials";
import { useHydrated } from "~/lib/use-hydrated";
import { Avatar } from "./fallback-image";
import { Stars } from "./stars";

export const CAROUSEL = {
  slidesPerView: 3,
  slidesPerViewBelow768: 1,
  autoplayMs: 2000,
  speedMs: 600,
  spacingPx: 24,
} as const;

type Item = Pick<Testimonial, "_id" | "name" | "title" | "image" | "text" | "rating">;

export function TestimonialCarousel({ testimonials }: { testimonials: Item[] }) {
  const hydrated = useHydrated();
  if (testimonials.length === 0) {
    return <p className="text-center text-slate-700">No testimonials found.</p>;
  }
  if (hydrated) return <Slider testimonials={testimonials} />;
  return (
    <>
      {/* Phones and some desktops hide scrollbars: say that the row goes on. */}
      {testimonials.length > 1 ? (
        <p
          // As tall as the slider's pause row, so hydration does not shift the cards.
          className={`mb-4 flex h-10 items-center text-sm text-slate-600 ${
            testimonials.length <= CAROUSEL.slidesPerView ? "md:hidden" : ""
          }`}
        >
          Scroll sideways to read all {testimonials.length} testimonials.
        </p>
      ) : null}
      <ul
        aria-label="Testimonials"
        className="flex snap-x snap-mandatory gap-6 overflow-x-auto pb-4"
        // Scrollable without JavaScript: keyboard users can focus it and use the arrow keys.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable.
        tabIndex={0}
      >
        {testimonials.map((t) => (
          <li key={t._id} className="shrink-0 basis-full snap-start md:basis-[calc((100%-3rem)/3)]">
            <TestimonialCard testimonial={t} />
          </li>
        ))}
      </ul>
    </>
  );
}

function Slider({ testimonials }: { testimonials: Item[] }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(
    () => window.matchMedia("(prefers-reduced-motion: reduce)").matches,
  );
  // The autoplay plugin reads these without re-creating the slider.
  const pausedRef = useRef(paused);
  const restart = useRef<() => void>(() => {});
  useEffect(() => {
    pausedRef.current = paused;
    restart.current();
  }, [paused]);

  // A slide every 2000 ms, counted from the start of the previous move (the 600 ms transition
  // is part of the interval, as with the original's autoplaySpeed).
  const autoplay: KeenSliderPlugin = (slider) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hovered = false;
    let focused = false;
    const schedule = () => {
      clearTimeout(timer);
      if (hovered || focused || pausedRef.current) return;
      timer = setTimeout(() => {
        slider.next();
        schedule();
      }, CAROUSEL.autoplayMs);
    };
    restart.current = schedule;
    slider.on("created", () => {
      const el = slider.container;
      el.addEventListener("mouseenter", () => {
        hovered = true;
        clearTimeout(timer);
      });
      el.addEventListener("mouseleave", () => {
        hovered = false;
        schedule();
      });
      el.addEventListener("focusin", () => {
        focused = true;
        clearTimeout(timer);
      });
      el.addEventListener("focusout", (event) => {
        if (el.contains(event.relatedTarget as Node | null)) return;
        focused = false;
        schedule();
      });
      schedule();
    });
    slider.on("dragStarted", () => clearTimeout(timer));
    slider.on("dragEnded", schedule);
    slider.on("updated", schedule);
    slider.on("destroyed", () => clearTimeout(timer));
  };

  // A dot or arrow key starts a fresh interval, so the chosen slide gets its full time.
  const goTo = (move: () => void) => {
    move();
    restart.current();
  };

  const [sliderRef, instanceRef] = useKeenSlider<HTMLDivElement>(
    {
      loop: true,
      defaultAnimation: { duration: CAROUSEL.speedMs },
      slides: { perView: CAROUSEL.slidesPerViewBelow768, spacing: CAROUSEL.spacingPx },
      breakpoints: {
        "(min-width: 768px)": {
          slides: { perView: CAROUSEL.slidesPerView, spacing: CAROUSEL.spacingPx },
        },
      },
      slideChanged: (s) => setCurrent(s.track.details.rel),
    },
    [autoplay],
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Testimonials"
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") goTo(() => instanceRef.current?.next());
        else if (event.key === "ArrowLeft") goTo(() => instanceRef.current?.prev());
        else return;
        event.preventDefault();
      }}
    >
      <div className="mb-4 flex h-10 justify-end">
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:border-blue-400 hover:text-blue-700"
        >
          {paused ? (
            <Icon name="play" weight="fill" className="h-4 w-4" />
          ) : (
            <Icon name="pause" weight="fill" className="h-4 w-4" />
          )}
          {paused ? "Play testimonials" : "Pause testimonials"}
        </button>
      </div>
      <div
        ref={sliderRef}
        className="keen-slider"
        aria-live={paused ? "polite" : "off"}
        // Focusable so the arrow keys work from the slides themselves.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel's keyboard entry point.
        tabIndex={0}
      >
        {testimonials.map((t, i) => (
          // The WAI-ARIA carousel pattern: each slide is a group announced as "slide".
          // biome-ignore lint/a11y/useSemanticElements: a fieldset would be wrong for content.
          <div
            key={t._id}
            className="keen-slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${testimonials.length}`}
          >
            <TestimonialCard testimonial={t} />
          </div>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not form fields. */}
      <div
        className="mt-6 flex justify-center gap-1"
        role="group"
        aria-label="Choose a testimonial"
      >
        {testimonials.map((t, i) => (
          <button
            key={t._id}
            type="button"
            onClick={() => goTo(() => instanceRef.current?.moveToIdx(i))}
            aria-label={`Show testimonial ${i + 1}: ${t.name}`}
            aria-current={current === i ? "true" : undefined}
            className="group flex h-6 w-6 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              // In forced colours (Windows high contrast) backgrounds become the page's colour:
              // the dots keep theirs in system colours, the current one in the text colour.
              className={`block h-2.5 rounded-full transition-all forced-color-adjust-none ${
                current === i
                  ? "w-6 bg-blue-700 forced-colors:bg-[CanvasText]"
                  : "w-2.5 bg-slate-400 group-hover:bg-slate-500 forced-colors:bg-[GrayText]"
              }`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}

function TestimonialCard({ testimonial: t }: { testimonial: Item }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Stars rating={t.rating} />
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>“{t.text}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <Avatar
          src={t.image}
          size={48}
          loading="lazy"
          className="h-12 w-12 rounded-full bg-slate-100 object-cover"
        />
        <span>
          <span className="block font-semibold text-slate-900">{t.name}</span>
          <span className="block text-sm text-slate-600">{t.title}</span>
        </span>
      </figcaption>
    </figure>
  );
}
