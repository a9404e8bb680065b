// The layers of app/ (docs/decisions/027-layers.md): lib/ holds helpers that know no entity, so
// it imports nothing from domain/, content/ or routes/; and no module imports itself
// back through others at run time (an import cycle makes load order decide what is undefined).
// A static scan of the source: every import a module runs (type-only imports do not run),
// dynamic `import()` included, so a cycle cannot be hidden behind a lazy import either.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");

/**
 * lib/ modules that still reach into domain/: the JSON API's pipeline (bearer-token sign-in and
 * the audit actor, the image store's check of an address). They belong outside lib/, but every
 * API route imports them and those routes are being rewritten for the content-type kit; they move
 * in one mechanical change afterwards. Do not add to this list.
 */
const LIB_EXCEPTIONS = new Set(["app/lib/api.server.ts", "app/lib/api-image.server.ts"]);
const LAYERS_ABOVE_LIB = ["app/domain/", "app/content/", "app/routes/"];

interface Edge {
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .filter((entry) => !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** The file an import names, or null for a package (or an asset such as app.css). */
function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join("app", specifier.slice(2));
  else if (specifier.startsWith("#db/")) base = join("db", specifier.slice(4));
  else if (specifier.startsWith(".")) base = join(from, "..", specifier);
  else return null;
  const stem = base.replace(/\.js$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** What a module imports: `import`, `export … from` and `import("…")`. */
function importsOf(file: string, text: string, files: ReadonlySet<string>): Edge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: Edge[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteral(specifier)) return;
    const to = resolveImport(file, specifier.text, files);
    if (to) edges.push({ to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      // With verbatimModuleSyntax, `import { type A }` still runs the module; only `import type`
      // does not.
      add(node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Groups of two or more modules that import each other at run time (Tarjan's algorithm). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

const files = [...sourceFiles("app"), ...sourceFiles("db")];
const known = new Set(files);
const imports = new Map(
  files.map((file) => [file, importsOf(file, readFileSync(join(ROOT, file), "utf8"), known)]),
);

describe("the scan", () => {
  it("sees runtime, type-only and dynamic imports, and finds a cycle", () => {
    const names = new Set(["app/a.ts", "app/b.ts", "app/lib/c.ts"]);
    const text = `import { b } from "./b";\nimport type { C } from "~/lib/c";\nexport * from "./b";\nconst lazy = () => import("~/lib/c");`;
    expect(importsOf("app/a.ts", text, names)).toEqual([
      { to: "app/b.ts", typeOnly: false },
      { to: "app/lib/c.ts", typeOnly: true },
      { to: "app/b.ts", typeOnly: false },
      { to: "app/lib/c.ts", typeOnly: false },
    ]);
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a", "b", "c"]]);
    expect(
      cyclesOf(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("reads the real tree", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(imports.get("app/domain/api-auth.server.ts")?.map((edge) => edge.to)).toContain(
      "app/domain/api-token.server.ts",
    );
  });
});

describe("layers", () => {
  it("lib/ imports nothing that knows an entity, not even a type", () => {
    const crossings = [...imports]
      .filter(([file]) => file.startsWith("app/lib/") && !LIB_EXCEPTIONS.has(file))
      .flatMap(([file, edges]) =>
        edges
          .filter((edge) => LAYERS_ABOVE_LIB.some((layer) => edge.to.startsWith(layer)))
          .map((edge) => `${file} -> ${edge.to}`),
      );
    expect(crossings).toEqual([]);
  });

  it("each exception still needs to be one (the list only shrinks)", () => {
    for (const file of LIB_EXCEPTIONS) {
      const edges = imports.get(file) ?? [];
      expect(
        edges.some((edge) => LAYERS_ABOVE_LIB.some((layer) => edge.to.startsWith(layer))),
        file,
      ).toBe(true);
    }
  });

  it("no module imports itself back at run time", () => {
    const graph = new Map(
      [...imports].map(([file, edges]) => [
        file,
        edges.filter((edge) => !edge.typeOnly).map((edge) => edge.to),
      ]),
    );
    expect(cyclesOf(graph)).toEqual([]);
  });
});
