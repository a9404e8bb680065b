// A bar chart of visitors per day, drawn on the server as inline SVG: no chart library, no
// JavaScript, nothing to download, and it prints.
//
// The bars live in an SVG whose viewBox stretches to its box (preserveAspectRatio="none"), so the
// chart fills any width from a phone to a wide screen. Text inside such an SVG would stretch
// with it, so the axis labels are HTML laid over the same percentages instead; they stay crisp
// and readable at every size. Screen readers get one summary (role="img" + aria-label, plus
// <title>/<desc>); the table beside the chart carries every figure. Each bar has a <title>, which
// browsers show as a tooltip.
import { formatCount } from "./stat-tile";
import { shortDate, type VisitorRow } from "./visitor-table";

const LONG_DATE = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const AXIS_DATE = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

const longDate = (date: string) => LONG_DATE.format(new Date(`${date}T00:00:00Z`));
const axisDate = (date: string) => AXIS_DATE.format(new Date(`${date}T00:00:00Z`));

/** The top of the axis and its step: 1, 2 or 5 times a power of ten, at most 5 steps. */
export function niceScale(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 10, step: 5 };
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const roundedStep = Math.max(1, step);
  return { top: Math.ceil(max / roundedStep) * roundedStep, step: roundedStep };
}

/** One sentence for screen readers: the period, the total, the average and the busiest day. */
export function chartSummary(series: VisitorRow[]): string {
  if (series.length === 0) return "Bar chart of visitors per day: no days to show.";
  const first = series[0] as VisitorRow;
  const last = series.at(-1) as VisitorRow;
  const total = series.reduce((sum, s) => sum + s.count, 0);
  const period = `from ${longDate(first.date)} to ${longDate(last.date)}`;
  if (total === 0) return `Bar chart of visitors per day ${period}: no visitors recorded.`;
  const peak = series.reduce((best, s) => (s.count > best.count ? s : best), first);
  const average = Math.round(total / series.length);
  return `Bar chart of visitors per day ${period}: ${formatCount(total)} visitors in total, ${formatCount(average)} a day on average, the most on ${longDate(peak.date)} with ${formatCount(peak.count)}.`;
}

// viewBox units: each day is 10 wide, the plot 100 high.
const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;

export function VisitorChart({
  series,
  today,
  id = "visitor-chart",
}: {
  /** Oldest first, one entry per day, missing days already filled with 0. */
  series: VisitorRow[];
  today?: string;
  /** Prefix of the ids tying the SVG to its title and description. */
  id?: string;
}) {
  const max = series.reduce((m, s) => Math.max(m, s.count), 0);
  const { top, step } = niceScale(max);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const width = Math.max(series.length, 1) * SLOT;
  const summary = chartSummary(series);
  // Five date labels under the chart, a week apart, ending on the last day.
  const labelled = series
    .map((s, index) => ({ ...s, index }))
    .filter((s) => (series.length - 1 - s.index) % 7 === 0);

  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
      {/* Y axis: HTML labels at the gridlines' heights. */}
      <div
        aria-hidden="true"
        className="relative h-48 w-10 text-right text-slate-700 text-xs sm:h-56"
      >
        {ticks.map((t) => (
          <span
            key={t}
            className="absolute right-0 translate-y-1/2 tabular-nums leading-none"
            style={{ bottom: `${(t / top) * 100}%` }}
          >
            {formatCount(t)}
          </span>
        ))}
      </div>
      <div className="relative h-48 sm:h-56">
        <svg
          role="img"
          aria-label={summary}
          aria-describedby={`${id}-desc`}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full overflow-visible"
          data-chart="visitors"
        >
          <title id={`${id}-title`}>{`Visitors per day, last ${series.length} days`}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {ticks.map((t) => (
            <line
              key={t}
              x1={0}
              x2={width}
              y1={HEIGHT - (t / top) * HEIGHT}
              y2={HEIGHT - (t / top) * HEIGHT}
              className={t === 0 ? "stroke-slate-300" : "stroke-slate-200"}
              strokeWidth={1}
              strokeDasharray={t === 0 ? undefined : "4 4"}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {series.map((s, i) => {
            const h = (s.count / top) * HEIGHT;
            // A zero day still gets a sliver, so the gap reads as "0" and has a tooltip.
            const drawn = Math.max(h, 0.8);
            const isToday = s.date === today;
            return (
              <rect
                key={s.date}
                x={i * SLOT + (SLOT - BAR) / 2}
                y={HEIGHT - drawn}
                width={BAR}
                height={drawn}
                rx={0.6}
                data-date={s.date}
                data-count={s.count}
                className={
                  s.count === 0
                    ? "fill-slate-300"
                    : isToday
                      ? "fill-blue-800 hover:fill-blue-950"
                      : "fill-blue-500 hover:fill-blue-700"
                }
              >
                <title>{`${shortDate(s.date)}: ${formatCount(s.count)} ${s.count === 1 ? "visitor" : "visitors"}${isToday ? " (today)" : ""}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {/* X axis: a few dates under their bars. */}
      <div />
      <div aria-hidden="true" className="relative mt-2 h-4 text-slate-700 text-xs">
        {labelled.map((s) => (
          <span
            key={s.date}
            className={`absolute top-0 whitespace-nowrap leading-none ${
              s.index === series.length - 1 ? "right-0" : "-translate-x-1/2"
            }`}
            style={
              s.index === series.length - 1
                ? undefined
                : { left: `${((s.index + 0.5) / Math.max(series.length, 1)) * 100}%` }
            }
          >
            {s.date === today ? "Today" : axisDate(s.date)}
          </span>
        ))}
      </div>
    </div>
  );
}
