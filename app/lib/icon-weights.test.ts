// The build keeps only some of Phosphor's icon weights (tools/vite-phosphor-weights.js): an icon
// drawn in another weight would render empty. Every weight the app's code names must be kept.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEPT_ICON_WEIGHTS } from "../../tools/vite-phosphor-weights.js";

const APP = path.join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("icon weights", () => {
  it("the app draws icons only in the weights the build keeps", () => {
    const named = new Set<string>();
    for (const file of sources(APP)) {
      const text = readFileSync(file, "utf8");
      // weight="bold", and the string literals of weight={a ? "fill" : "regular"}.
      for (const match of text.matchAll(/\bweight=(?:"(\w+)"|\{([^}]*)\})/g)) {
        if (match[1]) named.add(match[1]);
        for (const literal of match[2]?.matchAll(/"(\w+)"/g) ?? []) named.add(literal[1] ?? "");
      }
    }
    expect(named.size).toBeGreaterThan(0);
    expect([...named].filter((weight) => !KEPT_ICON_WEIGHTS.includes(weight))).toEqual([]);
  });
});
