import { describe, expect, it } from "vitest";
import { csvCell, csvResponse, csvRow } from "./csv";

describe("csvCell", () => {
  it("quotes every cell and doubles quotes inside", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line one\nline two\r\nthree")).toBe('"line one\nline two\r\nthree"');
  });

  it("neutralises what a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell("+1 555 0100")).toBe(`"'+1 555 0100"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\t=1+1")).toBe(`"'\t=1+1"`);
    expect(csvCell("\r=1+1")).toBe(`"'\r=1+1"`);
    // Only at the start: an e-mail address or a sum inside a sentence is left alone.
    expect(csvCell("ana@example.com")).toBe('"ana@example.com"');
    expect(csvCell("1+1=2")).toBe('"1+1=2"');
  });

  it("writes dates as ISO 8601, numbers as numbers and nothing as empty", () => {
    expect(csvCell(new Date("2026-11-22T10:00:00Z"))).toBe('"2026-11-22T10:00:00.000Z"');
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });
});

describe("csvRow and csvResponse", () => {
  it("ends each row with CRLF", () => {
    expect(csvRow(["x", "Hi, there"])).toBe('"x","Hi, there"\r\n');
  });

  it("streams the file as a download that no cache keeps", async () => {
    async function* rows() {
      yield ["Ana", "=1"];
      yield ["Bo", 'a "b"'];
    }
    const response = csvResponse("quotes 2026.csv", ["Name", "Message"], rows());
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="quotes_2026.csv"',
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // Bytes, not text(): decoding drops the byte order mark.
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // A BOM, the header, then the rows.
    expect(bytes.toString("utf8")).toBe(
      '\uFEFF"Name","Message"\r\n"Ana","\'=1"\r\n"Bo","a ""b"""\r\n',
    );
  });
});
