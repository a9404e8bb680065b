import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_LIST_INDEX, onlyFields, parseFormWith, UNREADABLE_TEXT } from "./form-data.server";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const names = (data: FormData) => [...data.keys()];

describe("onlyFields", () => {
  it("keeps the schema's fields, their list rows and conform's intent", () => {
    const kept = onlyFields(
      form([
        ["title", "a"],
        ["links[0].label", "Home"],
        ["links[1].url", "/"],
        ["tags", "x"],
        ["tags", "y"],
        ["__intent__", '{"type":"remove","payload":{"name":"links","index":0}}'],
        ["other", "z"],
        ["titles", "no"],
      ]),
      ["title", "links", "tags"],
    );
    expect(names(kept)).toEqual([
      "title",
      "links[0].label",
      "links[1].url",
      "tags",
      "tags",
      "__intent__",
    ]);
  });

  it("drops an intent that is not conform's JSON, so a hand-made post cannot crash the action", () => {
    const schema = z.object({ title: z.string() });
    for (const garbage of ["garbage", "{}", "[]", "null", '{"type":1}', "{".repeat(5000)]) {
      const data = form([
        ["title", "a"],
        ["__intent__", garbage],
      ]);
      expect(names(onlyFields(data, ["title"]))).toEqual(["title"]);
      expect(parseFormWith(data, schema).status).toBe("success");
    }
  });

  it("drops giant indexes, deep paths and odd names", () => {
    const kept = onlyFields(
      form([
        [`links[${MAX_LIST_INDEX}].label`, "x"],
        ["links[99999999]", "x"],
        [`links${"[0]".repeat(6000)}`, "x"],
        [`links${".a".repeat(10)}`, "x"],
        ["links[-1]", "x"],
        ["links[0]]", "x"],
        ["links.__proto__.x", "x"],
        ["links[$ne]", "x"],
      ]),
      ["links"],
    );
    expect(names(kept)).toEqual([]);
  });

  it("parses list forms quickly whatever the body holds", () => {
    const schema = z.object({ links: z.array(z.object({ label: z.string() })) });
    const started = Date.now();
    const result = parseFormWith(
      form([
        ["links[0].label", "Home"],
        ["links[99999999].label", "x"],
      ]),
      schema,
    );
    expect(Date.now() - started).toBeLessThan(500);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({ links: [{ label: "Home" }] });
  });
});

describe("parseFormWith and bytes that are not UTF-8", () => {
  const schema = z.object({
    question: z.string().min(1),
    answer: z.string().min(1),
    links: z.array(z.object({ label: z.string() })).default([]),
  });

  it("refuses a value the decoder garbled (U+FFFD), naming the field", async () => {
    // Raw 0xFF 0xFE bytes in a form body, decoded as a browser-built request would be.
    const body = Buffer.concat([
      Buffer.from("question="),
      Buffer.from([0xff, 0xfe]),
      Buffer.from("&answer=fine&links[0].label=%C3%28"),
    ]);
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    const result = parseFormWith(await request.formData(), schema);
    expect(result.status).toBe("error");
    const error = result.status === "error" ? result.error : null;
    expect(error?.question).toEqual([UNREADABLE_TEXT]);
    expect(error?.["links[0].label"]).toEqual([UNREADABLE_TEXT]);
    expect(error?.answer).toBeUndefined();
  });

  it("refuses a NUL character, which passes a 'not blank' check as text", () => {
    const result = parseFormWith(
      form([
        ["question", "\u0000\u0000"],
        ["answer", "fine"],
      ]),
      schema,
    );
    expect(result.status).toBe("error");
    expect(result.status === "error" ? result.error?.question : null).toEqual([UNREADABLE_TEXT]);
  });

  it("accepts every other character, accents and emoji included", () => {
    const result = parseFormWith(
      form([
        ["question", "Ça marche ? 🦄"],
        ["answer", "Ja, schön."],
      ]),
      schema,
    );
    expect(result.status).toBe("success");
  });
});
