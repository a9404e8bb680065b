// Command-level `let`: user variables that filters (through `$expr`), aggregation pipelines and
// pipeline updates read as `$$name`. mongod evaluates each expression once, before the command
// runs, against no document; `$literal` keeps a string that starts with `$` from being read as a
// field path.

import type { Document } from "bson";
import { evalExpr } from "mingo/core";
import type { Options } from "mingo/types";
import { CommandError, ErrorCode } from "./errors";
import { mingoOptions } from "./mingo";
import { isPlainObject } from "./values";

/**
 * mongod's rule for user variable names: a lowercase ASCII letter or a non-ASCII character
 * first, then letters, digits and underscores (or non-ASCII characters). Names such as `NOW`
 * or `ROOT` are the system's.
 */
function checkVariableName(name: string): void {
  if (name.length === 0) {
    throw new CommandError(ErrorCode.FailedToParse, "empty variable names are not allowed");
  }
  const first = name.charCodeAt(0);
  if (!(first >= 0x61 && first <= 0x7a) && first < 0x80) {
    throw new CommandError(
      ErrorCode.Location16867,
      `'${name}' starts with an invalid character for a user variable name`,
    );
  }
  for (const char of name) {
    const code = char.codePointAt(0) as number;
    const ok = code >= 0x80 || /[A-Za-z0-9_]/.test(char);
    if (!ok) {
      throw new CommandError(
        ErrorCode.Location16868,
        `'${name}' contains an invalid character for a variable name: '${char}'`,
      );
    }
  }
}

/** The values of a command's `let` document, or undefined when there is none. */
export function evaluateLet(raw: unknown, field = "let"): Record<string, unknown> | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isPlainObject(raw)) {
    throw new CommandError(
      ErrorCode.TypeMismatch,
      `BSON field '${field}' is the wrong type '${Array.isArray(raw) ? "array" : typeof raw}', expected type 'object'`,
    );
  }
  const values: Record<string, unknown> = {};
  for (const [name, expr] of Object.entries(raw as Document)) {
    checkVariableName(name);
    values[name] = evalExpr({}, expr, mingoOptions({ variables: values }) as Options);
  }
  return values;
}

/** Statement-level constants (`c` of an update statement) on top of the command's `let`. */
export function withConstants(
  variables: Record<string, unknown> | undefined,
  constants: unknown,
): Record<string, unknown> | undefined {
  const own = evaluateLet(constants, "c");
  if (!own) return variables;
  return { ...variables, ...own };
}
