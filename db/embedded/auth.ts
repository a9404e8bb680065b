// Authentication: SCRAM-SHA-256 (RFC 5802 and 7677), the mechanism the official driver uses by
// default, with one user defined in the `admin` database (./storage/credentials.ts).
//
// The conversation, as the driver runs it:
//   client-first  "n,,n=<user>,r=<client nonce>"               saslStart (or speculativeAuthenticate
//                                                              inside the handshake's hello)
//   server-first  "r=<client+server nonce>,s=<salt>,i=<iterations>"
//   client-final  "c=biws,r=<nonce>,p=<proof>"                 saslContinue
//   server-final  "v=<server signature>"                       done: true (the driver asks to skip
//                                                              the empty third exchange)
// Every failure inside the conversation answers "Authentication failed." (code 18) as mongod
// does, so a client cannot tell an unknown user from a wrong password; the reason is logged.

import crypto from "node:crypto";
import { Binary, type Document } from "bson";
import { CommandError, ErrorCode } from "./errors";
import type { Credentials } from "./storage/credentials";

export const MECHANISM = "SCRAM-SHA-256";
/** The database the user is defined in (the driver's default authSource without a path). */
export const AUTH_DB = "admin";
/** mongod's default scramSHA256IterationCount. */
const ITERATIONS = 15_000;
const CONVERSATION_ID = 1;

/**
 * Commands mongod answers before authentication: the handshake, ping, and the authentication
 * commands themselves. Everything else answers Unauthorized (13).
 */
export const OPEN_COMMANDS: ReadonlySet<string> = new Set([
  "hello",
  "isMaster",
  "ismaster",
  "ping",
  "buildInfo",
  "buildinfo",
  "saslStart",
  "saslContinue",
  "connectionStatus",
]);

/** What the server keeps of the password: RFC 5802's StoredKey and ServerKey with their salt. */
export interface ScramUser {
  readonly username: string;
  readonly salt: Buffer;
  readonly iterations: number;
  readonly storedKey: Buffer;
  readonly serverKey: Buffer;
}

const hmac = (key: Buffer, text: string | Buffer) =>
  crypto.createHmac("sha256", key).update(text).digest();
const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest();

/** Derives the verifier with a fresh salt (each start picks a new one; clients never store it). */
export function scramUser(credentials: Credentials): ScramUser {
  const salt = crypto.randomBytes(28);
  const salted = crypto.pbkdf2Sync(credentials.password, salt, ITERATIONS, 32, "sha256");
  return {
    username: credentials.username,
    salt,
    iterations: ITERATIONS,
    storedKey: sha256(hmac(salted, "Client Key")),
    serverKey: hmac(salted, "Server Key"),
  };
}

/** "Authentication failed." for the client; `reason` is for the server's log only. */
export class AuthenticationFailure extends CommandError {
  readonly reason: string;

  constructor(reason: string) {
    super(ErrorCode.AuthenticationFailed, "Authentication failed.");
    this.reason = reason;
  }
}

function failed(reason: string): AuthenticationFailure {
  return new AuthenticationFailure(reason);
}

function payloadText(value: unknown): string {
  if (value instanceof Binary)
    return Buffer.from(value.buffer.subarray(0, value.position)).toString("utf8");
  if (value instanceof Uint8Array) return Buffer.from(value).toString("utf8");
  if (typeof value === "string") return value;
  throw failed("payload is not binary data");
}

/** "a=1,b=2" → {a: "1", b: "2"}; a value may itself contain "=" (base64 padding). */
function attributes(message: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of message.split(",")) {
    const eq = part.indexOf("=");
    if (eq !== 1) throw failed(`malformed SCRAM attribute ${JSON.stringify(part)}`);
    map.set(part.slice(0, 1), part.slice(2));
  }
  return map;
}

/** SCRAM's saslname: "=2C" stands for ",", "=3D" for "="; any other "=" is malformed. */
function decodeSaslName(name: string): string {
  if (/=(?!2C|3D)/.test(name)) throw failed("malformed user name");
  return name.replace(/=2C/g, ",").replace(/=3D/g, "=");
}

interface Conversation {
  readonly gs2Header: string;
  readonly authPrefix: string;
  readonly nonce: string;
  /** The client asked (saslStart's options) to finish without the empty third exchange. */
  readonly skipEmptyExchange: boolean;
  finished: boolean;
}

/** One connection's authentication state. */
export class AuthSession {
  private readonly user: ScramUser | undefined;
  private conversation: Conversation | undefined;
  private signedIn: string | undefined;

  /** `user` undefined: the server has no users (a `:memory:` server), nobody can sign in. */
  constructor(user: ScramUser | undefined) {
    this.user = user;
  }

  /** Whether commands other than OPEN_COMMANDS need a signed-in user. */
  get required(): boolean {
    return this.user !== undefined;
  }

  /** The signed-in user name, if any. */
  get username(): string | undefined {
    return this.signedIn;
  }

  /** hello's `saslSupportedMechs: "<db>.<user>"`: the mechanisms of that user, if it exists. */
  mechanismsFor(name: unknown): string[] | undefined {
    return this.user && name === `${AUTH_DB}.${this.user.username}` ? [MECHANISM] : undefined;
  }

  /** saslStart (also the speculativeAuthenticate of a hello, with `db` in the body). */
  start(body: Document, db: string): Document {
    this.conversation = undefined;
    const mechanism = body.mechanism;
    if (mechanism !== MECHANISM) {
      throw new CommandError(
        ErrorCode.MechanismUnavailable,
        `Received authentication for mechanism ${String(mechanism)} which is not enabled`,
      );
    }
    const clientFirst = payloadText(body.payload);
    // GS2 header: "n,," (no channel binding) or "y,," (client could, server does not offer it);
    // an authorization identity other than the user itself is not supported.
    const match = /^([ny]),(?:a=([^,]*))?,(.*)$/s.exec(clientFirst);
    if (!match) throw failed("client-first message without a valid GS2 header");
    const [, , authzid, bare = ""] = match;
    const attrs = attributes(bare);
    const username = decodeSaslName(attrs.get("n") ?? "");
    const clientNonce = attrs.get("r") ?? "";
    if (!clientNonce) throw failed("client-first message without a nonce");
    if (authzid !== undefined && decodeSaslName(authzid) !== username) {
      throw failed("authorization identity differs from the user");
    }
    const user = this.user;
    if (!user || db !== AUTH_DB || username !== user.username) {
      throw failed(`unknown user ${JSON.stringify(`${db}.${username}`)}`);
    }
    const nonce = clientNonce + crypto.randomBytes(24).toString("base64");
    const serverFirst = `r=${nonce},s=${user.salt.toString("base64")},i=${user.iterations}`;
    this.conversation = {
      gs2Header: clientFirst.slice(0, clientFirst.length - bare.length),
      authPrefix: `${bare},${serverFirst}`,
      nonce,
      skipEmptyExchange: Boolean((body.options as Document | undefined)?.skipEmptyExchange),
      finished: false,
    };
    return {
      conversationId: CONVERSATION_ID,
      done: false,
      payload: new Binary(Buffer.from(serverFirst, "utf8")),
      ok: 1,
    };
  }

  /** saslContinue: checks the client's proof and answers the server's signature. */
  continue(body: Document): Document {
    const conversation = this.conversation;
    const user = this.user;
    if (!conversation || !user || Number(body.conversationId) !== CONVERSATION_ID) {
      throw new CommandError(ErrorCode.ProtocolError, "No SASL session state found");
    }
    if (conversation.finished) {
      // The empty last exchange of a client that did not ask to skip it.
      this.conversation = undefined;
      this.signedIn = user.username;
      return {
        conversationId: CONVERSATION_ID,
        done: true,
        payload: new Binary(Buffer.alloc(0)),
        ok: 1,
      };
    }
    // A failed attempt ends the conversation: the client starts over.
    this.conversation = undefined;
    const clientFinal = payloadText(body.payload);
    const proofAt = clientFinal.lastIndexOf(",p=");
    if (proofAt < 0) throw failed("client-final message without a proof");
    const withoutProof = clientFinal.slice(0, proofAt);
    const attrs = attributes(withoutProof);
    if (attrs.get("c") !== Buffer.from(conversation.gs2Header, "utf8").toString("base64")) {
      throw failed("channel binding does not match the GS2 header");
    }
    if (attrs.get("r") !== conversation.nonce) throw failed("nonce mismatch");
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), "base64");
    const authMessage = `${conversation.authPrefix},${withoutProof}`;
    const signature = hmac(user.storedKey, authMessage);
    if (proof.length !== signature.length) throw failed("wrong password");
    const clientKey = Buffer.alloc(proof.length);
    for (let i = 0; i < proof.length; i++)
      clientKey[i] = (proof[i] as number) ^ (signature[i] as number);
    if (!crypto.timingSafeEqual(sha256(clientKey), user.storedKey)) throw failed("wrong password");

    const serverFinal = `v=${hmac(user.serverKey, authMessage).toString("base64")}`;
    const done = conversation.skipEmptyExchange;
    if (done) this.signedIn = user.username;
    else {
      conversation.finished = true;
      this.conversation = conversation;
    }
    return {
      conversationId: CONVERSATION_ID,
      done,
      payload: new Binary(Buffer.from(serverFinal, "utf8")),
      ok: 1,
    };
  }
}
