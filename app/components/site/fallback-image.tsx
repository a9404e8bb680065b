// An <img> that swaps to a default picture (an avatar for people) when its source is missing
// or broken, so a page never shows a broken image. The server renders the fallback when
// there is no source at all; a broken source is replaced once JavaScript runs, including one
// that failed before hydration (it is then `complete` with no natural width).
// A stored image (/images/<id>) also gets a srcset of its resized variants for the `sizes`
// given (domain/responsive-image.ts); the fallback is shown without one.
import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";
import { AVATAR_MAX_WIDTH, IMAGE_SIZES, responsiveImage } from "~/domain/responsive-image";
import { isSafeImageSrc } from "~/lib/links";

export const DEFAULT_IMAGE = "/demo/default-image.webp";
export const DEFAULT_AVATAR = "/demo/default-avatar.webp";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string | null | undefined;
  fallback?: string;
  /** Required so every image reserves its space (no layout shift). */
  width: number;
  height: number;
  alt: string;
  /**
   * The rendered width at each breakpoint, as for `<img sizes>`: without it there is no srcset
   * (the admin's thumbnails show the stored file).
   */
  sizes?: string;
  /** The widest variant this slot can use (CSS width × 2-3 device pixels). */
  maxWidth?: number;
};

export function FallbackImage({ src, fallback = DEFAULT_IMAGE, sizes, maxWidth, ...props }: Props) {
  const initial = isSafeImageSrc(src) ? src.trim() : fallback;
  const [current, setCurrent] = useState(initial);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => setCurrent(initial), [initial]);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && current !== fallback) setCurrent(fallback);
  }, [current, fallback]);

  // Without a srcset the browser would keep showing the broken variant it picked.
  const responsive = current === fallback ? {} : responsiveImage(current, sizes, maxWidth);
  return (
    // biome-ignore lint/a11y/useAltText: alt is a required prop and spread here.
    <img
      ref={ref}
      {...responsive}
      src={current}
      decoding="async"
      onError={() => {
        if (current !== fallback) setCurrent(fallback);
      }}
      {...props}
    />
  );
}

/**
 * A person's picture, `size` CSS pixels square (the class draws it round): the default avatar
 * when there is none or it is broken; decorative (alt="") beside the person's name.
 */
export function Avatar({
  src,
  size,
  className,
  loading,
}: {
  src: string | null | undefined;
  size: number;
  className: string;
  loading?: "lazy";
}) {
  return (
    <FallbackImage
      src={src}
      fallback={DEFAULT_AVATAR}
      alt=""
      width={size}
      height={size}
      sizes={`${size}px`}
      maxWidth={AVATAR_MAX_WIDTH}
      loading={loading}
      className={className}
    />
  );
}

/** The 16:9 picture at the top of a card in a grid; `eager` for the cards in view at first. */
export function CardImage({
  src,
  alt = "",
  width,
  eager,
  fallback,
}: {
  src: string | null | undefined;
  /** What the picture shows; "" when it only decorates (or was not described yet). */
  alt?: string;
  /** The stored picture's width (its height follows from 16:9). */
  width: number;
  eager: boolean;
  /** The picture when there is none or it is broken (default: the generic one). */
  fallback?: string;
}) {
  return (
    <FallbackImage
      src={src}
      fallback={fallback}
      alt={alt}
      width={width}
      height={(width * 9) / 16}
      sizes={IMAGE_SIZES.cardGrid}
      loading={eager ? "eager" : "lazy"}
      className="aspect-video w-full bg-slate-100 object-cover"
    />
  );
}
