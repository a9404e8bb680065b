// Requests from another client address without trusting a proxy: on Linux every address in
// 127.0.0.0/8 is the loopback, so a request sent from 127.0.0.2 to 127.0.0.1 reaches the
// server with 127.0.0.2 as its client address, as a second machine would (CI runs on Linux).
import http from "node:http";

export interface FromAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request from `from` to the server at `base` (its port; always reached on 127.0.0.1). */
export function requestFrom(
  from: string,
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<FromAnswer> {
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(`http://127.0.0.1:${new URL(base).port}${path}`, {
      localAddress: from,
      method: options.method ?? "GET",
      headers: { ...(body ? { "Content-Length": String(body.length) } : {}), ...options.headers },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The newest sign-in code the server logged for `email` (no SMTP_URL: mail is logged). */
export function loggedSignInCode(output: string, email: string): string | null {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`"(\\d{6}) is your [^\\n]* sign-in code" to ${escaped}`, "g");
  return [...output.matchAll(pattern)].at(-1)?.[1] ?? null;
}
