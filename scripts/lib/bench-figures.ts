// The figures `npm run bench` reports, apart from the measuring: medians over rounds, and the
// WordPress figures the uncached target is set against.

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The median over rounds of a ratio taken within each round (a[i] / b[i]): a change in the
 * machine's load during one round moves both sides of that round's ratio alike.
 */
export function medianRatio(a: number[], b: number[]): number {
  if (a.length !== b.length) throw new Error("medianRatio: one figure per round on each side");
  return median(a.map((value, round) => value / (b[round] as number)));
}

/**
 * WordPress 6.1 uncached (Debian's package, PHP 8.2 with opcache, MariaDB), as issue 25 measured
 * it on this 2-core machine with wrk: 54 requests/s on the home page, 41 on a blog post. These
 * are constants, not measured by the bench. /services and the internships page had no
 * WordPress counterpart measured: the home page's figure stands for them, and says so.
 */
export function wordpressUncached(page: string): { rps: number; label: string } {
  if (page === "/") return { rps: 54, label: "54" };
  if (page.startsWith("/blog/")) return { rps: 41, label: "41" };
  return { rps: 54, label: "54 (`/`'s)" };
}
