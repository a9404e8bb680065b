// Collation: MongoDB's locale-aware string comparison, built on the ICU that Node ships with
// (Intl.Collator), never on hand-written rules.
//
// A collation document is checked like mongod checks it and normalised to the full form mongod
// reports (listIndexes, listCollections). ICU in Node always normalises; with mongod's default
// `normalization: false` the two differ only for text that is not in FCD form, which is refused
// (115) when compared rather than compared differently. Intl.Collator exposes only part of ICU's attributes,
// so the options it cannot express are refused with CommandNotSupported (115) instead of being
// ignored: `backwards: true`, `maxVariable: "space"` together with `alternate: "shifted"`, and
// strength 4 with `alternate: "shifted"`. The combinations it lacks directly (case level at
// strength 2 or 3, the identical level) are composed from several collators in ICU's own order
// of levels: primary, case level, secondary, tertiary, then code points.

import type { Document } from "bson";
import { CommandError, ErrorCode } from "./errors";
import { isPlainObject } from "./values";

export type StringCompare = (a: string, b: string) => number;

/** A validated, complete collation (never the "simple" one, which is binary order). */
export interface Collation {
  locale: string;
  caseLevel: boolean;
  caseFirst: "upper" | "lower" | "off";
  strength: 1 | 2 | 3 | 4 | 5;
  numericOrdering: boolean;
  alternate: "non-ignorable" | "shifted";
  maxVariable: "punct" | "space";
  normalization: boolean;
  backwards: boolean;
  version: string;
}

const FIELDS = new Set([
  "locale",
  "caseLevel",
  "caseFirst",
  "strength",
  "numericOrdering",
  "alternate",
  "maxVariable",
  "normalization",
  "backwards",
  "version",
]);

/** The ICU collation version mongod 7.0 reports. */
const ICU_COLLATION_VERSION = "57.1";

function typeError(field: string, value: unknown, expected: string): CommandError {
  const actual =
    value === null
      ? "null"
      : Array.isArray(value)
        ? "array"
        : typeof value === "number"
          ? Number.isInteger(value)
            ? "int"
            : "double"
          : typeof value === "boolean"
            ? "bool"
            : typeof value;
  return new CommandError(
    ErrorCode.TypeMismatch,
    `BSON field 'collation.${field}' is the wrong type '${actual}', expected type '${expected}'`,
  );
}

function bool(spec: Document, field: string): boolean | undefined {
  const value = spec[field];
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") throw typeError(field, value, "bool");
  return value;
}

function enumeration<T extends string>(
  spec: Document,
  field: string,
  allowed: readonly T[],
): T | undefined {
  const value = spec[field];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw typeError(field, value, "string");
  if (!(allowed as readonly string[]).includes(value)) {
    throw new CommandError(
      ErrorCode.BadValue,
      `Enumeration value '${value}' for field 'collation.${field}' is not a valid value.`,
    );
  }
  return value as T;
}

/**
 * MongoDB writes ICU locale ids (`en_US`, `de@collation=phonebook`, `en_US_POSIX`); Intl wants
 * BCP 47 tags (`en-US`, `de-u-co-phonebk`, `en-US-u-va-posix`).
 */
function bcp47(locale: string): string | undefined {
  const [base, keywords] = locale.split("@", 2) as [string, string | undefined];
  let tag = base.replace(/_/g, "-");
  let extension = "";
  if (/-POSIX$/i.test(tag)) {
    tag = tag.replace(/-POSIX$/i, "");
    extension = "-u-va-posix";
  }
  if (keywords !== undefined) {
    const match = /^collation=([a-z]+)$/.exec(keywords);
    if (!match) return undefined;
    const types: Record<string, string> = { phonebook: "phonebk", dictionary: "dict" };
    const type = types[match[1] as string] ?? (match[1] as string);
    extension = `${extension || "-u"}-co-${type}`;
  }
  try {
    const [canonical] = Intl.getCanonicalLocales(`${tag}${extension}`);
    return canonical;
  } catch {
    return undefined;
  }
}

const collators = new Map<string, StringCompare>();

/**
 * Validates a `collation` argument. Returns undefined for the simple (binary) collation, which
 * is also what an absent argument means.
 */
export function parseCollation(raw: unknown): Collation | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isPlainObject(raw)) {
    throw new CommandError(
      ErrorCode.TypeMismatch,
      `BSON field 'collation' is the wrong type '${Array.isArray(raw) ? "array" : typeof raw}', expected type 'object'`,
    );
  }
  const spec = raw as Document;
  for (const field of Object.keys(spec)) {
    if (!FIELDS.has(field)) {
      throw new CommandError(
        ErrorCode.Location40415,
        `BSON field 'collation.${field}' is an unknown field.`,
      );
    }
  }
  const locale = spec.locale;
  if (locale === undefined) {
    throw new CommandError(
      ErrorCode.Location40414,
      "BSON field 'collation.locale' is missing but a required field",
    );
  }
  if (typeof locale !== "string") throw typeError("locale", locale, "string");
  if (locale === "simple") {
    if (Object.keys(spec).some((field) => field !== "locale")) {
      throw new CommandError(
        ErrorCode.FailedToParse,
        "If 'locale' is set to 'simple', no other collation fields can be set",
      );
    }
    return undefined;
  }
  const tag = bcp47(locale);
  if (tag === undefined || Intl.Collator.supportedLocalesOf([tag]).length === 0) {
    throw new CommandError(
      ErrorCode.BadValue,
      `Field 'locale' is invalid in: { locale: ${JSON.stringify(locale)} }`,
    );
  }
  let strength: Collation["strength"] = 3;
  if (spec.strength !== undefined) {
    const value = spec.strength;
    if (typeof value !== "number") throw typeError("strength", value, "int");
    if (!Number.isInteger(value) || value < 1 || value > 5) {
      throw new CommandError(
        ErrorCode.Location51024,
        `BSON field 'strength' value must be >= 1 and <= 5, actual value '${value}'`,
      );
    }
    strength = value as Collation["strength"];
  }
  const collation: Collation = {
    locale,
    caseLevel: bool(spec, "caseLevel") ?? false,
    caseFirst: enumeration(spec, "caseFirst", ["upper", "lower", "off"] as const) ?? "off",
    strength,
    numericOrdering: bool(spec, "numericOrdering") ?? false,
    alternate:
      enumeration(spec, "alternate", ["non-ignorable", "shifted"] as const) ?? "non-ignorable",
    maxVariable: enumeration(spec, "maxVariable", ["punct", "space"] as const) ?? "punct",
    normalization: bool(spec, "normalization") ?? false,
    backwards: bool(spec, "backwards") ?? false,
    version: ICU_COLLATION_VERSION,
  };
  if (collation.backwards) unsupported("backwards: true (French secondary ordering)");
  if (collation.alternate === "shifted" && collation.maxVariable === "space") {
    unsupported('maxVariable: "space" with alternate: "shifted"');
  }
  if (collation.alternate === "shifted" && collation.strength === 4) {
    unsupported('strength 4 with alternate: "shifted"');
  }
  return collation;
}

function unsupported(what: string): never {
  throw new CommandError(
    ErrorCode.CommandNotSupported,
    `collation option ${what} is not supported by the embedded server (Node's Intl.Collator cannot express it)`,
  );
}

/** The collation as mongod reports it in listIndexes and listCollections. */
export function collationDocument(collation: Collation): Document {
  return { ...collation };
}

/**
 * What mingo receives as its `collation` option: the same collation with a BCP 47 locale, so
 * the few places where mingo compares strings itself can build an Intl.Collator from it.
 */
export function mingoCollation(collation: Collation): Collation {
  return { ...collation, locale: bcp47(collation.locale) as string };
}

/** Whether two collations compare every pair of strings the same way. */
export function sameCollation(a: Collation | undefined, b: Collation | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return collationKey(a) === collationKey(b);
}

function collationKey(collation: Collation): string {
  const { version: _version, ...rest } = collation;
  return JSON.stringify(rest);
}

/** String comparison for a collation (binary order without one). Collators are cached. */
export function stringCompare(collation: Collation | undefined): StringCompare | undefined {
  // mingo's updater hands its operators an empty collation object when there is none.
  if (collation === undefined || typeof collation.locale !== "string") return undefined;
  const key = collationKey(collation);
  let compare = collators.get(key);
  if (compare === undefined) {
    compare = buildCompare(collation);
    collators.set(key, compare);
  }
  return compare;
}

/**
 * Whether a string is in FCD form ("fast C or D"): the concatenation of its characters' canonical
 * decompositions is already in canonical order. ICU compares FCD text correctly with
 * normalization off, so for such text mongod's `normalization: false` and Node's always
 * normalising ICU give the same answers. Text without any code point from U+0300 on (no
 * combining mark, no decomposable character that could follow one) is FCD, as is text that is
 * already in NFD.
 */
function isFcd(s: string): boolean {
  const nfd = s.normalize("NFD");
  if (nfd === s) return true;
  let decomposed = "";
  for (const ch of s) decomposed += ch.normalize("NFD");
  return decomposed === nfd;
}

/** A code point from U+0300 on: only text holding one can fail to be FCD. */
const BEYOND_U02FF = /[\u0300-\uffff]/;

function requireFcd(s: string): void {
  if (!BEYOND_U02FF.test(s) || isFcd(s)) return;
  throw new CommandError(
    ErrorCode.CommandNotSupported,
    `collation option normalization: false cannot be honoured for ${JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s)}: the text is not in FCD form (combining marks in non-canonical order), where mongod's unnormalised comparison differs from Node's ICU, which always normalises; use normalization: true`,
  );
}

function buildCompare(collation: Collation): StringCompare {
  const compare = buildNormalisingCompare(collation);
  if (collation.normalization) return compare;
  return (a, b) => {
    requireFcd(a);
    requireFcd(b);
    return compare(a, b);
  };
}

function buildNormalisingCompare(collation: Collation): StringCompare {
  const tag = bcp47(collation.locale) as string;
  const base: Intl.CollatorOptions = {
    usage: "sort",
    caseFirst: collation.caseFirst === "off" ? "false" : collation.caseFirst,
    numeric: collation.numericOrdering,
    ignorePunctuation: collation.alternate === "shifted",
  };
  const make = (sensitivity: Intl.CollatorOptions["sensitivity"]) =>
    new Intl.Collator(tag, { ...base, sensitivity });
  const strength = collation.strength;
  const primaryAndCase = collation.caseLevel ? make("case") : undefined;
  const main = make(strength === 1 ? "base" : strength === 2 ? "accent" : "variant");
  const levels: StringCompare[] = [];
  // ICU compares the case level right after the primary level.
  if (primaryAndCase && strength > 1) levels.push((a, b) => primaryAndCase.compare(a, b));
  levels.push(strength === 1 && primaryAndCase ? primaryAndCase.compare : main.compare);
  if (strength === 5) {
    levels.push((a, b) => {
      const x = a.normalize("NFD");
      const y = b.normalize("NFD");
      return x < y ? -1 : x > y ? 1 : 0;
    });
  }
  if (levels.length === 1) return levels[0] as StringCompare;
  return (a, b) => {
    for (const level of levels) {
      const c = level(a, b);
      if (c !== 0) return c;
    }
    return 0;
  };
}
