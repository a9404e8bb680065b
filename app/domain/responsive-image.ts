// srcset for images stored on this site (issue 10 "Images"; docs/decisions/017): /images/<id>
// answers `?w=<one of IMAGE_WIDTHS>` with a resized copy in the best format the browser's
// Accept names (routes/images.ts). The markup never depends on the request: the same HTML
// serves every browser (the page cache keeps it), the format is chosen at /images.
import { IMAGE_WIDTHS, STORED_IMAGE_PATH } from "./image";

export interface ResponsiveImageAttributes {
  srcSet?: string;
  sizes?: string;
}

/**
 * `srcSet` and `sizes` for `src` when it is one of our stored images, else nothing (demo files
 * under /demo/, Cloudinary and other addresses are shown as they are). `maxWidth` leaves out
 * candidates a slot never needs (a 48 px avatar has no use for 1920 px). A candidate wider than
 * the stored file is answered at the file's own width (never upscaled); its `w` descriptor then
 * overstates it, which only matters to an image without a CSS width, and ours all have one.
 */
export function responsiveImage(
  src: string | null | undefined,
  sizes: string | undefined,
  maxWidth = Number.POSITIVE_INFINITY,
): ResponsiveImageAttributes {
  const path = src?.trim();
  if (!sizes || !path || !STORED_IMAGE_PATH.test(path)) return {};
  const widths = IMAGE_WIDTHS.filter((w, i) => i === 0 || w <= maxWidth);
  return { srcSet: widths.map((w) => `${path}?w=${w} ${w}w`).join(", "), sizes };
}

/**
 * `sizes` of the site's recurring boxes, at Tailwind's breakpoints (sm 640, md 768, lg 1024) and
 * the page container (max-w-7xl: 1280 px with px-4 / sm:px-6 / lg:px-8).
 */
export const IMAGE_SIZES = {
  /** A card in a one / two (md) / three (lg) column grid with gap-8. */
  cardGrid:
    "(min-width: 1280px) 384px, (min-width: 1024px) calc((100vw - 128px) / 3), (min-width: 768px) calc((100vw - 80px) / 2), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)",
} as const;

/** The widest variant a small round avatar (40-56 CSS px) needs, at up to 3 device pixels. */
export const AVATAR_MAX_WIDTH = 160;
