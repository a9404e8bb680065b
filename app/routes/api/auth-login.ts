// POST /api/auth/login (SPEC §7): {email, password} -> {token, user}. The same account and
// address throttle as the sign-in page (domain/login-throttle.server.ts); the token is a bearer
// token for every other write (domain/api-token.server.ts).
import {
  credentialsSchema,
  INVALID_CREDENTIALS,
  signInForToken,
  tokenResponse,
} from "~/domain/api-token.server";
import { throttledMessage } from "~/domain/login-throttle.server";
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
      const outcome = await signInForToken({ ...body, ip: clientIp(context) });
      if (outcome.kind === "throttled") {
        throw new ApiError(429, throttledMessage(outcome.retryAfterMs), undefined, {
          "Retry-After": String(Math.ceil(outcome.retryAfterMs / 1000)),
        });
      }
      if (outcome.kind === "invalid") throw new ApiError(401, INVALID_CREDENTIALS);
      const { admin, token: issued } = outcome;
      const { token, expiresAt } = issued;
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
