// The page shown while the database cannot be reached. Self-contained HTML (no stylesheet,
// no script, no database) because nothing else can be relied on at that moment.
import { nonceAttribute } from "./security-headers.server";

/** Shown after 'Error: ', the way every failed load is reported. */
const SERVICE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable.";

/** `nonce`: the response's CSP nonce (lib/security-headers.server.ts), for the <style>. */
export function serviceUnavailablePage(nonce?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>We'll be right back</title>
<style${nonceAttribute(nonce)}>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; }
  main { max-width: 32rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.75rem; margin: 0 0 0.75rem; }
  p { line-height: 1.6; color: #334155; }
  a { color: #1d4ed8; font-weight: 600; }
  .error { color: #b91c1c; font-weight: 600; }
</style>
</head>
<body>
<main>
  <h1>We'll be right back</h1>
  <p class="error">Error: ${SERVICE_UNAVAILABLE_MESSAGE}</p>
  <p>Our site is briefly unavailable while we reconnect to our systems. Please try again in a few seconds; if you were sending a form, send it again once the page loads.</p>
  <p><a href="">Try again</a></p>
</main>
</body>
</html>`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

/** Fields a visitor never typed: carried again unseen so that sending again still works. */
const UNSEEN = /^(?:formToken|website|_enhanced|__intent__|intent|source[A-Z]\w*|utm_\w+)$/;

const FORM_NOT_SENT_TITLE = "Your form was not sent";

/**
 * The answer to a form posted (without JavaScript) while the database cannot be reached: the
 * same "right back" message, and what was typed, in a form that sends it again to the same
 * address. Self-contained like the page above. With JavaScript the form itself says the sending
 * failed and keeps its values (components/site/visitor-form.tsx); this is that promise without
 * it, for a visitor whose browser would otherwise show a page without their text.
 */
export function formNotSentPage(
  action: string,
  fields: [string, string][],
  /** The response's CSP nonce, for the <style>. */
  nonce?: string,
): string {
  // A password is never echoed (not on screen, not in the HTML, not into autofill history):
  // its field comes back empty, to type again.
  const secret = (name: string) => /password/i.test(name);
  const shown = fields
    .filter(([name]) => !UNSEEN.test(name))
    .map(([name, value]): [string, string] => [name, secret(name) ? "" : value]);
  const unseen = fields.filter(([name]) => UNSEEN.test(name));
  // Only a path of this site: a request target such as "//host/x" must not become an action.
  const target = /^\/(?![/\\])[^\s]*$/.test(action) ? action : "";
  const inputs = shown
    .map(([name, value], i) => {
      const id = `field-${i}`;
      const label = escapeHtml(name.charAt(0).toUpperCase() + name.slice(1));
      const control = secret(name)
        ? `<input id="${id}" name="${escapeHtml(name)}" type="password" autocomplete="current-password">`
        : value.length > 80 || value.includes("\n")
          ? `<textarea id="${id}" name="${escapeHtml(name)}" rows="5">${escapeHtml(value)}</textarea>`
          : `<input id="${id}" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
      return `<p><label for="${id}">${label}</label>${control}</p>`;
    })
    .join("\n");
  const hidden = unseen
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${FORM_NOT_SENT_TITLE}</title>
<style${nonceAttribute(nonce)}>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; }
  main { max-width: 36rem; margin: 0 auto; padding: 2rem 1.25rem; }
  h1 { font-size: 1.75rem; margin: 0 0 0.75rem; }
  p { line-height: 1.6; color: #334155; }
  .error { color: #b91c1c; font-weight: 600; }
  label { display: block; font-weight: 600; color: #0f172a; margin-bottom: 0.25rem; }
  input, textarea { box-sizing: border-box; width: 100%; font: inherit; padding: 0.6rem 0.75rem; border: 1px solid #94a3b8; border-radius: 0.5rem; background: #fff; color: #0f172a; }
  button { font: inherit; font-weight: 600; color: #fff; background: #1d4ed8; border: 0; border-radius: 0.5rem; padding: 0.7rem 1.25rem; min-height: 44px; cursor: pointer; }
</style>
</head>
<body>
<main>
  <h1>${FORM_NOT_SENT_TITLE}</h1>
  <p class="error">Error: ${SERVICE_UNAVAILABLE_MESSAGE}</p>
  <p>Nothing was saved. Here is what you typed: send it again in a few seconds, once we are back.</p>
  <form method="post" action="${escapeHtml(target)}">
${hidden}
${inputs}
  <p><button type="submit">Send again</button></p>
  </form>
</main>
</body>
</html>`;
}
