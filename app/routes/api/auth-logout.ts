// POST /api/auth/logout: ends the token the request carries. An addition: the original clients
// had no logout call, so a token lived until it expired.
import { z } from "zod";
import { revokeApiToken } from "~/domain/api-token.server";
import { apiJson, apiRoute, bearerToken, operation } from "~/lib/api.server";

const api = apiRoute("/api/auth/logout", {
  post: operation({
    tag: "Auth",
    summary: "End this token",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ request, actor }) => {
      await revokeApiToken(bearerToken(request) ?? "", actor);
      return apiJson({ success: true, message: "Signed out: this token no longer works." });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
