// /admin/dashboard: content counts, new requests waiting, today's visitors, a 30-day chart and
// the visitor statistics table. The loader runs on every visit to the exact path, so the counts
// refresh whenever the path is exactly /admin/dashboard.
//
// Counts and visitor stats load separately: when one fails for a reason other than a database
// outage, the page shows that half's error text and still shows the other. An outage
// is rethrown: the whole site answers 503 then (app/entry.server.tsx), and a half-empty
// dashboard would only hide that.
import {
  BriefcaseIcon,
  ChatTextIcon,
  ClipboardTextIcon,
  NewspaperIcon,
  UsersIcon,
} from "@phosphor-icons/react";
import type { ReactNode } from "react";
import { isDatabaseConnectivityError } from "#db/client.server";
import { formatCount, StatTile } from "~/components/admin/stat-tile";
import { flashOf } from "~/components/admin/use-flash";
import { VisitorChart } from "~/components/admin/visitor-chart";
import { shortDate, VisitorTable } from "~/components/admin/visitor-table";
import { requireAdmin } from "~/domain/auth.server";
import {
  type DashboardCounts,
  getDashboardCounts,
  getVisitorSummary,
  type VisitorSummary,
} from "~/domain/dashboard.server";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/dashboard";

/** The texts the original client showed for each failed half. */
export const COUNTS_ERROR = "Error loading dashboard stats: Failed to fetch dashboard stats";
export const VISITORS_ERROR = "Error loading visitor stats: Failed to fetch visitor stats";

type Loaded<T> = { ok: true; data: T } | { ok: false; error: string };

async function attempt<T>(what: string, load: Promise<T>, error: string): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await load };
  } catch (cause) {
    if (isDatabaseConnectivityError(cause)) throw cause;
    // The admin sees SPEC's fixed text; the details are for the operator's log only.
    console.error(`[dashboard] Loading ${what} failed:`, cause);
    return { ok: false, error };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const [counts, visitors] = await Promise.all([
    attempt("counts", getDashboardCounts(), COUNTS_ERROR),
    attempt("visitor stats", getVisitorSummary(now), VISITORS_ERROR),
  ]);
  return { counts, visitors };
}

// The admin's shared title pattern and robots rule (app/lib/admin-meta.ts).
export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Dashboard", flashOf(matches));

const STATS_ID = "visitor-statistics";

function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 px-5 py-4 font-medium text-red-800"
    >
      {children}
    </p>
  );
}

function Card({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-slate-100 border-b px-5 py-4">
        <h2 id={`${id}-heading`} className="font-semibold text-lg text-slate-900">
          {title}
        </h2>
        {description ? <p className="text-slate-700 text-sm">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function CountTiles({ counts }: { counts: DashboardCounts }) {
  return (
    <>
      <StatTile
        className="sm:col-span-2"
        label="Blogs"
        value={counts.blogCount}
        sub="Posts on the public blog"
        href="/admin/dashboard/blogs"
        linkLabel="Manage blog posts"
        icon={NewspaperIcon}
      />
      <StatTile
        className="sm:col-span-2"
        label="Internships"
        value={counts.internshipCount}
        sub={`${counts.activeInternshipCount} active · ${counts.internshipCount - counts.activeInternshipCount} inactive`}
        href="/admin/dashboard/intership-page"
        linkLabel="Manage internships"
        icon={BriefcaseIcon}
      />
    </>
  );
}

function VisitorsTodayTile({ visitors }: { visitors: VisitorSummary }) {
  return (
    <StatTile
      className="sm:col-span-2"
      label="Visitors Today"
      value={visitors.todayCount}
      sub={<time dateTime={visitors.todayDate}>{shortDate(visitors.todayDate)} (UTC)</time>}
      href={`#${STATS_ID}`}
      linkLabel="See visitors per day"
      icon={UsersIcon}
    />
  );
}

function InboxTiles({ counts }: { counts: DashboardCounts }) {
  return (
    <>
      <StatTile
        className="sm:col-span-3"
        label="New quote requests"
        value={counts.newQuoteCount}
        sub={counts.newQuoteCount === 0 ? "Nothing waiting" : "Pending, waiting for a reply"}
        href="/admin/dashboard/quotes"
        linkLabel="View quote requests"
        icon={ClipboardTextIcon}
        highlight
      />
      <StatTile
        className="sm:col-span-3"
        label="New contact messages"
        value={counts.newContactCount}
        sub={counts.newContactCount === 0 ? "Nothing unread" : "Not read yet"}
        href="/admin/dashboard/contact-forms"
        linkLabel="View contact messages"
        icon={ChatTextIcon}
        highlight
      />
    </>
  );
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { counts, visitors } = loaderData;
  const series = visitors.ok ? visitors.data.series : [];
  const total = series.reduce((sum, s) => sum + s.count, 0);
  const average = series.length ? Math.round(total / series.length) : 0;
  return (
    // min-w-0: as a grid item of the layout this would otherwise grow to the table's widest
    // row on a phone instead of letting the table scroll.
    <div className="min-w-0 space-y-8">
      <header>
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">Dashboard</h1>
        <p className="mt-1 text-slate-700">
          Your content, today's visitors and the requests waiting for an answer.
        </p>
      </header>

      <section aria-labelledby="overview-heading" className="space-y-4">
        <h2 id="overview-heading" className="sr-only">
          Overview
        </h2>
        {counts.ok ? null : <ErrorBox>{counts.error}</ErrorBox>}
        <div className="grid gap-4 sm:grid-cols-6">
          {counts.ok ? <CountTiles counts={counts.data} /> : null}
          {visitors.ok ? <VisitorsTodayTile visitors={visitors.data} /> : null}
          {counts.ok ? <InboxTiles counts={counts.data} /> : null}
        </div>
      </section>

      {visitors.ok ? (
        <>
          <Card
            id="visitor-trend"
            title="Visitors, last 30 days"
            description={`${formatCount(total)} in total · ${formatCount(average)} a day on average`}
          >
            <div className="px-4 pt-6 pb-4 sm:px-6">
              <VisitorChart series={visitors.data.series} today={visitors.data.todayDate} />
            </div>
          </Card>
          <Card
            id={STATS_ID}
            title="Visitor statistics"
            description="Visitors per day (UTC), newest first"
          >
            <VisitorTable stats={visitors.data.visitorStats} today={visitors.data.todayDate} />
          </Card>
        </>
      ) : (
        <ErrorBox>{visitors.error}</ErrorBox>
      )}
    </div>
  );
}
