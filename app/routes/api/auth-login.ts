// POST /api/auth/login: {email, password} -> {token, user}. The same throttle as the
// sign-in page (domain/login-throttle.server.ts); the token is a bearer token for every other
// write (domain/api-auth.server.ts). While the account is under attack (many failures from
// other addresses, then 7 days), every call without `code` answers the same 401 with
// `codeRequired: true`, whether the password was right (a code is e-mailed to the account) or
// wrong (nothing is); the same call with `code` added answers the token only when both are
// right, and otherwise one 401 that does not say which was wrong.
import {
  INVALID_CREDENTIALS,
  loginCredentialsSchema,
  signInForToken,
  tokenResponse,
} from "~/domain/api-auth.server";
import { throttledMessage } from "~/domain/login-throttle.server";
import { CODE_REFUSED_MESSAGE, CODE_STEP_MESSAGE } from "~/domain/sign-in-code.server";
import { ApiError, apiJson, apiRoute, operation } from "~/lib/api.server";
import { clientIp } from "~/lib/client-ip.server";

const retryAfter = (ms: number) => ({ "Retry-After": String(Math.ceil(ms / 1000)) });

const api = apiRoute("/api/auth/login", {
  post: operation({
    tag: "Auth",
    summary: "Sign in: a bearer token for the other calls",
    description:
      "While the account is under a password-guessing attack (5 failed sign-ins from other addresses within 15 minutes; it lasts 7 days after the last sign of one, or until the password is changed), a call without `code` answers 401 with `codeRequired: true`, whether the password is right or not; only for the right password is a 6-digit code e-mailed to the account (valid 10 minutes, single use, void after 5 wrong tries, at most 5 per 15 minutes). Call again with the same `email` and `password` plus `code` to get the token; if either is wrong the answer is again 401 with `codeRequired: true`, without saying which.",
    auth: "none",
    body: loginCredentialsSchema,
    response: tokenResponse,
    errors: {
      401: "Wrong e-mail or password; or, with `codeRequired: true`, the account is under attack: send the e-mailed code as `code` (or it, the e-mail or the password was wrong).",
      429: "Too many failed sign-ins; wait (Retry-After).",
    },
    handler: async ({ body, context }) => {
      const outcome = await signInForToken({ ...body, ip: clientIp(context) });
      switch (outcome.kind) {
        case "throttled":
          throw new ApiError(429, throttledMessage(outcome.retryAfterMs), undefined, {
            ...retryAfter(outcome.retryAfterMs),
          });
        case "invalid":
          throw new ApiError(401, INVALID_CREDENTIALS);
        // Under attack: one body per case, whatever the password (api-auth.server.ts).
        case "code-step":
          return apiJson({ success: false, message: CODE_STEP_MESSAGE, codeRequired: true }, 401);
        case "code-refused":
          return apiJson(
            { success: false, message: CODE_REFUSED_MESSAGE, codeRequired: true },
            401,
          );
        case "signed-in": {
          const { admin, token: issued } = outcome;
          return apiJson({
            success: true,
            token: issued.token,
            expiresAt: issued.expiresAt.toISOString(),
            user: { _id: admin._id, email: admin.email },
          });
        }
      }
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
