// `npm test`: every check, overlapped where they do not depend on each other. The browser suite
// mostly waits (on Chromium, on servers starting, on timers), leaving about 40% of the 2-core CI
// machine idle, so vitest and the typecheck run beside the build and Playwright instead of
// before them. Lint goes first (seconds, and the commonest failure). tsc starts after the build,
// which may rewrite the generated route types tsc reads.
// Each background step's output is kept and printed whole when it ends, so logs never interleave;
// Playwright writes live. The exit code is non-zero when any step failed.
import { spawn } from "node:child_process";

const npx = (args, { capture }) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npx", args, {
      stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
    });
    let output = "";
    if (capture) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("close", (code, signal) =>
      resolve({
        ok: code === 0,
        output,
        seconds: Math.round((Date.now() - started) / 1000),
        code: code ?? signal,
      }),
    );
  });

async function step(name, args, { capture = false } = {}) {
  if (!capture) console.log(`\n=== ${name}: npx ${args.join(" ")}`);
  const result = await npx(args, { capture });
  if (capture) process.stdout.write(`\n=== ${name}: npx ${args.join(" ")}\n${result.output}`);
  console.log(
    `=== ${name}: ${result.ok ? "passed" : `FAILED (${result.code})`} in ${result.seconds} s`,
  );
  return { name, ...result };
}

const lint = await step("lint", ["biome", "check", "."]);
if (!lint.ok) process.exit(1);
const typegen = await step("route types", ["react-router", "typegen"]);
if (!typegen.ok) process.exit(1);

const background = [step("unit tests", ["vitest", "run"], { capture: true })];
const build = await step("build", ["react-router", "build"], { capture: true });
background.push(step("typecheck", ["tsc", "--noEmit"], { capture: true }));
const browser = build.ok ? await step("end-to-end tests", ["playwright", "test"]) : build;
const results = [lint, typegen, build, browser, ...(await Promise.all(background))];

const failed = results.filter((result) => !result.ok).map((result) => result.name);
console.log(failed.length ? `\nFailed: ${failed.join(", ")}` : "\nEvery check passed.");
process.exit(failed.length ? 1 : 0);
