// `errInfo.details` of a document validation failure (121), in mongod's format: the validator is
// read as mongod's parser reads it (an object of several predicates is an implicit `$and`, one
// predicate stands alone, the operators of one field are separate clauses), and every clause
// that explains the failure says why in mongod's words: `reason`, `consideredValue(s)`,
// `consideredType(s)`, `expectedType(s)`, `expressionResult`, `clausesNotSatisfied`, ...
//
// Which clauses are reported follows from whether the failure is described plainly or inverted
// (under `$not` and `$nor` a clause fails by matching): a plain `$and` lists the clauses the
// document fails, a plain `$or` all of them (all failed), a `$nor` those the document satisfies.
// Every query operator a validator can hold here is covered; `$jsonSchema`, `$where` and `$text`
// are refused when the validator is set (collection.ts), so no clause goes unexplained.

import type { Document } from "bson";
import { toCommandError } from "./errors";
import { compileQuery, evalExpression, type MingoExtras } from "./mingo";
import { bsonTypeName } from "./numbers";
import { isPlainObject } from "./values";

/** mongod's internalQueryMaxDocValidationErrorConsideredValues. */
const MAX_CONSIDERED_VALUES = 10;

/** How a leaf operator explains itself: its reasons and the value types it can match. */
interface LeafKind {
  normal: string;
  inverted: string;
  /** Types one of the considered values must have, else the reason is a type mismatch. */
  expected?: readonly string[];
  /** Whether an array at the end of the path stands for itself rather than its elements. */
  wholeArray?: boolean;
}

const NUMBERS = ["decimal", "double", "int", "long"] as const;
const COMPARISON: LeafKind = { normal: "comparison failed", inverted: "comparison succeeded" };
const IN: LeafKind = {
  normal: "no matching value found in array",
  inverted: "matching value found in array",
};
const BITS: LeafKind = {
  normal: "bitwise operator failed to match",
  inverted: "bitwise operator matched successfully",
  expected: ["binData", ...NUMBERS],
};

const LEAF_KINDS: Record<string, LeafKind> = {
  $eq: COMPARISON,
  $ne: COMPARISON,
  $gt: COMPARISON,
  $gte: COMPARISON,
  $lt: COMPARISON,
  $lte: COMPARISON,
  $in: IN,
  $nin: IN,
  $regex: {
    normal: "regular expression did not match",
    inverted: "regular expression did match",
    expected: ["regex", "string", "symbol"],
  },
  $mod: {
    normal: "$mod did not evaluate to expected remainder",
    inverted: "$mod did evaluate to expected remainder",
    expected: NUMBERS,
  },
  $size: {
    normal: "array length was not equal to given size",
    inverted: "array length was equal to given size",
    expected: ["array"],
    wholeArray: true,
  },
  $elemMatch: {
    normal: "array did not satisfy the child predicate",
    inverted: "array did satisfy the child predicate",
    expected: ["array"],
    wholeArray: true,
  },
  $all: {
    normal: "array did not contain all specified values",
    inverted: "array did contain all specified values",
    wholeArray: true,
  },
  $bitsAllSet: BITS,
  $bitsAllClear: BITS,
  $bitsAnySet: BITS,
  $bitsAnyClear: BITS,
};

/** One node of the validator as mongod's parser builds it. */
type Node =
  | {
      kind: "leaf";
      op: string;
      path: string;
      /** How the clause was written: `{path: {op: operand}}` or `{path: value}`. */
      specifiedAs: Document;
      /** `$ne`, `$nin` and `$exists: false` are negations: they fail by matching. */
      negated: boolean;
    }
  | { kind: "expr"; specifiedAs: Document }
  | { kind: "not"; child: Node; filter: Document }
  | { kind: "list"; op: "$and" | "$or" | "$nor"; children: Node[] };

function isRegex(value: unknown): boolean {
  return (
    value instanceof RegExp || (value as { _bsontype?: string } | null)?._bsontype === "BSONRegExp"
  );
}

function leaf(op: string, path: string, specifiedAs: Document, negated = false): Node {
  return { kind: "leaf", op, path, specifiedAs, negated };
}

/** The predicates of a filter object, in mongod's order. */
function parseFilter(filter: Document): Node[] {
  const nodes: Node[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === "$and" || key === "$or" || key === "$nor") {
      const clauses = Array.isArray(value) ? value : [];
      nodes.push({ kind: "list", op: key, children: clauses.map((c) => single(parseFilter(c))) });
    } else if (key === "$expr") {
      nodes.push({ kind: "expr", specifiedAs: { $expr: value } });
    } else if (key === "$comment") {
      // A comment is no predicate.
    } else if (isPlainObject(value) && Object.keys(value)[0]?.startsWith("$")) {
      nodes.push(...parseOperators(key, value));
    } else {
      nodes.push(leaf(isRegex(value) ? "$regex" : "$eq", key, { [key]: value }));
    }
  }
  return nodes;
}

/** The operators of one field: each is a clause of its own (`$regex` with its `$options`). */
function parseOperators(path: string, ops: Document): Node[] {
  const nodes: Node[] = [];
  for (const [op, operand] of Object.entries(ops)) {
    if (op === "$options") continue;
    if (op === "$regex") {
      const spec: Document = {};
      for (const [k, v] of Object.entries(ops)) if (k === "$regex" || k === "$options") spec[k] = v;
      nodes.push(leaf(op, path, { [path]: spec }));
    } else if (op === "$not") {
      const child = isRegex(operand)
        ? leaf("$regex", path, { [path]: operand })
        : single(parseOperators(path, operand as Document));
      nodes.push({ kind: "not", child, filter: { [path]: { $not: operand } } });
    } else {
      const negated = op === "$ne" || op === "$nin" || (op === "$exists" && !operand);
      nodes.push(leaf(op, path, { [path]: { [op]: operand } }, negated));
    }
  }
  return nodes;
}

/** Like mongod, one predicate stands for itself; several are an implicit `$and`. */
function single(nodes: Node[]): Node {
  return nodes.length === 1 ? (nodes[0] as Node) : { kind: "list", op: "$and", children: nodes };
}

function filterOf(node: Node): Document {
  switch (node.kind) {
    case "leaf":
    case "expr":
      return node.specifiedAs;
    case "not":
      return node.filter;
    case "list":
      return { [node.op]: node.children.map(filterOf) };
  }
}

/** Values the path resolves to, with implicit array traversal (mongod's ElementPath). */
function valuesAt(doc: unknown, parts: string[], i: number, wholeArray: boolean, out: unknown[]) {
  if (doc === undefined) return;
  if (i === parts.length) {
    if (Array.isArray(doc) && !wholeArray) out.push(...doc);
    else out.push(doc);
    return;
  }
  const part = parts[i] as string;
  if (Array.isArray(doc)) {
    if (/^\d+$/.test(part)) valuesAt(doc[Number(part)], parts, i + 1, wholeArray, out);
    else
      for (const item of doc)
        if (isPlainObject(item)) valuesAt(item[part], parts, i + 1, wholeArray, out);
    return;
  }
  if (isPlainObject(doc)) valuesAt(doc[part], parts, i + 1, wholeArray, out);
}

/** The values a leaf considers; undefined when the path is missing. */
function consideredValues(doc: Document, path: string, wholeArray: boolean): unknown[] | undefined {
  const parts = path.split(".");
  const values: unknown[] = [];
  valuesAt(doc, parts, 0, wholeArray, values);
  if (values.length > 0) return values;
  // No value, but perhaps an empty array at the end of the path: present, nothing to consider.
  const present: unknown[] = [];
  valuesAt(doc, parts, 0, true, present);
  return present.length > 0 ? [] : undefined;
}

function appendValues(details: Document, values: unknown[]): void {
  if (values.length === 1) details.consideredValue = values[0];
  else details.consideredValues = values.slice(0, MAX_CONSIDERED_VALUES);
  if (values.length > MAX_CONSIDERED_VALUES) details.consideredValuesTruncated = true;
}

function appendTypes(details: Document, values: unknown[], field: string): void {
  if (values.length === 0) return;
  const types = Array.from(new Set(values.map(bsonTypeName))).sort();
  if (types.length === 1) details[`${field}Type`] = types[0];
  else details[`${field}Types`] = types;
}

function leafDetails(node: Node & { kind: "leaf" }, doc: Document, inverted: boolean): Document {
  const details: Document = { operatorName: node.op, specifiedAs: node.specifiedAs };
  if (node.op === "$exists") {
    details.reason = inverted ? "path does exist" : "path does not exist";
    return details;
  }
  const operand = (node.specifiedAs[node.path] as Document)?.[node.op];
  if (node.op === "$all" && Array.isArray(operand) && operand.length === 0) {
    details.reason = inverted
      ? "expression always evaluates to true"
      : "expression always evaluates to false";
    return details;
  }
  if (node.op === "$type") {
    const values = consideredValues(doc, node.path, false);
    if (values === undefined) details.reason = "field was missing";
    else {
      details.reason = inverted ? "type did match" : "type did not match";
      appendValues(details, values);
      appendTypes(details, values, "considered");
    }
    return details;
  }
  const kind = LEAF_KINDS[node.op] ?? COMPARISON;
  const values = consideredValues(doc, node.path, kind.wholeArray === true);
  if (values === undefined) {
    details.reason = "field was missing";
    return details;
  }
  const expected = kind.expected;
  if (expected && !values.some((v) => expected.includes(bsonTypeName(v)))) {
    details.reason = "type did not match";
    appendTypes(details, values, "considered");
    if (expected.length === 1) details.expectedType = expected[0];
    else details.expectedTypes = [...expected];
  } else {
    details.reason = inverted ? kind.inverted : kind.normal;
  }
  appendValues(details, values);
  return details;
}

function exprDetails(
  node: Node & { kind: "expr" },
  doc: Document,
  inverted: boolean,
  extras: MingoExtras,
) {
  const details: Document = { operatorName: "$expr", specifiedAs: node.specifiedAs };
  try {
    const result = evalExpression(doc, node.specifiedAs.$expr, extras);
    details.reason = inverted ? "expression did match" : "expression did not match";
    if (result !== undefined) details.expressionResult = result;
  } catch (error) {
    const failure = toCommandError(error);
    details.reason = "failed to evaluate aggregation expression";
    details.details = { code: failure.code, codeName: failure.codeName, errmsg: failure.message };
  }
  return details;
}

/**
 * Whether a clause takes part in the explanation: a clause that fails explains a plain failure,
 * one that matches an inverted one. A clause that throws always does, as in mongod.
 */
function explains(node: Node, doc: Document, inverted: boolean, extras: MingoExtras): boolean {
  try {
    return compileQuery(filterOf(node), extras).test(doc) === inverted;
  } catch {
    return true;
  }
}

function explain(node: Node, doc: Document, inverted: boolean, extras: MingoExtras): Document {
  switch (node.kind) {
    case "leaf":
      return leafDetails(node, doc, inverted !== node.negated);
    case "expr":
      return exprDetails(node, doc, inverted, extras);
    case "not":
      return { operatorName: "$not", details: explain(node.child, doc, !inverted, extras) };
    case "list": {
      const childInverted = node.op === "$nor" ? !inverted : inverted;
      // A plain $and (or $nor) and an inverted $or list only the clauses that explain the
      // outcome; a plain $or and an inverted $and (or $nor) list them all, as all explain it.
      const pick = node.op === "$or" ? inverted : !inverted;
      const clauses: Document[] = [];
      node.children.forEach((child, index) => {
        if (pick && !explains(child, doc, childInverted, extras)) return;
        clauses.push({ index, details: explain(child, doc, childInverted, extras) });
      });
      return {
        operatorName: node.op,
        [childInverted ? "clausesSatisfied" : "clausesNotSatisfied"]: clauses,
      };
    }
  }
}

/** mongod's `errInfo.details` for a document that fails `validator`. */
export function validationFailureDetails(
  validator: Document,
  doc: Document,
  extras: MingoExtras = {},
): Document {
  return explain(single(parseFilter(validator)), doc, false, extras);
}
