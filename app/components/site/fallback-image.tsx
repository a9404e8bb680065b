// An <img> that swaps to a default picture when its source is missing or broken (SPEC §8:
// "Broken images fall back to a default avatar/image"). The server renders the fallback when
// there is no source at all; a broken source is replaced once JavaScript runs, including one
// that failed before hydration (it is then `complete` with no natural width).
import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";
import { isSafeImageSrc } from "~/lib/links";

export const DEFAULT_IMAGE = "/demo/default-image.webp";
export const DEFAULT_AVATAR = "/demo/default-avatar.webp";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  src: string | null | undefined;
  fallback?: string;
  /** Required so every image reserves its space (no layout shift). */
  width: number;
  height: number;
  alt: string;
};

export function FallbackImage({ src, fallback = DEFAULT_IMAGE, ...props }: Props) {
  const initial = isSafeImageSrc(src) ? src.trim() : fallback;
  const [current, setCurrent] = useState(initial);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => setCurrent(initial), [initial]);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && current !== fallback) setCurrent(fallback);
  }, [current, fallback]);

  return (
    // biome-ignore lint/a11y/useAltText: alt is a required prop and spread here.
    <img
      ref={ref}
      src={current}
      decoding="async"
      onError={() => {
        if (current !== fallback) setCurrent(fallback);
      }}
      {...props}
    />
  );
}
