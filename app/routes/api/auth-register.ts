// POST /api/auth/register (SPEC §7): {email, password} -> {token, user}. The sign-in issue's
// rule (domain/admin.server.ts registerAdmin): a signed-in admin (a bearer token) adds another
// admin; without a token only while no admin exists at all. The same password policy as the
// Admins page. The token answered is the new admin's, as the SPEC's clients expect.
import { registerAdmin } from "~/domain/admin.server";
import { credentialsSchema, issueApiToken, tokenResponse } from "~/domain/api-token.server";
import { ApiError, apiJson, apiRoute, operation } from "~/lib/api.server";

const STATUS = { forbidden: 403, invalid: 400, conflict: 409, "not-found": 404 } as const;

const api = apiRoute("/api/auth/register", {
  post: operation({
    tag: "Auth",
    summary: "Add an admin (a token needed once any admin exists)",
    auth: "optional",
    body: credentialsSchema,
    response: tokenResponse,
    status: 201,
    errors: {
      403: "Only a signed-in admin can add another admin.",
      409: "An admin with this e-mail address already exists.",
    },
    handler: async ({ body, actor }) => {
      const result = await registerAdmin(body, actor);
      if (!result.ok) {
        const errors = result.field ? [{ path: result.field, msg: result.message }] : undefined;
        throw new ApiError(STATUS[result.code], result.message, errors);
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
