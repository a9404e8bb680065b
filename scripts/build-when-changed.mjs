// @ts-check
// `npm start`'s first step: build the site only when something the build reads has changed since
// the last build, and say what it does in a few lines. A restart with nothing changed used to
// rebuild anyway (12 s of a restart), and a first start printed ~190 lines of chunk tables and
// deprecation notices before the admin's sign-in details. `npm run build` stays the plain, verbose
// `react-router build` for whoever wants the whole report.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * What the build reads: the application and the database code it bundles (`#db`), the static
 * files, the Vite plugins in tools/, and the configuration and installed versions. Tests under
 * app/ count too: a needless rebuild is cheaper than serving a stale build.
 */
export const BUILD_INPUTS = [
  "app",
  "db",
  "public",
  "tools",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "tsconfig.json",
  "vite.config.ts",
];

/**
 * Where the last build's inputs hash is kept. Inside build/server, which every build empties: a
 * plain `npm run build` of other inputs removes it, so it never vouches for a build it did not make.
 */
export const STAMP = path.join("build", "server", ".inputs-sha256");
/** The files a start needs (server.js loads the first, serves the second). */
const OUTPUTS = [path.join("build", "server", "index.js"), path.join("build", "client")];

/**
 * One SHA-256 over every input file's path and content, in a fixed order.
 * @param {string} root the project directory
 */
export function inputsHash(root) {
  const hash = createHash("sha256");
  for (const input of BUILD_INPUTS) {
    const full = path.join(root, input);
    const stat = statSync(full, { throwIfNoEntry: false });
    if (!stat) continue;
    const files = stat.isDirectory()
      ? readdirSync(full, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [full];
    for (const file of files.sort()) {
      // Separators so that moving bytes between a name and a content changes the hash.
      hash.update(`${path.relative(root, file)}\0`);
      hash.update(readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
}

/**
 * Whether the build in `root` is missing or was made from other inputs.
 * @param {string} root
 * @param {string} hash the current inputsHash(root)
 */
export function needsBuild(root, hash) {
  if (OUTPUTS.some((output) => !existsSync(path.join(root, output)))) return true;
  const stamp = path.join(root, STAMP);
  return !existsSync(stamp) || readFileSync(stamp, "utf8").trim() !== hash;
}

/**
 * The lines of Vite's report worth showing while a start waits: which bundle is being built and
 * how long it took. The chunk tables, plugin timings and deprecation notices are left out.
 * @param {string} line one line of `react-router build` output, without colours
 */
export function isProgressLine(line) {
  return /building \S+ environment|✓ built in/.test(line);
}

/**
 * Runs `react-router build`, printing only its progress lines; on failure everything it printed.
 * @param {string} root
 * @returns {Promise<boolean>} whether it succeeded
 */
function build(root) {
  return new Promise((resolve) => {
    const child = spawn("npx", ["react-router", "build"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
    });
    let output = "";
    let pending = "";
    const take = (/** @type {Buffer} */ chunk) => {
      output += chunk;
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (isProgressLine(line)) console.log(`  ${line.trim()}`);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", (error) => {
      console.error(`Cannot run react-router build: ${error.message}`);
      resolve(false);
    });
    child.on("close", (code) => {
      if (code !== 0) process.stderr.write(output);
      resolve(code === 0);
    });
  });
}

async function main() {
  const root = path.resolve(import.meta.dirname, "..");
  const hash = inputsHash(root);
  if (!needsBuild(root, hash)) {
    console.log("The build is up to date: starting.");
    return;
  }
  const started = Date.now();
  console.log("Building the site (a minute or two the first time)...");
  if (!(await build(root))) {
    console.error("The build failed: see above.");
    process.exit(1);
  }
  writeFileSync(path.join(root, STAMP), `${hash}\n`);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
