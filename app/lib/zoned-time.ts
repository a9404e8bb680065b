// Dates and times in the site's time zone (issue 24's scheduling): staff type a `datetime-local`
// value ("2026-12-03T09:00") meaning the wall clock of the site's zone, the database keeps the
// instant in UTC, and the admin shows it back in the zone with the zone named. Server-free: the
// editor formats with it too.
//
// Daylight saving time: a wall time that does not exist (the hour skipped in spring) means the
// same time one hour on (02:30 → 03:30), and one that happens twice (the hour repeated in
// autumn) means the first of the two, as Temporal's "compatible" disambiguation does.

/** A `datetime-local` value, minutes precision. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** True for an IANA zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone !== "";
  } catch {
    return false;
  }
}

/** Every IANA zone the runtime knows, UTC first (the site settings' choice). */
export function timeZones(): string[] {
  const all = Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC");
  return ["UTC", ...all];
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of `zone` at `ms`, as milliseconds of a UTC date with the same fields. */
function wallClock(ms: number, zone: string): number {
  let format = partsFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormat.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  const whole = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return whole + (ms % 1000);
}

/** How far `zone` is ahead of UTC at the instant `ms`. */
const offsetAt = (ms: number, zone: string) => wallClock(ms, zone) - ms;

/**
 * The instant a `datetime-local` value names in `zone`, or null when the value is not one
 * (empty, malformed, a day that does not exist).
 */
export function zonedToUtc(local: string, zone: string): Date | null {
  const match = LOCAL.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const wall = Date.UTC(y as number, (mo as number) - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== (mo as number) - 1 || check.getUTCDate() !== d || (h as number) > 23)
    return null;
  // The zone's offsets a day either side of the wall time: at most one change lies between.
  const before = offsetAt(wall - 86_400_000, zone);
  const after = offsetAt(wall + 86_400_000, zone);
  const fits = [wall - before, wall - after].filter((ms) => wallClock(ms, zone) === wall);
  // Twice (autumn): the first. Never (spring's gap): with the offset before the change, which
  // lands as far past the gap as the time was into it.
  return new Date(fits.length ? Math.min(...fits) : wall - before);
}

/** The `datetime-local` value (minutes) of `date` on the wall clock of `zone`. */
export function utcToZoned(date: Date, zone: string): string {
  return new Date(wallClock(date.getTime(), zone)).toISOString().slice(0, 16);
}

/** "3 Dec 2026, 09:00 (Europe/Paris)": a date and time as the admin shows a schedule. */
export function formatZoned(date: Date, zone: string): string {
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
  return `${text} (${zone})`;
}
