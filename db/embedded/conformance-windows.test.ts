// Conformance with MongoDB 7.0 for `$setWindowFields`, `$fill` and `$densify`: documents come out ordered by
// partition and then `sortBy`, each window holds the documents mongod's partition iterator puts
// in it, and a malformed stage is refused when the pipeline is parsed, with mongod's codes. Like
// conformance.test.ts it talks only through the official driver, against an in-memory embedded
// server and also against TEST_MONGODB_URI when that is set.

import type { Collection, Db, Document } from "mongodb";
import { beforeAll, describe, expect, it } from "vitest";
import { describeOnEveryTarget, rejection } from "./test-support";

interface Sale {
  _id: number;
  shop?: string | null;
  day: number;
  amount?: number | null;
}

// Sales of two shops over five days, inserted out of order on purpose: the answers must not
// depend on insertion order. Shop "b" is inserted first but sorts second.
const SALES: Sale[] = [
  { _id: 6, shop: "b", day: 2, amount: 7 },
  { _id: 3, shop: "a", day: 3, amount: 40 },
  { _id: 1, shop: "a", day: 1, amount: 10 },
  { _id: 5, shop: "b", day: 1, amount: 5 },
  { _id: 2, shop: "a", day: 2, amount: null },
  { _id: 4, shop: "a", day: 5, amount: 20 },
  { _id: 7, day: 1, amount: 1 },
  { _id: 8, shop: null, day: 2, amount: 2 },
];

describeOnEveryTarget("MongoDB 7.0 window functions", "confwin", (connected) => {
  let db: Db;
  let sales: Collection<Sale>;
  beforeAll(async () => {
    ({ db } = connected());
    sales = db.collection<Sale>("sales");
    await sales.insertMany(SALES);
  });

  const run = (pipeline: Document[]) => sales.aggregate(pipeline).toArray();
  const pick = (docs: Document[], field: string) => docs.map((d) => [d._id, d[field]]);

  describe("order and partitions", () => {
    it("sorts by the partition, then sortBy; missing and null partitions are one", async () => {
      const docs = await run([
        {
          $setWindowFields: {
            partitionBy: "$shop",
            sortBy: { day: 1 },
            output: {
              running: { $sum: "$amount", window: { documents: ["unbounded", "current"] } },
            },
          },
        },
      ]);
      // null/missing first (one partition of two), then "a" by day, then "b" by day.
      expect(pick(docs, "running")).toEqual([
        [7, 1],
        [8, 3],
        [1, 10],
        [2, 10],
        [3, 50],
        [4, 70],
        [5, 5],
        [6, 12],
      ]);
    });

    it("without sortBy or partitionBy every document sees the whole collection", async () => {
      const docs = await run([
        { $setWindowFields: { output: { total: { $sum: "$amount" }, n: { $count: {} } } } },
        { $sort: { _id: 1 } },
      ]);
      expect(docs.every((d) => d.total === 85 && d.n === 8)).toBe(true);
    });

    it("refuses an array partition key (TypeMismatch)", async () => {
      const error = await rejection(
        run([{ $setWindowFields: { partitionBy: ["$shop"], output: { n: { $count: {} } } } }]),
      );
      expect(error.code).toBe(14);
      expect(error.message).toContain("array");
    });
  });

  describe("windows", () => {
    const shopA = (output: Document) => [
      { $match: { shop: "a" } },
      { $setWindowFields: { sortBy: { day: 1 }, output } },
    ];

    it("document windows are clamped to the partition, and empty ones give the identity", async () => {
      const docs = await run(
        shopA({
          around: { $push: "$_id", window: { documents: [-1, 1] } },
          ahead: { $sum: "$amount", window: { documents: [5, 6] } },
          next: { $first: "$_id", window: { documents: [1, 1] } },
          avgAhead: { $avg: "$amount", window: { documents: [5, 6] } },
        }),
      );
      expect(pick(docs, "around")).toEqual([
        [1, [1, 2]],
        [2, [1, 2, 3]],
        [3, [2, 3, 4]],
        [4, [3, 4]],
      ]);
      expect(docs.map((d) => d.ahead)).toEqual([0, 0, 0, 0]);
      expect(docs.map((d) => d.avgAhead)).toEqual([null, null, null, null]);
      expect(docs.map((d) => d.next)).toEqual([2, 3, 4, null]);
    });

    it("range windows hold the documents whose sortBy value lies in the range", async () => {
      const docs = await run(
        shopA({
          near: { $push: "$_id", window: { range: [-1, 1] } },
          before: { $push: "$_id", window: { range: [-10, -2] } },
          fromHere: { $push: "$_id", window: { range: ["current", "unbounded"] } },
        }),
      );
      expect(pick(docs, "near")).toEqual([
        [1, [1, 2]],
        [2, [1, 2, 3]],
        [3, [2, 3]],
        [4, [4]],
      ]);
      expect(pick(docs, "before")).toEqual([
        [1, []],
        [2, []],
        [3, [1]],
        [4, [1, 2, 3]],
      ]);
      expect(pick(docs, "fromHere")).toEqual([
        [1, [1, 2, 3, 4]],
        [2, [2, 3, 4]],
        [3, [3, 4]],
        [4, [4]],
      ]);
    });

    it("range windows over dates take a unit", async () => {
      const events = db.collection<{ _id: number; at: Date }>("events");
      const at = (d: string) => new Date(`2024-01-${d}T00:00:00Z`);
      await events.insertMany([
        { _id: 1, at: at("01") },
        { _id: 2, at: at("02") },
        { _id: 3, at: at("05") },
      ]);
      const docs = await events
        .aggregate([
          {
            $setWindowFields: {
              sortBy: { at: 1 },
              output: { lastTwoDays: { $push: "$_id", window: { range: [-1, 0], unit: "day" } } },
            },
          },
        ])
        .toArray();
      expect(pick(docs, "lastTwoDays")).toEqual([
        [1, [1]],
        [2, [1, 2]],
        [3, [3]],
      ]);
      const error = await rejection(
        events
          .aggregate([
            {
              $setWindowFields: {
                sortBy: { at: 1 },
                output: { n: { $count: {}, window: { range: [-1, 0] } } },
              },
            },
          ])
          .toArray(),
      );
      expect(error.code).toBe(5429413);
    });

    it("a range window over a value that is not a number fails (5429414)", async () => {
      const error = await rejection(
        run([
          {
            $setWindowFields: {
              sortBy: { shop: 1 },
              output: { n: { $count: {}, window: { range: [-1, 1] } } },
            },
          },
        ]),
      );
      expect(error.code).toBe(5429414);
    });
  });

  describe("ranks, shift and gap filling", () => {
    it("$rank skips after ties, $denseRank does not, $documentNumber counts", async () => {
      const docs = await run([
        { $match: { shop: { $in: ["a", "b"] } } },
        {
          $setWindowFields: {
            sortBy: { shop: 1 },
            output: { rank: { $rank: {} }, dense: { $denseRank: {} }, n: { $documentNumber: {} } },
          },
        },
      ]);
      expect(docs.map((d) => [d.shop, d.rank, d.dense, d.n])).toEqual([
        ["a", 1, 1, 1],
        ["a", 1, 1, 2],
        ["a", 1, 1, 3],
        ["a", 1, 1, 4],
        ["b", 5, 2, 5],
        ["b", 5, 2, 6],
      ]);
    });

    it("$shift reads another document of the partition, or the default", async () => {
      const docs = await run([
        {
          $setWindowFields: {
            partitionBy: "$shop",
            sortBy: { day: 1 },
            output: { previous: { $shift: { output: "$_id", by: -1, default: "first" } } },
          },
        },
      ]);
      expect(pick(docs, "previous")).toEqual([
        [7, "first"],
        [8, 7],
        [1, "first"],
        [2, 1],
        [3, 2],
        [4, 3],
        [5, "first"],
        [6, 5],
      ]);
    });

    it("$locf and $fill carry the last value forward, $fill's value replaces nulls", async () => {
      const locf = await run([
        { $match: { shop: "a" } },
        { $setWindowFields: { sortBy: { day: 1 }, output: { amount: { $locf: "$amount" } } } },
      ]);
      expect(pick(locf, "amount")).toEqual([
        [1, 10],
        [2, 10],
        [3, 40],
        [4, 20],
      ]);
      const filled = await run([
        { $match: { shop: "a" } },
        { $fill: { sortBy: { day: 1 }, output: { amount: { method: "locf" } } } },
      ]);
      expect(pick(filled, "amount")).toEqual(pick(locf, "amount"));
      const valued = await run([
        { $match: { _id: { $in: [1, 2] } } },
        { $fill: { output: { amount: { value: -1 } } } },
      ]);
      expect(valued.map((d) => d.amount).sort()).toEqual([-1, 10]);
    });

    it("$linearFill interpolates between the known points (a double)", async () => {
      const readings = db.collection<{ _id: number; t: number; v?: number | null }>("readings");
      await readings.insertMany([
        { _id: 1, t: 0, v: 1 },
        { _id: 2, t: 1, v: null },
        { _id: 3, t: 4, v: 2 },
        { _id: 4, t: 5 },
      ]);
      const docs = await readings
        .aggregate([{ $fill: { sortBy: { t: 1 }, output: { v: { method: "linear" } } } }])
        .toArray();
      expect(pick(docs, "v")).toEqual([
        [1, 1],
        [2, 1.25],
        [3, 2],
        [4, null],
      ]);
    });
  });

  describe("$densify", () => {
    it("fills each partition over its own range, partitions one after another", async () => {
      const docs = await run([
        { $match: { shop: { $in: ["a", "b"] } } },
        { $project: { _id: 0, shop: 1, day: 1 } },
        {
          $densify: {
            field: "day",
            partitionByFields: ["shop"],
            range: { step: 1, bounds: "partition" },
          },
        },
      ]);
      // Generated documents list the partition field first, as mongod builds them.
      expect(docs).toEqual([
        { shop: "a", day: 1 },
        { shop: "a", day: 2 },
        { shop: "a", day: 3 },
        { shop: "a", day: 4 },
        { shop: "a", day: 5 },
        { shop: "b", day: 1 },
        { shop: "b", day: 2 },
      ]);
      expect(Object.keys(docs[3] as Document)).toEqual(["shop", "day"]);
    });
  });

  describe("refused when the pipeline is parsed", () => {
    const parsed = async (stage: Document) =>
      rejection(db.collection("nothing").aggregate([stage]).toArray());

    it("uses mongod's codes for a malformed stage, even over no documents", async () => {
      const cases: [Document, number][] = [
        [{ $setWindowFields: { output: { r: { $rank: {} } } } }, 5371602],
        [{ $setWindowFields: { sortBy: { a: 1 }, output: { r: { $rank: 1 } } } }, 5371603],
        [
          { $setWindowFields: { output: { s: { $sum: "$a", window: { documents: [-1, 0] } } } } },
          5339901,
        ],
        [
          {
            $setWindowFields: {
              sortBy: { a: 1 },
              output: { s: { $sum: "$a", window: { documents: [1, 0] } } },
            },
          },
          5339900,
        ],
        [
          { $setWindowFields: { output: { s: { $sum: "$a", window: { range: [-1, 0] } } } } },
          5339902,
        ],
        [
          {
            $setWindowFields: {
              sortBy: { a: 1 },
              output: { s: { $sum: "$a", window: { documents: [0.5, 1] } } },
            },
          },
          9,
        ],
        [{ $setWindowFields: { output: { s: { $sum: "$a", extra: 1 } } } }, 9],
        [{ $setWindowFields: { output: { s: { $locf: "$a", window: {} } } } }, 9],
        [{ $setWindowFields: { output: { "a.b": { $count: {} }, a: { $count: {} } } } }, 6307900],
        [{ $setWindowFields: { output: { v: { $linearFill: "$v" } } } }, 605001],
        [{ $setWindowFields: { partitionBy: "$a" } }, 40414],
        [{ $setWindowFields: { output: {}, having: 1 } }, 40415],
        [{ $setWindowFields: 1 }, 9],
        [{ $fill: { output: {} } }, 6050203],
        [{ $fill: { output: { v: { method: "nearest" } } } }, 6050202],
        [{ $fill: { output: { v: { method: "locf", value: 1 } } } }, 6050201],
        [
          { $fill: { partitionBy: "$a", partitionByFields: ["a"], output: { v: { value: 1 } } } },
          6050204,
        ],
      ];
      for (const [stage, code] of cases) {
        const error = await parsed(stage);
        expect(error.code, JSON.stringify(stage)).toBe(code);
      }
    });
  });
});

describeOnEveryTarget("Embedded server's window refusals", "confwinx", (connected) => {
  // What the embedded server does not run it refuses (CommandNotSupported) instead of answering
  // differently: server-side JavaScript, and the window functions it does not implement.
  let c: Collection<Sale>;
  let embedded = false;
  beforeAll(async () => {
    const { db } = connected();
    c = db.collection<Sale>("sales");
    await c.insertMany(SALES.slice(0, 3));
    embedded = (await db.admin().command({ buildInfo: 1 })).gitVersion === "bureau-embedded";
  });

  it("refuses $densify over partitions with bounds other than their own", async () => {
    if (!embedded) return;
    for (const bounds of ["full", [0, 10]]) {
      const error = await rejection(
        c
          .aggregate([
            { $densify: { field: "day", partitionByFields: ["shop"], range: { step: 1, bounds } } },
          ])
          .toArray(),
      );
      expect(error.code).toBe(115);
    }
  });

  it("refuses $function, $accumulator, $where and $derivative/$integral/$expMovingAvg", async () => {
    if (!embedded) return;
    const js = "function() { return 1; }";
    for (const attempt of [
      () =>
        c
          .aggregate([{ $project: { x: { $function: { body: js, args: [], lang: "js" } } } }])
          .toArray(),
      () =>
        c
          .aggregate([
            {
              $group: {
                _id: null,
                x: {
                  $accumulator: {
                    init: js,
                    accumulate: js,
                    accumulateArgs: [],
                    merge: js,
                    lang: "js",
                  },
                },
              },
            },
          ])
          .toArray(),
      () => c.find({ $where: "true" }).toArray(),
      () =>
        c
          .aggregate([
            {
              $setWindowFields: {
                sortBy: { day: 1 },
                output: {
                  d: { $derivative: { input: "$amount" }, window: { documents: [-1, 0] } },
                },
              },
            },
          ])
          .toArray(),
    ]) {
      const error = await rejection(attempt());
      expect(error.code).toBe(115);
      expect(error.message).toContain("the embedded server");
    }
  });
});
