// A 1-5 rating drawn as stars (SPEC §3), announced once as text.
import { Icon } from "~/components/icon/icon";

export function Stars({ rating }: { rating: number }) {
  const value = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <p className="flex items-center gap-0.5" role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon
          key={n}
          name="star"
          weight={n <= value ? "fill" : "regular"}
          className={`h-5 w-5 ${n <= value ? "text-amber-500" : "text-slate-300"}`}
        />
      ))}
    </p>
  );
}
