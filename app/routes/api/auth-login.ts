// POST /api/auth/login (SPEC §7): {email, password} -> {token, user}. The same account and
// address throttle as the sign-in page (domain/login-throttle.server.ts); the token is a bearer
// token for every other write (domain/api-token.server.ts).
import { normalizeEmail, verifyCredentials } from "~/domain/admin.server";
import {
  credentialsSchema,
  INVALID_CREDENTIALS,
  issueApiToken,
  tokenResponse,
} from "~/domain/api-token.server";
import {
  attemptSucceeded,
  beginLoginAttempt,
  throttledMessage,
} from "~/domain/login-throttle.server";
import { ApiError, apiJson, apiRoute, operation } from "~/lib/api.server";
import { clientIp } from "~/lib/client-ip.server";

const api = apiRoute("/api/auth/login", {
  post: operation({
    tag: "Auth",
    summary: "Sign in: a bearer token for the other calls",
    auth: "none",
    body: credentialsSchema,
    response: tokenResponse,
    errors: { 401: "Wrong e-mail or password.", 429: "Too many failed sign-ins; wait." },
    handler: async ({ body, context }) => {
      const email = normalizeEmail(body.email);
      const attempt = await beginLoginAttempt({ email, ip: clientIp(context) });
      if (!attempt.allowed) {
        throw new ApiError(429, throttledMessage(attempt.retryAfterMs), undefined, {
          "Retry-After": String(Math.ceil(attempt.retryAfterMs / 1000)),
        });
      }
      const admin = await verifyCredentials(email, body.password);
      if (!admin) throw new ApiError(401, INVALID_CREDENTIALS);
      await attemptSucceeded(email, attempt.attemptIds);
      const { token, expiresAt } = await issueApiToken(admin._id);
      return apiJson({
        success: true,
        token,
        expiresAt: expiresAt.toISOString(),
        user: { _id: admin._id, email: admin.email },
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
