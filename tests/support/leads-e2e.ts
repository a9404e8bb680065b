// Leads for the inbox specs, sent the way visitors send them: through the public quote and
// contact forms (their real action, with the fill-time token the page hands out, the empty
// honeypot and the "came from" fields), so the inbox shows what the forms really store. The
// own-server fixture's database is in the server's process; the forms are the way in.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "../e2e/fixtures";

async function formToken(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`No form token on ${path}`);
  return token;
}

export interface LeadSourceFields {
  sourcePage?: string;
  sourceReferrer?: string;
  utm_source?: string;
  utm_campaign?: string;
}

async function send(
  request: APIRequestContext,
  path: string,
  fields: Record<string, string>,
): Promise<void> {
  const response = await request.post(path, {
    form: { formToken: await formToken(request, path), website: "", ...fields },
    maxRedirects: 0,
  });
  // Stored: POST, redirect, GET (303).
  expect(response.status(), await response.text()).toBe(303);
}

export function sendQuote(
  request: APIRequestContext,
  values: { name: string; email: string; phone?: string; service?: string; message: string },
  source: LeadSourceFields = {},
): Promise<void> {
  return send(request, "/quote", {
    phone: "+44 20 7946 0958",
    service: "SEO",
    ...values,
    ...source,
  } as Record<string, string>);
}

export function sendContactMessage(
  request: APIRequestContext,
  values: { name: string; email: string; message: string },
  source: LeadSourceFields = {},
): Promise<void> {
  return send(request, "/contact", { ...values, ...source } as Record<string, string>);
}

/** The own server of the inbox specs: form posts accepted at once and without a limit. */
export const LEAD_SERVER_ENV = { FORM_MIN_FILL_SECONDS: "0", FORM_IP_LIMIT: "1000" };
