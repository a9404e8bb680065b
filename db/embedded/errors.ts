// Server error codes and the error type every command handler throws.
//
// Codes and names are MongoDB's own (src/mongo/base/error_codes.yml), so driver code that
// branches on `error.code` behaves as it would against a real server. Codes the driver treats
// as topology changes or retry signals (6, 7, 89, 91, 189, 262, 9001, 10107, 11600, 11602,
// 13435, 13436, 10058) are deliberately never produced: they would make the driver drop its
// connection pool or retry writes that already landed.

import type { Document } from "bson";

export const ErrorCode = {
  InternalError: 1,
  BadValue: 2,
  GraphContainsCycle: 5,
  FailedToParse: 9,
  TypeMismatch: 14,
  /** A $convert-style conversion that fails (onError catches exactly these). */
  ConversionFailure: 241,
  IllegalOperation: 20,
  InvalidBSON: 22,
  NamespaceNotFound: 26,
  PathNotViable: 28,
  IndexNotFound: 27,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  InvalidIdField: 53,
  EmptyFieldName: 56,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CommandNotSupported: 115,
  CommandFailed: 125,
  CannotIndexParallelArrays: 171,
  CannotConvertIndexToUnique: 359,
  CappedPositionLost: 136,
  BSONObjectTooLarge: 10334,
  DuplicateKey: 11000,
  ProtocolError: 17,
  Unauthorized: 13,
  AuthenticationFailed: 18,
  MechanismUnavailable: 334,
  OperationFailed: 96,
  NotAReplicaSet: 123,
  DollarPrefixedFieldName: 52,
  DocumentValidationFailure: 121,
  InvalidPipelineOperator: 168,
  OptionNotSupportedOnView: 167,
  CommandNotSupportedOnView: 166,
  InvalidViewDefinition: 182,
  APIVersionError: 322,
  APIStrictError: 323,
  /** mongod's "BSON field '…' is an unknown field" (IDL parsing, Location40415). */
  Location40415: 40415,
  /** mongod's "BSON field '…' is missing but a required field" (Location40414). */
  Location40414: 40414,
  /** "Provided apiStrict without apiVersion" (Location4886600). */
  Location4886600: 4886600,
  /** A `let` variable name that does not start with a lowercase letter (Location16867). */
  Location16867: 16867,
  /** A `let` variable name with a character other than letters, digits and '_'. */
  Location16868: 16868,
  /** An IDL validator bound, e.g. collation strength outside 1..5 (Location51024). */
  Location51024: 51024,
  /** "$out/$merge can only be the final stage in the pipeline" (Location40601). */
  Location40601: 40601,
  /** `$documents` that does not evaluate to an array of objects (Location5858203). */
  Location5858203: 5858203,
  /** $merge `on` fields without a unique index on them (Location51183). */
  Location51183: 51183,
  /** $merge `on` field missing, null or an array in a result document (Location51132). */
  Location51132: 51132,
  /** $merge whenNotMatched: "fail" with a document that matched none (Location13113). */
  Location13113: 13113,
  /** mongod's "Regular expression is invalid" (an assertion id, reported as Location51091). */
  Location51091: 51091,
  /** mongod's "invalid flag in regex options" (Location51108). */
  Location51108: 51108,
} as const;

const CODE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(ErrorCode).map(([name, code]) => [code, name]),
);

/**
 * An assertion id that is not one of MongoDB's named codes (an aggregation expression's 16610,
 * 28714, ...) is reported by mongod as "Location<id>"; those ids are all 10000 and above.
 */
export function codeName(code: number): string {
  return CODE_NAMES[code] ?? (code >= 10000 ? `Location${code}` : "UnknownError");
}

/**
 * An error that becomes an `{ok: 0, code, codeName, errmsg, ...extra}` reply (or a write error
 * entry). `extra` carries fields such as `keyPattern`/`keyValue` for duplicate keys.
 */
export class CommandError extends Error {
  readonly code: number;
  readonly extra: Document | undefined;

  constructor(code: number, message: string, extra?: Document) {
    super(message);
    this.name = "CommandError";
    this.code = code;
    this.extra = extra;
  }

  get codeName(): string {
    return codeName(this.code);
  }

  /** Reply body for a failed command. */
  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** Entry of a `writeErrors` array. */
  toWriteError(index: number): Document {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

/**
 * Converts anything thrown inside a handler into a CommandError. Mingo reports bad operators and
 * malformed expressions with plain Errors: those are client mistakes (BadValue), not crashes.
 */
export function toCommandError(error: unknown): CommandError {
  if (error instanceof CommandError) return error;
  if (error instanceof Error) {
    if (error.message.includes("would modify the immutable field")) {
      return new CommandError(ErrorCode.ImmutableField, error.message);
    }
    // An operator the engine does not know, met while evaluating an expression (the checks
    // before evaluation catch the ones written in a filter's $expr).
    const unknown = /^accumulator '(\$[^']*)' is not registered\.$/.exec(error.message);
    if (unknown) {
      return new CommandError(
        ErrorCode.InvalidPipelineOperator,
        `Unrecognized expression '${unknown[1]}'`,
      );
    }
    if (error.constructor.name === "MingoError" || error.name === "MingoError") {
      return new CommandError(ErrorCode.BadValue, error.message);
    }
    // An invalid regular expression in a filter surfaces as a SyntaxError from RegExp; mongod
    // reports these with the assertion ids below (a user's search text can trigger them).
    if (error instanceof SyntaxError) {
      const flags = /^Invalid flags supplied to RegExp constructor '(.*)'$/.exec(error.message);
      if (flags) {
        return new CommandError(
          ErrorCode.Location51108,
          `invalid flag in regex options: ${flags[1]}`,
        );
      }
      const pattern = /^Invalid regular expression: \/.*\/[a-z]*: (.*)$/s.exec(error.message);
      if (pattern) {
        return new CommandError(
          ErrorCode.Location51091,
          `Regular expression is invalid: ${pattern[1]}`,
        );
      }
      return new CommandError(ErrorCode.BadValue, error.message);
    }
    if (error.name === "BSONError" || error.constructor.name === "BSONError") {
      return new CommandError(ErrorCode.InvalidBSON, error.message);
    }
    return new CommandError(ErrorCode.InternalError, error.message || String(error));
  }
  return new CommandError(ErrorCode.InternalError, String(error));
}
