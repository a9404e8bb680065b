// The three public lead posts described once for the API specs (leads.spec.ts proves what they
// share over all three; contact.spec.ts, quotes.spec.ts and subscribe.spec.ts what only one does):
// a valid body, the form's messages, the addresses of the list and of one record, the texts.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

export const SPAM =
  "Your submission looks automated and was not sent. If you are a person, please reload the page and try again.";

export type Body = Record<string, unknown>;
export type Item = { _id: string; name?: string; email: string };

export interface Lead {
  post: string;
  /** The admin's list of what the post stores (searched by the test's marker). */
  list: string;
  /** A valid post carrying `mark` in a searched field, changed by `extra`. */
  body: (mark: string, extra?: Body) => Body;
  /** Every field of the post, the honeypot (`website`) included. */
  fields: string[];
  /** Its required fields' messages for an empty body, and invalid values with theirs. */
  required: { path: string; msg: string }[];
  invalid: [change: Body, path: string, msg: string][];
  /** The address of one stored record (GET and DELETE; GET only where `readable`). */
  item: (id: string) => string;
  readable: boolean;
  /** The change of state a client may make, at the address it takes. */
  status?: { method: "put" | "patch"; url: (id: string) => string; value: string };
  notFound: string;
  deleted: string;
  /** The line the new-lead e-mail writes to the log (no SMTP_URL), if the post sends one. */
  mail?: (mark: string) => RegExp;
  /** How a record is named in the list (what `body(mark, { n })` varies). */
  nth: (mark: string, n: number) => Body;
  label: (item: Item) => string;
}

export const LEADS = {
  contact: {
    post: "/api/contact",
    list: "/api/contact",
    body: (mark, extra = {}) => ({
      name: `Ada ${mark}`,
      email: `${mark}@example.com`,
      message: "Hello from the API.",
      ...extra,
    }),
    fields: ["name", "email", "message", "website"],
    required: [
      { path: "name", msg: "Name is required." },
      { path: "email", msg: "Email is required." },
      { path: "message", msg: "Message is required." },
    ],
    invalid: [
      [{ name: "   " }, "name", "Name is required."],
      [{ name: "Ada\nBcc: x@example.com" }, "name", "Name must fit on one line."],
      [{ email: "not-an-address" }, "email", "Please enter a valid email address."],
      [{ message: " \n " }, "message", "Message is required."],
      [{ message: "x".repeat(5001) }, "message", "Message must be at most 5,000 characters."],
    ],
    item: (id) => `/api/contact/${id}`,
    readable: true,
    status: { method: "patch", url: (id) => `/api/contact/${id}/status`, value: "read" },
    notFound: "This contact message does not exist (it may have been deleted).",
    deleted: "Contact message deleted.",
    mail: (mark) => new RegExp(`\\[mail\\][^\\n]*Ada 2 ${mark}`),
    nth: (mark, n) => ({ name: `Ada ${n} ${mark}` }),
    label: (item) => String(item.name),
  },
  quotes: {
    post: "/api/quotes",
    list: "/api/quotes",
    body: (mark, extra = {}) => ({
      name: `Grace ${mark}`,
      email: `${mark}@example.com`,
      phone: "+44 20 7946 0958",
      service: "App Development",
      message: "We need an app.",
      ...extra,
    }),
    fields: ["name", "email", "phone", "service", "message", "website"],
    required: [
      { path: "name", msg: "Name is required." },
      { path: "email", msg: "Email is required." },
      { path: "phone", msg: "Phone is required." },
      { path: "service", msg: "Please select a service." },
      { path: "message", msg: "Message is required." },
    ],
    invalid: [
      [{ email: "grace@" }, "email", "Please enter a valid email address."],
      [
        { phone: "call me" },
        "phone",
        "Please enter a valid phone number (digits, spaces and + ( ) - .).",
      ],
      [{ phone: "12345" }, "phone", "Please enter a valid phone number (6 to 20 digits)."],
      [{ service: "Select a Service" }, "service", "Please select a service."],
      [{ service: "web development" }, "service", "Please select a service."],
      [{ message: "   " }, "message", "Message is required."],
    ],
    item: (id) => `/api/quotes/${id}`,
    readable: true,
    status: { method: "put", url: (id) => `/api/quotes/${id}`, value: "completed" },
    notFound: "This quote request does not exist (it may have been deleted).",
    deleted: "Quote request deleted.",
    mail: (mark) => new RegExp(`\\[mail\\][^\\n]*Grace 2 ${mark}`),
    nth: (mark, n) => ({ name: `Grace ${n} ${mark}` }),
    label: (item) => String(item.name),
  },
  subscribe: {
    post: "/api/subscribe",
    list: "/api/subscribers",
    body: (mark, extra = {}) => ({ email: `${mark}@example.com`, ...extra }),
    fields: ["email", "website"],
    required: [{ path: "email", msg: "Email is required." }],
    invalid: [
      [{ email: "plainaddress" }, "email", "Please enter a valid email address."],
      [{ email: "someone@" }, "email", "Please enter a valid email address."],
      [{ email: "some one@example.com" }, "email", "Please enter a valid email address."],
      [{ email: "   " }, "email", "Email is required."],
    ],
    item: (id) => `/api/subscribers/${id}`,
    readable: false,
    notFound: "This subscription does not exist (it may have been removed).",
    deleted: "Subscriber removed.",
    nth: (mark, n) => ({ email: `${n}.${mark}@example.com` }),
    label: (item) => item.email,
  },
} satisfies Record<string, Lead>;

/** The answer of `lead`'s list for `query` (a token needed). */
export async function leadList(
  request: APIRequestContext,
  auth: Record<string, string>,
  lead: Lead,
  query = "",
  // biome-ignore lint/suspicious/noExplicitAny: the list's JSON, read by each test as it needs.
): Promise<any> {
  const response = await request.get(`${lead.list}?${query}`, { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The records of `lead` whose searched fields hold `mark`. */
export async function found(
  request: APIRequestContext,
  auth: Record<string, string>,
  lead: Lead,
  mark: string,
): Promise<Item[]> {
  return (await leadList(request, auth, lead, `search=${mark}`)).data;
}
