// POST /api/auth/login (SPEC §7): {email, password} -> {token, user}. The same throttle as the
// sign-in page (domain/login-throttle.server.ts); the token is a bearer token for every other
// write (domain/api-token.server.ts). While the account is under attack (many failures from
// other addresses), the right password answers 401 with `codeRequired: true` and a code is
// e-mailed to the account; the same call with `code` added answers the token.
import {
  INVALID_CREDENTIALS,
  loginCredentialsSchema,
  signInForToken,
  tokenResponse,
} from "~/domain/api-token.server";
import { codeMailsThrottledMessage, throttledMessage } from "~/domain/login-throttle.server";
import {
  CODE_MAIL_FAILED_MESSAGE,
  CODE_RENEWED_MESSAGE,
  CODE_SENT_MESSAGE,
  wrongCodeMessage,
} from "~/domain/sign-in-code.server";
import { ApiError, apiJson, apiRoute, operation } from "~/lib/api.server";
import { clientIp } from "~/lib/client-ip.server";

const retryAfter = (ms: number) => ({ "Retry-After": String(Math.ceil(ms / 1000)) });

const api = apiRoute("/api/auth/login", {
  post: operation({
    tag: "Auth",
    summary: "Sign in: a bearer token for the other calls",
    description:
      "While the account is under a password-guessing attack (many failed sign-ins from other addresses in the last 15 minutes), the right password alone answers 401 with `codeRequired: true` and e-mails a 6-digit code to the account (valid 10 minutes, single use, void after 5 wrong tries). Call again with the same `email` and `password` plus `code` to get the token.",
    auth: "none",
    body: loginCredentialsSchema,
    response: tokenResponse,
    errors: {
      401: "Wrong e-mail or password; or, with `codeRequired: true`, a sign-in code was e-mailed (or the code sent was wrong): send it as `code`.",
      429: "Too many failed sign-ins, or too many codes e-mailed; wait (Retry-After).",
      503: "The sign-in code could not be e-mailed; retry later.",
    },
    handler: async ({ body, context }) => {
      const outcome = await signInForToken({ ...body, ip: clientIp(context) });
      switch (outcome.kind) {
        case "throttled":
          throw new ApiError(429, throttledMessage(outcome.retryAfterMs), undefined, {
            ...retryAfter(outcome.retryAfterMs),
          });
        case "code-mails-throttled":
          throw new ApiError(429, codeMailsThrottledMessage(outcome.retryAfterMs), undefined, {
            ...retryAfter(outcome.retryAfterMs),
          });
        case "mail-failed":
          throw new ApiError(503, CODE_MAIL_FAILED_MESSAGE, undefined, retryAfter(60_000));
        case "invalid":
          throw new ApiError(401, INVALID_CREDENTIALS);
        case "code-sent": {
          const message = outcome.renewed ? CODE_RENEWED_MESSAGE : CODE_SENT_MESSAGE;
          return apiJson({ success: false, message, codeRequired: true }, 401);
        }
        case "wrong-code": {
          const message = wrongCodeMessage(outcome.triesLeft);
          return apiJson(
            {
              success: false,
              message,
              codeRequired: true,
              errors: [{ path: "code", msg: message }],
            },
            401,
          );
        }
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
