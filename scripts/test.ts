// The last step of `npm test` (after typecheck, lint and build): vitest and Playwright side by
// side instead of one after the other.
//
// Playwright's run leaves about one of CI's two cores idle (its tests mostly wait on browsers and
// servers), so vitest runs in that room, in one worker, rather than for two minutes before it.
// vitest's output is held and printed as one block when it ends, so the two never interleave.
// Exit code: 0 only if both passed.
import { spawn } from "node:child_process";

const npx = process.platform === "win32" ? "npx.cmd" : "npx";

const unit = spawn(npx, ["vitest", "run", "--maxWorkers=1"], {
  stdio: ["ignore", "pipe", "pipe"],
  env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
});
let unitOutput = "";
unit.stdout.on("data", (chunk: Buffer) => {
  unitOutput += chunk.toString();
});
unit.stderr.on("data", (chunk: Buffer) => {
  unitOutput += chunk.toString();
});
const unitDone = new Promise<number>((resolve) => {
  unit.on("close", (code) => {
    process.stdout.write(`\n──── vitest (run beside Playwright) ────\n${unitOutput}\n────\n`);
    resolve(code ?? 1);
  });
});

const e2e = spawn(npx, ["playwright", "test"], { stdio: "inherit" });
const e2eDone = new Promise<number>((resolve) => e2e.on("close", (code) => resolve(code ?? 1)));

// Ctrl-C reaches both children (same process group); make sure neither outlives this process.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    unit.kill(signal);
    e2e.kill(signal);
  });
}

const [unitCode, e2eCode] = await Promise.all([unitDone, e2eDone]);
if (unitCode !== 0) console.error(`vitest failed (exit ${unitCode})`);
if (e2eCode !== 0) console.error(`Playwright failed (exit ${e2eCode})`);
process.exit(unitCode === 0 && e2eCode === 0 ? 0 : 1);
