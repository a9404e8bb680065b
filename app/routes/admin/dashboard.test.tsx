import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, redirect } from "react-router";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, DatabaseUnavailableError } from "#db/client.server";
import { requireAdmin } from "~/domain/auth.server";
import { getDashboardCounts, getVisitorSummary } from "~/domain/dashboard.server";
import { clearDashboardData, seedDashboardDemo } from "../../../tests/support/dashboard-data";
import DashboardPage, { COUNTS_ERROR, loader, meta, VISITORS_ERROR } from "./dashboard";

// The session itself is tested with auth.server; here the loader only has to ask for it first.
vi.mock("~/domain/auth.server", () => ({
  requireAdmin: vi.fn(async () => ({
    admin: { _id: "0".repeat(24), email: "admin@bureau.test" },
    sessionId: "s",
  })),
}));
// The real queries, wrapped so a test can make one of them fail.
vi.mock("~/domain/dashboard.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/domain/dashboard.server")>();
  return {
    ...real,
    getDashboardCounts: vi.fn(real.getDashboardCounts),
    getVisitorSummary: vi.fn(real.getVisitorSummary),
  };
});

afterAll(closeDatabase);
beforeEach(async () => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  await clearDashboardData();
});

const request = () => new Request("http://localhost/admin/dashboard");
// biome-ignore lint/suspicious/noExplicitAny: the generated route argument types are not needed here.
const callLoader = () => loader({ request: request(), params: {}, context: {} } as any);

type LoaderData = Awaited<ReturnType<typeof loader>>;

const Stub = createRoutesStub([
  { id: "page", path: "/admin/dashboard", Component: DashboardPage as never },
]);
function render(data: LoaderData): string {
  return renderToStaticMarkup(
    <Stub initialEntries={["/admin/dashboard"]} hydrationData={{ loaderData: { page: data } }} />,
  );
}

const seedDemo = () => seedDashboardDemo();

describe("dashboard loader", () => {
  it("asks for the admin before reading anything", async () => {
    vi.mocked(requireAdmin).mockRejectedValueOnce(
      redirect("/admin/login?redirectTo=%2Fadmin%2Fdashboard"),
    );
    const thrown = await callLoader().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fdashboard",
    );
    expect(getDashboardCounts).not.toHaveBeenCalled();
    expect(getVisitorSummary).not.toHaveBeenCalled();
  });

  it("reads the counts and the visitor stats from the database", async () => {
    const demo = await seedDemo();
    const { counts, visitors } = await callLoader();
    expect(counts).toEqual({
      ok: true,
      data: {
        blogCount: 7,
        internshipCount: 10,
        activeInternshipCount: demo.internships.filter((i) => i.isActive).length,
        newQuoteCount: 2,
        newContactCount: 2,
      },
    });
    if (!visitors.ok) throw new Error("visitor stats failed");
    const today = new Date().toISOString().slice(0, 10);
    expect(visitors.data.todayDate).toBe(today);
    expect(visitors.data.todayCount).toBe(demo.visitorStats.find((s) => s.date === today)?.count);
    expect(visitors.data.visitorStats).toHaveLength(30);
  });

  it("shows SPEC's error text for the counts and still the visitor stats", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(getDashboardCounts).mockRejectedValueOnce(new Error("bad query"));
    const data = await callLoader();
    expect(data.counts).toEqual({ ok: false, error: COUNTS_ERROR });
    expect(data.visitors.ok).toBe(true);
    expect(log).toHaveBeenCalledOnce();
    const html = render(data);
    expect(html).toContain(
      '<p role="alert" class="rounded-2xl border border-red-200 bg-red-50 px-5 py-4 font-medium text-red-800">Error loading dashboard stats: Failed to fetch dashboard stats</p>',
    );
    expect(html).not.toContain("Blogs</h3>");
    expect(html).toContain("Visitors Today</h3>");
    expect(html).toContain("No visitor data available");
  });

  it("shows SPEC's error text for the visitor stats and still the counts", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(getVisitorSummary).mockRejectedValueOnce(new TypeError("bad document"));
    const data = await callLoader();
    expect(data.visitors).toEqual({ ok: false, error: VISITORS_ERROR });
    const html = render(data);
    expect(html).toContain(
      'role="alert" class="rounded-2xl border border-red-200 bg-red-50 px-5 py-4 font-medium text-red-800">Error loading visitor stats: Failed to fetch visitor stats</p>',
    );
    expect(html).toContain("Blogs</h3>");
    expect(html).not.toContain("Visitors Today</h3>");
    expect(html).not.toContain("data-chart");
  });

  it("lets a database outage through, so the site answers 503", async () => {
    vi.mocked(getVisitorSummary).mockRejectedValueOnce(new DatabaseUnavailableError());
    await expect(callLoader()).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});

describe("dashboard page", () => {
  it("shows the tiles, the chart and the table", async () => {
    await seedDemo();
    const data = await callLoader();
    const html = render(data);
    expect(html).toContain(">Dashboard</h1>");
    for (const label of [
      "Blogs",
      "Internships",
      "Visitors Today",
      "New quote requests",
      "New contact messages",
    ]) {
      expect(html).toContain(`${label}</h3>`);
    }
    expect(html).toMatch(/href="\/admin\/dashboard\/quotes"[^>]*>View quote requests/);
    expect(html).toMatch(/href="\/admin\/dashboard\/contact-forms"[^>]*>View contact messages/);
    expect(html.match(/<rect /g)).toHaveLength(30);
    expect(html.match(/<tr/g)).toHaveLength(31);
    expect(html).not.toContain('role="alert"');
  });

  it("says there is no visitor data on an empty site", async () => {
    const html = render(await callLoader());
    expect(html).toContain("No visitor data available");
    expect(html).toContain("no visitors recorded");
  });

  it("has an admin title and is kept out of search engines", () => {
    // biome-ignore lint/suspicious/noExplicitAny: meta only reads the layout's flash.
    expect(meta({ matches: [] } as any)).toEqual([
      { title: "Dashboard · Bureau admin" },
      { name: "robots", content: "noindex, nofollow" },
    ]);
  });
});
