// CSV exports of the lead inbox (quotes, contact messages, subscribers), RFC 4180: every cell
// quoted, quotes doubled, CRLF between rows, a UTF-8 byte order mark so that spreadsheet apps
// read accents right. A cell a spreadsheet would run as a formula (starting with =, +, -, @, or
// a tab or carriage return that hides one) gets a leading apostrophe: visitors write these
// texts, and a quote request reading `=HYPERLINK("http://evil", "Click")` must stay text.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text as is, dates as ISO 8601, numbers and booleans as written, nothing as empty. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? "" : value.toISOString();
  else if (typeof value === "number" || typeof value === "boolean") return String(value);
  else text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

const BOM = "\uFEFF";

/**
 * A download answer that writes rows as they are read (a cursor over thousands of leads never
 * sits whole in memory). `filename` is ASCII, e.g. `quotes-2026-11-22.csv`.
 */
export function csvResponse(
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
): Response {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvRow(header)));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvRow(next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      // Leads are personal data: never kept by a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
}
