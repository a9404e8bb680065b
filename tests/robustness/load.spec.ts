// Issue 9, suite 5: load without loss. 500 quote requests, 500 contact messages and 1,000
// newsletter subscriptions (700 distinct addresses: 200 sent twice, 100 three times, some of the
// repeats in capitals) in one shuffled stream, 50 in flight at once, against the production
// server of fixtures.ts (FORM_IP_LIMIT high, FORM_MIN_FILL_SECONDS=0). A third of each kind goes
// through the JSON API, a third through the form as a browser without JavaScript posts it, a
// third as the hydrated form's fetcher posts it (submissions.ts). Then, through the official
// driver: every confirmed quote and message is stored exactly once, nothing unconfirmed is
// stored, every confirmed address is on the list exactly once, and exactly one of the answers
// for an address said "subscribed" (the others "already subscribed").
import http from "node:http";
import { expect, inBatches, test } from "./fixtures";
import {
  type Kind,
  type Outcome,
  type Submission,
  shuffled,
  submit,
  VIAS,
  visitorForm,
} from "./submissions";

const QUOTES = 500;
const CONTACTS = 500;
const ADDRESSES = 700;
/** Addresses [0, THRICE) are sent three times, [THRICE, TWICE) twice: 1,000 subscriptions. */
const THRICE = 100;
const TWICE = 200;
/** Requests in flight at once: enough to overlap every step, few enough for 2 cores. */
const IN_FLIGHT = 50;
/** Pages each form is read from (each visit hands out its own fill-time token). */
const VISITS = 10;

test("2,000 concurrent public submissions: each confirmed one stored exactly once", async ({
  robust,
}) => {
  test.setTimeout(120_000);
  const run = `load${Date.now().toString(36)}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

  const plan: Submission[] = [];
  const via = (i: number) => VIAS[i % VIAS.length] as Submission["via"];
  for (let i = 0; i < QUOTES; i++) {
    plan.push({ kind: "quote", via: via(i), email: `${run}-q${i}@load.test` });
  }
  for (let i = 0; i < CONTACTS; i++) {
    plan.push({ kind: "contact", via: via(i), email: `${run}-c${i}@load.test` });
  }
  const address = (i: number) => `${run}-n${i}@load.test`;
  let n = 0;
  for (let i = 0; i < ADDRESSES; i++) {
    const sends = i < THRICE ? 3 : i < TWICE ? 2 : 1;
    for (let k = 0; k < sends; k++) {
      // The third send in capitals: the list keeps addresses lower-cased, one per address.
      const email = k === 2 ? address(i).toUpperCase() : address(i);
      plan.push({ kind: "newsletter", via: via(n++), email });
    }
  }
  expect(plan.length).toBe(2000);
  const stream = shuffled(plan, 9_005);

  const forms = Object.fromEntries(
    await Promise.all(
      (["quote", "contact", "newsletter"] as Kind[]).map(async (kind) => [
        kind,
        await inBatches(
          Array.from({ length: VISITS }, () => () => visitorForm(robust.url, kind, agent)),
          VISITS,
        ),
      ]),
    ),
  ) as Record<Kind, Awaited<ReturnType<typeof visitorForm>>[]>;

  const started = Date.now();
  const outcomes: Outcome[] = await inBatches(
    stream.map(
      (s, i) => () =>
        submit(robust.url, s, agent, s.via === "api" ? undefined : forms[s.kind][i % VISITS]),
    ),
    IN_FLIGHT,
  );
  const seconds = (Date.now() - started) / 1000;
  agent.destroy();

  // What the database holds for this run, found by the marker in the address.
  const marker = { $regex: `^${run}-`, $options: "i" };
  const stored = new Map<string, number>();
  for (const name of ["quotes", "contacts", "subscribers"]) {
    const docs = await robust.db
      .collection(name)
      .find({ email: marker }, { projection: { email: 1 } })
      .toArray();
    for (const doc of docs) {
      const key = `${name}:${String(doc.email).toLowerCase()}`;
      stored.set(key, (stored.get(key) ?? 0) + 1);
    }
  }
  const collectionOf: Record<Kind, string> = {
    quote: "quotes",
    contact: "contacts",
    newsletter: "subscribers",
  };

  // Per stored record (a quote, a message, an address): what the server answered for it.
  const answers = new Map<string, { confirmed: number; sent: number; subscribedNew: number }>();
  stream.forEach((s, i) => {
    const key = `${collectionOf[s.kind]}:${s.email.toLowerCase()}`;
    const entry = answers.get(key) ?? { confirmed: 0, sent: 0, subscribedNew: 0 };
    const outcome = outcomes[i] as Outcome;
    entry.sent++;
    if (outcome.confirmed) entry.confirmed++;
    if (outcome.subscribedNew) entry.subscribedNew++;
    answers.set(key, entry);
  });

  const lost: string[] = [];
  const duplicated: string[] = [];
  const unconfirmedStored: string[] = [];
  const notOneNew: string[] = [];
  for (const [key, entry] of answers) {
    const count = stored.get(key) ?? 0;
    if (entry.confirmed > 0 && count === 0) lost.push(key);
    if (count > 1) duplicated.push(`${key} x${count}`);
    if (entry.confirmed === 0 && count > 0) unconfirmedStored.push(key);
    // Every send of an address confirmed: exactly one of them was the subscription.
    if (
      key.startsWith("subscribers:") &&
      entry.confirmed === entry.sent &&
      entry.subscribedNew !== 1
    ) {
      notOneNew.push(`${key}: ${entry.subscribedNew} of ${entry.sent} said subscribed`);
    }
  }
  const strays = [...stored.keys()].filter((key) => !answers.has(key));
  const confirmed = outcomes.filter((o) => o.confirmed).length;
  const documents = [...stored.values()].reduce((sum, c) => sum + c, 0);
  // Anything but a confirmation must be the documented "try again" (503), never an error page
  // or a refusal of a valid post.
  const refused = outcomes
    .map((o, i) => ({ o, s: stream[i] as Submission }))
    .filter(({ o }) => !o.confirmed)
    .map(({ o, s }) => `${s.kind} via ${s.via}: ${o.answer}`);

  console.log(
    `[robustness] load: ${stream.length} sent (${QUOTES} quotes, ${CONTACTS} messages, ${stream.length - QUOTES - CONTACTS} subscriptions of ${ADDRESSES} addresses; API, form, form with JavaScript), ${confirmed} confirmed, ${documents} stored, ${lost.length} lost, ${duplicated.length} duplicated, ${unconfirmedStored.length} stored unconfirmed, ${seconds.toFixed(1)} s, ${Math.round(stream.length / seconds)} req/s (${IN_FLIGHT} in flight)`,
  );
  // Shedding with 503 under load is allowed, refusing nearly everything is not: without a floor
  // a server that stored nothing would pass.
  expect(confirmed).toBeGreaterThanOrEqual(Math.ceil(stream.length * 0.95));
  expect(lost).toEqual([]);
  expect(duplicated).toEqual([]);
  expect(unconfirmedStored).toEqual([]);
  expect(strays).toEqual([]);
  expect(notOneNew).toEqual([]);
  expect(refused.filter((r) => !r.endsWith(": 503"))).toEqual([]);
  // Every distinct record stored, once: 500 + 500 + 700 when all were confirmed.
  expect(documents).toBe([...answers.values()].filter((e) => e.confirmed > 0).length);
});
