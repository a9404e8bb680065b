// Authentication commands (the SCRAM conversation itself is in ../auth.ts) and what the
// handshake adds for clients that bring credentials.

import type { Document } from "bson";
import { AUTH_DB, AuthenticationFailure } from "../auth";
import type { CommandContext, Handler } from "./context";

/** Runs one SCRAM step; a failure is logged with its reason and answered without it. */
function step(ctx: CommandContext, run: () => Document): Document {
  try {
    return run();
  } catch (error) {
    if (error instanceof AuthenticationFailure) {
      ctx.log(
        `connection ${ctx.connectionId} (${ctx.remoteAddress}): authentication failed: ${error.reason}`,
      );
    }
    throw error;
  }
}

/**
 * What a hello reply gains from the client's `saslSupportedMechs` and `speculativeAuthenticate`:
 * the user's mechanisms, and the first SCRAM step answered in the same round trip. Like mongod,
 * a speculative attempt that fails is left out of the reply (the client then runs saslStart and
 * gets the error there), and an unknown user gets no mechanisms.
 */
export function handshakeAuth(ctx: CommandContext): Document {
  const extra: Document = {};
  const mechanisms = ctx.auth.mechanismsFor(ctx.body.saslSupportedMechs);
  if (mechanisms) extra.saslSupportedMechs = mechanisms;
  const speculative = ctx.body.speculativeAuthenticate as Document | undefined;
  if (speculative && typeof speculative === "object" && speculative.saslStart !== undefined) {
    try {
      const db = typeof speculative.db === "string" ? speculative.db : ctx.db;
      const { ok: _ok, ...reply } = step(ctx, () => ctx.auth.start(speculative, db));
      extra.speculativeAuthenticate = reply;
    } catch {
      // Answered by the explicit saslStart that follows.
    }
  }
  return extra;
}

export const authHandlers: Record<string, Handler> = {
  saslStart: (ctx) => step(ctx, () => ctx.auth.start(ctx.body, ctx.db)),
  saslContinue: (ctx) => step(ctx, () => ctx.auth.continue(ctx.body)),
  connectionStatus: (ctx) => {
    const user = ctx.auth.username;
    return {
      authInfo: {
        authenticatedUsers: user === undefined ? [] : [{ user, db: AUTH_DB }],
        // The one user may do everything, as mongod's root role allows.
        authenticatedUserRoles: user === undefined ? [] : [{ role: "root", db: AUTH_DB }],
      },
      ok: 1,
    };
  },
};
