// The page shown while the database cannot be reached. Self-contained HTML (no stylesheet,
// no script, no database) because nothing else can be relied on at that moment.
import { nonceAttribute } from "./security-headers.server";

/** SPEC §4: a failed load shows 'Error: ' plus its message. */
export const SERVICE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable.";

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
