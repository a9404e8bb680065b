import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inputsHash, isProgressLine, needsBuild, STAMP } from "./build-when-changed.mjs";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project with a few inputs and, when asked, a finished build. */
function project({ built = false } = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "bureau-build-"));
  roots.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write("app/root.tsx", "export default 1;\n");
  write("app/routes/home.tsx", "export default 2;\n");
  write("package-lock.json", "{}\n");
  if (built) {
    write("build/server/index.js", "");
    write("build/client/assets/a.js", "");
  }
  return { root, write };
}

describe("inputsHash", () => {
  it("is the same for the same files and changes with a content, a new file or a rename", () => {
    const { root, write } = project();
    const first = inputsHash(root);
    expect(inputsHash(root)).toBe(first);

    write("app/root.tsx", "export default 3;\n");
    const edited = inputsHash(root);
    expect(edited).not.toBe(first);

    write("public/logo.svg", "<svg/>");
    const added = inputsHash(root);
    expect(added).not.toBe(edited);

    renameSync(path.join(root, "app/routes/home.tsx"), path.join(root, "app/routes/index.tsx"));
    expect(inputsHash(root)).not.toBe(added);
  });

  it("ignores what the build writes and what it does not read", () => {
    const { root, write } = project();
    const before = inputsHash(root);
    write("build/server/index.js", "built");
    write("data/db.bson", "data");
    write("tests/e2e/a.spec.ts", "test");
    expect(inputsHash(root)).toBe(before);
  });
});

describe("needsBuild", () => {
  it("builds when there is no build, no stamp, or a stamp of other inputs", () => {
    expect(needsBuild(project().root, "abc")).toBe(true);
    const { root, write } = project({ built: true });
    expect(needsBuild(root, "abc")).toBe(true);
    write(STAMP, "def\n");
    expect(needsBuild(root, "abc")).toBe(true);
  });

  it("skips the build when the stamp matches and the outputs are there", () => {
    const { root, write } = project({ built: true });
    write(STAMP, "abc\n");
    expect(needsBuild(root, "abc")).toBe(false);
    rmSync(path.join(root, "build/client"), { recursive: true });
    expect(needsBuild(root, "abc")).toBe(true);
  });
});

it("shows Vite's progress lines and leaves out chunk tables and notices", () => {
  const output = [
    "The `envFile` option is deprecated, please use `envDir: false` instead.",
    "vite v8.3.8 building client environment for production...",
    "transforming...",
    "✓ 5210 modules transformed.",
    "build/client/assets/root-Cy7Rx4MM.css   74.04 kB │ gzip: 13.84 kB",
    "✓ built in 6.94s",
    "[PLUGIN_TIMINGS] JavaScript callbacks ran for 6.5s of this 6.9s build (94%).",
    "vite v8.3.8 building ssr environment for production...",
  ];
  expect(output.filter(isProgressLine)).toEqual([
    "vite v8.3.8 building client environment for production...",
    "✓ built in 6.94s",
    "vite v8.3.8 building ssr environment for production...",
  ]);
});
