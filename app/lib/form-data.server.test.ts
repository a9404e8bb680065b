import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  listPaths,
  MAX_LIST_INDEX,
  onlyFields,
  parseFormWith,
  readRowIntent,
  UNREADABLE_TEXT,
} from "./form-data.server";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const names = (data: FormData) => [...data.keys()];
/** The Response a call throws, or undefined when it returns. */
const refusalOf = (call: () => unknown): Response | undefined => {
  try {
    call();
    return undefined;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
};

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
      new Set(["links", "tags"]),
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

  it("refuses, as a small 400, any intent a form without lists is sent", async () => {
    const schema = z.object({ name: z.string(), email: z.string() });
    const finding = '{"type":"insert","payload":{"name":"name[10000000]"}}';
    for (const intent of [finding, '{"type":"validate","payload":{}}', "garbage", "{}", "null"]) {
      const refusal = refusalOf(() =>
        parseFormWith(
          form([
            ["name", "a"],
            ["__intent__", intent],
          ]),
          schema,
        ),
      );
      expect(refusal?.status).toBe(400);
      expect((await refusal?.text())?.length).toBeLessThan(100);
    }
  });

  it("lets a list form carry out only its own insert and remove, within the list bounds", () => {
    const schema = z.object({
      title: z.string(),
      links: z.array(z.object({ label: z.string() })).optional(),
      cta: z.object({ buttons: z.array(z.object({ label: z.string() })) }),
    });
    const post = (intent: unknown, extra: [string, string][] = []) =>
      refusalOf(() =>
        parseFormWith(
          form([
            ["title", "a"],
            ["links[0].label", "Home"],
            ["cta.buttons[0].label", "Go"],
            ...extra,
            ["__intent__", typeof intent === "string" ? intent : JSON.stringify(intent)],
          ]),
          schema,
        ),
      )?.status ?? "carried out";
    const insert = (payload: unknown) => post({ type: "insert", payload });
    expect(insert({ name: "links" })).toBe("carried out");
    expect(insert({ name: "links", defaultValue: { label: "" } })).toBe("carried out");
    expect(insert({ name: "cta.buttons", index: 1 })).toBe("carried out");
    expect(post({ type: "remove", payload: { name: "links", index: 0 } })).toBe("carried out");
    expect(post({ type: "validate", payload: {} })).toBe("carried out");
    for (const refused of [
      insert({ name: "links[10000000]" }),
      insert({ name: "links", index: 10_000_000 }),
      insert({ name: "links", index: MAX_LIST_INDEX }),
      insert({ name: "title" }),
      insert({ name: "__proto__" }),
      insert({ name: "links.__proto__" }),
      post('{"type":"insert","payload":{"name":"links","defaultValue":{"__proto__":"x"}}}'),
      insert({ name: "links", defaultValue: "x".repeat(5000) }),
      insert({ name: "links", extra: 1 }),
      post({ type: "insert", payload: { name: "links" } }, [["links", "bare"]]),
      post({ type: "insert", payload: { name: "links" } }, [["links.label", "an object"]]),
      post({ type: "remove", payload: { name: "links", index: 0 } }, [["links[x]", "odd"]]),
      post({ type: "insert", payload: { name: "cta.buttons" } }, [["cta.buttons.label", "x"]]),
      post({ type: "remove", payload: { name: "links", index: -1 } }),
      post({ type: "remove", payload: { name: "links" } }),
      post({ type: "reorder", payload: { name: "links", from: 0, to: 1e6 } }),
      post({ type: "update", payload: { name: "title", value: "x" } }),
      post({ type: "reset", payload: {} }),
      post({ type: "validate", payload: { name: "__proto__" } }),
      post({ type: "insert" }),
      post("garbage"),
      post({ type: "validate", payload: {} }, [["__intent__", '{"type":"validate","payload":{}}']]),
    ]) {
      expect(refused).toBe(400);
    }
  });

  it("finds list paths through wrappers", () => {
    const schema = z.object({
      a: z.array(z.string()).optional(),
      b: z.preprocess((v) => v, z.array(z.object({ c: z.array(z.string()) }))),
      d: z.object({ e: z.array(z.string()).default([]) }),
      f: z.string().transform((v) => v.length),
    });
    expect([...listPaths(schema)].sort()).toEqual(["a", "b", "b[].c", "d.e"]);
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

describe("readRowIntent: Move up / Move down", () => {
  const lists = [{ name: "services", max: 12, noun: "service", blank: { title: "" } }];
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => [`services[${i}].title`, `S${i}`] as [string, string]);
  const intent = (payload: unknown) =>
    ["__intent__", JSON.stringify({ type: "reorder", payload })] as [string, string];

  it("moves a row to a neighbouring place inside the list", () => {
    const data = form([...rows(3), intent({ name: "services", from: 1, to: 0 })]);
    expect(readRowIntent(data, lists)).toEqual({ kind: "row", type: "reorder", list: "services" });
    const parsed = parseFormWith(
      data,
      z.object({ services: z.array(z.object({ title: z.string() })) }),
    );
    expect(parsed.payload).toEqual({
      services: [{ title: "S1" }, { title: "S0" }, { title: "S2" }],
    });
  });

  it("refuses a place outside the list, or a list the form does not have", () => {
    for (const payload of [
      { name: "services", from: 0, to: 3 },
      { name: "services", from: -1, to: 0 },
      { name: "services", from: "1", to: 0 },
      { name: "team", from: 1, to: 0 },
    ]) {
      expect(
        readRowIntent(form([...rows(3), intent(payload)]), lists).kind,
        JSON.stringify(payload),
      ).toBe("refused");
    }
  });
});
