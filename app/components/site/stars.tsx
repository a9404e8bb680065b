// A 1-5 rating drawn as stars, announced once as text. The stars are drawn by CSS
// (`.star-rating` in app.css: filled ones in amber, the rest as outlines), one element instead
// of ten: a testimonial carousel shows one per testimonial on every home page render.
export function Stars({ rating }: { rating: number }) {
  const value = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <p
      className="star-rating"
      data-rating={value}
      role="img"
      aria-label={`Rated ${value} out of 5`}
    />
  );
}
