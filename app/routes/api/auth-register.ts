// POST /api/auth/register: {email, password} -> {token, user}. The sign-in issue's
// rule (domain/admin.server.ts registerAdmin, shared with the Admins page): a signed-in admin
// (a bearer token) adds another admin after giving their own `currentPassword` again, throttled
// like sign-in; without a token only while no admin exists at all. The same password policy as
// the Admins page; every other admin is e-mailed. The token answered is the new admin's, as the
// SPEC's clients expect.
import { z } from "zod";
import { ONLY_ADMINS_ADD, OWN_PASSWORD_NEEDED } from "~/domain/admin";
import { registerAdmin } from "~/domain/admin.server";
import { credentialsSchema, tokenResponse } from "~/domain/api-auth.server";
import { issueApiToken } from "~/domain/api-token.server";
import { beginPasswordCheck } from "~/domain/auth.server";
import { ApiError, apiJson, apiRoute, operation } from "~/lib/api.server";
import { clientIp } from "~/lib/client-ip.server";

// 403 rather than 401 for a wrong own password: the token is fine, and clients drop their token
// on a 401.
const STATUS = {
  forbidden: 403,
  reauth: 403,
  throttled: 429,
  invalid: 400,
  conflict: 409,
  "not-found": 404,
} as const;

const registerBody = credentialsSchema.extend({
  currentPassword: z
    .string()
    .max(1024, "Password is too long.")
    .optional()
    .describe("The acting admin's own password; required with a token (not for the first admin)."),
});

const api = apiRoute("/api/auth/register", {
  post: operation({
    tag: "Auth",
    summary: "Add an admin (a token and your current password once any admin exists)",
    auth: "optional",
    body: registerBody,
    response: tokenResponse,
    status: 201,
    errors: {
      403: `${ONLY_ADMINS_ADD} With a token: ${OWN_PASSWORD_NEEDED} (or it is not correct).`,
      409: "An admin with this e-mail address already exists.",
      429: "Too many wrong current passwords: wait for Retry-After.",
    },
    handler: async ({ request, context, body, actor }) => {
      const result = await registerAdmin(body, actor, () =>
        beginPasswordCheck(request, { email: actor.email, ip: clientIp(context) }),
      );
      if (!result.ok) {
        const errors = result.field ? [{ path: result.field, msg: result.message }] : undefined;
        const retry = result.retryAfterMs
          ? { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) }
          : undefined;
        throw new ApiError(STATUS[result.code], result.message, errors, retry);
      }
      const { token, expiresAt } = await issueApiToken(result.admin._id);
      return apiJson(
        {
          success: true,
          token,
          expiresAt: expiresAt.toISOString(),
          user: { _id: result.admin._id, email: result.admin.email },
        },
        201,
      );
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
