// /admin/dashboard/footer: the footer, one document, built by the content kit from
// app/content/footer.ts (view, `?edit`, Save: kit/document-screen.tsx says how). The company name
// is also the site's brand in the top bar.
import { footerStore } from "~/content/documents.server";
import { type Footer, footer } from "~/content/footer";
import { documentAdmin } from "~/content/kit/document-admin.server";
import { DocumentScreen, documentMeta } from "~/content/kit/document-screen";
import type { Route } from "./+types/footer";

const screen = documentAdmin(footerStore);

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);
export const meta: Route.MetaFunction = (args) => documentMeta(footer, args);

export default function FooterAdmin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DocumentScreen
      type={footer}
      loaderData={loaderData}
      actionData={actionData}
      view={<FooterView footer={loaderData.doc ?? footer.toRecord(null)} />}
    />
  );
}

function FooterView({ footer }: { footer: Footer }) {
  return (
    <section className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div>
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Company</h2>
        <p className="mt-1 text-lg text-slate-900">{footer.copyright || "Not set"}</p>
      </div>
      <RowsTable
        title="Links"
        empty="No footer links."
        headers={["Label", "Link"]}
        rows={footer.links.map((l) => [l.label, l.url])}
      />
      <RowsTable
        title="Social profiles"
        empty="No social profiles."
        headers={["Platform", "Link"]}
        rows={footer.social.map((s) => [s.platform, s.url])}
      />
    </section>
  );
}

function RowsTable({
  title,
  empty,
  headers,
  rows,
}: {
  title: string;
  empty: string;
  headers: [string, string];
  rows: [string, string][];
}) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      {rows.length ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col" className="py-2 pr-4 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-800">
              {rows.map(([a, b], i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; order is stable.
                <tr key={i}>
                  <td className="py-2 pr-4 font-medium">{a}</td>
                  <td className="py-2 pr-4 break-all">{b}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-1 text-slate-700">{empty}</p>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
