// @ts-check
// Phosphor's React icons carry their drawing in all six weights (thin, light, regular, bold,
// fill, duotone), so every icon a page shows costs six paths. The site draws four of them: this
// plugin drops the others from each icon's definitions at build time, which takes a third off
// the icons' JavaScript on every page (docs/decisions/018-javascript-budget.md). A weight used
// anyway would render nothing: app/lib/icon-weights.test.ts fails when the code names one.

/** The weights the site's code uses (`weight="…"`); every other one is removed. */
export const KEPT_ICON_WEIGHTS = ["regular", "bold", "fill", "duotone"];

const DEFINITIONS = /[\\/]@phosphor-icons[\\/]react[\\/]dist[\\/]defs[\\/][^\\/]+\.js$/;

const ALL_WEIGHTS = ["thin", "light", "regular", "bold", "fill", "duotone"];

/** @typedef {{ type: string, start: number, end: number, [key: string]: unknown }} Node */

/** @returns {import("vite").Plugin} */
export function phosphorWeights() {
  return {
    name: "bureau:phosphor-weights",
    apply: "build",
    transform(code, id) {
      if (!DEFINITIONS.test(id)) return null;
      // Each definition module is `new Map([["bold", <svg parts>], …])`: remove the entries
      // whose key is a weight not kept, by their positions in the parsed module.
      /** @type {[number, number][]} */
      const removals = [];
      /** @param {unknown} node */
      const visit = (node) => {
        if (!node || typeof node !== "object") return;
        if (Array.isArray(node)) {
          for (const child of node) visit(child);
          return;
        }
        const current = /** @type {Node} */ (node);
        if (current.type === "ArrayExpression") {
          const elements = /** @type {(Node | null)[]} */ (current.elements);
          elements.forEach((element, index) => {
            const key = /** @type {Node[] | undefined} */ (element?.elements)?.[0];
            if (
              element?.type === "ArrayExpression" &&
              key?.type === "Literal" &&
              typeof key.value === "string" &&
              ALL_WEIGHTS.includes(key.value) &&
              !KEPT_ICON_WEIGHTS.includes(key.value)
            ) {
              // The entry and the comma after it (or before it, for the last one).
              const next = elements[index + 1];
              const previous = elements[index - 1];
              if (next) removals.push([element.start, next.start]);
              else if (previous) removals.push([previous.end, element.end]);
              else removals.push([element.start, element.end]);
            }
          });
        }
        for (const [key, value] of Object.entries(current)) {
          if (key !== "type" && key !== "start" && key !== "end") visit(value);
        }
      };
      visit(this.parse(code));
      if (removals.length === 0) return null;
      let result = code;
      for (const [start, end] of removals.sort((a, b) => b[0] - a[0])) {
        result = result.slice(0, start) + result.slice(end);
      }
      return { code: result, map: null };
    },
  };
}
