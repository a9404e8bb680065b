// Public submissions as real clients send them, for the load and crash suites (issue 9, suites 5
// and 6): the three public forms (quote, contact, newsletter) read from the pages as rendered
// (their hidden fill-time token, empty honeypot and "came from" fields) and posted the two ways a
// browser posts them, and the JSON API's public posts. Each submission carries a unique marker
// in its e-mail address, so the suites can find what was stored and count it.
// Requests go through node:http without any retry: a retry after a dropped connection could
// store a submission twice, and telling a stored submission from a lost one is what these
// suites are for. What counts as confirmed is what a client is told (lib/visitor-form.server.ts,
// lib/visitor-api.server.ts): without JavaScript a 303 to the page's "sent" URL, with JavaScript
// a 200 whose data says the success message, from the API a 201 (200: already subscribed).
import type http from "node:http";
import { CONTACT_SUCCESS } from "~/domain/contact-message";
import { ALREADY_SUBSCRIBED, SUBSCRIBE_SUCCESS } from "~/domain/newsletter";
import { QUOTE_SUCCESS } from "~/domain/quote";
import { type Answer, sendOnce } from "./fixtures";
import { asPosted, type Form, parseForms, urlencoded } from "./forms";

export type Kind = "quote" | "contact" | "newsletter";
/** The JSON API, a form without JavaScript (native post), a form with it (the fetcher). */
export type Via = "api" | "form" | "form-js";
export const VIAS: readonly Via[] = ["api", "form", "form-js"];

export interface Submission {
  kind: Kind;
  via: Via;
  /** The address posted (unique per quote and contact; a newsletter address may repeat). */
  email: string;
}

export interface Outcome {
  /** The server said it was stored. */
  confirmed: boolean;
  /** Newsletter only: the answer said "subscribed" (a new address), not "already subscribed". */
  subscribedNew?: boolean;
  /** The status, or the connection error (ECONNRESET, ...) when no answer came. */
  answer: string;
}

/** The page that shows each public form, and how its form's action is recognised. */
const PAGES: Record<Kind, { page: string; action: RegExp }> = {
  quote: { page: "/quote", action: /^\/quote\b/ },
  contact: { page: "/contact", action: /^\/contact\b/ },
  newsletter: { page: "/", action: /^\/\?index\b/ },
};

/** One request, no retry; rejects with the connection error when no answer arrives. */
export function request(
  base: string,
  path: string,
  agent: http.Agent,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return sendOnce(base, path, options, agent);
}

/** The public form of `kind` as its page renders it (a fresh fill-time token each time). */
export async function visitorForm(base: string, kind: Kind, agent: http.Agent): Promise<Form> {
  const { page, action } = PAGES[kind];
  const answer = await request(base, page, agent);
  if (answer.status !== 200) throw new Error(`GET ${page}: ${answer.status}`);
  const form = parseForms(answer.body).find((f) => action.test(f.action));
  if (!form) throw new Error(`No ${kind} form on ${page}`);
  return form;
}

/**
 * The `.data` URL React Router's fetcher posts a form to. With the future flag
 * v8_trailingSlashAwareDataRequests (react-router.config.ts) a path ending in `/` gets `_.data`:
 * `/?index` is posted to `/_.data?index`.
 */
function fetcherUrl(action: string): string {
  const url = new URL(action, "http://localhost");
  const path = url.pathname.endsWith("/") ? `${url.pathname}_` : url.pathname;
  return `${path}.data${url.search}`;
}

/** The values a person types, for the submission's marker. */
function typed(s: Submission): Record<string, string> {
  const marker = s.email.split("@")[0] as string;
  switch (s.kind) {
    case "quote":
      return {
        name: `Load ${marker}`,
        email: s.email,
        phone: "+1 (555) 010-2030",
        service: "",
        message: `Quote request ${marker}: a website for our bakery.`,
      };
    case "contact":
      return { name: `Load ${marker}`, email: s.email, message: `Message ${marker}: hello.` };
    case "newsletter":
      return { email: s.email };
  }
}

const API_PATH: Record<Kind, string> = {
  quote: "/api/quotes",
  contact: "/api/contact",
  newsletter: "/api/subscribe",
};

const SUCCESS: Record<Kind, string[]> = {
  quote: [QUOTE_SUCCESS],
  contact: [CONTACT_SUCCESS],
  newsletter: [SUBSCRIBE_SUCCESS, ALREADY_SUBSCRIBED],
};

/** Where a confirmed post without JavaScript is sent (the routes' successRedirect). */
const SENT_LOCATION: Record<Kind, RegExp> = {
  quote: /^\/quote\?sent=1\b/,
  contact: /^\/contact\?sent=1\b/,
  newsletter: /^\/\?subscribed=(1|already)#newsletter$/,
};

/**
 * Sends one submission; for a form, `form` is the form as a page rendered it. Never throws:
 * a dropped connection is an unconfirmed outcome naming the error.
 */
export async function submit(
  base: string,
  s: Submission,
  agent: http.Agent,
  form: Form | undefined,
): Promise<Outcome> {
  const values = typed(s);
  try {
    if (s.via === "api") {
      const { service: _omit, ...rest } = values;
      const body = s.kind === "quote" ? { ...rest, service: "Web Development" } : rest;
      const answer = await request(base, API_PATH[s.kind], agent, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const ok = answer.status === 201 || (s.kind === "newsletter" && answer.status === 200);
      const confirmed = ok && JSON.parse(answer.body).success === true;
      return {
        confirmed,
        subscribedNew: s.kind === "newsletter" ? answer.status === 201 : undefined,
        answer: String(answer.status),
      };
    }
    if (!form) throw new Error(`A ${s.kind} form post needs the form`);
    // The form's fields as rendered (token, honeypot, source), the typed values in place;
    // `_enhanced` is what the hydrated form adds (components/site/visitor-form.tsx).
    const fields = asPosted(form).filter(([name]) => name !== "_enhanced");
    const select = form.fields.find((f) => f.name === "service");
    for (const [name, value] of Object.entries(values)) {
      const v =
        name === "service" ? (select?.options?.find((o) => o !== "") ?? "Web Development") : value;
      const at = fields.findIndex(([n]) => n === name);
      if (at === -1) fields.push([name, v]);
      else fields[at] = [name, v];
    }
    if (s.via === "form-js") fields.push(["_enhanced", "1"]);
    const answer = await request(
      base,
      s.via === "form-js" ? fetcherUrl(form.action) : form.action,
      agent,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: urlencoded(fields),
      },
    );
    if (s.via === "form") {
      const location = String(answer.headers.location ?? "");
      return {
        confirmed: answer.status === 303 && SENT_LOCATION[s.kind].test(location),
        subscribedNew: s.kind === "newsletter" ? location.includes("subscribed=1") : undefined,
        answer: String(answer.status),
      };
    }
    // The fetcher's answer is React Router's turbo-stream of the action's data: the success
    // message appears in it only when the post was stored (a refusal says why instead).
    const said = SUCCESS[s.kind].find((m) => answer.body.includes(JSON.stringify(m)));
    return {
      confirmed: answer.status === 200 && said !== undefined && answer.body.includes('"ok",true'),
      subscribedNew: s.kind === "newsletter" ? said === SUBSCRIBE_SUCCESS : undefined,
      answer: String(answer.status),
    };
  } catch (error) {
    return { confirmed: false, answer: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
}

/** A repeatable shuffle (mulberry32), so a failing order can be run again. */
export function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
