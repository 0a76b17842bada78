/**
 * Issue 13 goal 3's last row: the Pi extension's first bash decision after
 * the session starts (≤ 150 ms). Each round is a fresh process running Pi's
 * own extension runner (as test/pi does) with the built extension: Pi and the
 * extension load first, untimed (that is Pi's start, before any session);
 * the clock starts as the runner emits `session_start` (the extension starts
 * loading the bash grammar then, in the background) and stops when the first
 * `tool_call` for bash is answered. Two first calls, each in its own
 * processes: a plain command (decided without the grammar) and one that
 * needs tree-sitter (it waits for the grammar's load to finish). The policy
 * module is read on the first call, so its load is inside the time.
 *
 * `node dist/bench/pi-first-decision.js` runs this section alone;
 * `--child KIND` is one round.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./median.js";
import { piExtensionRunner } from "./pi-runner.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const HOME = "/home/user";
/** The example policy allows the plain command and denies the other (`rm -rf *`): neither prompts. */
const COMMANDS = {
  plain: "git status && npm run lint",
  "needs tree-sitter": "for ((i = 0; i < 3; i++)); do rm -rf build; done",
} as const;
type Kind = keyof typeof COMMANDS;

/** One round in this process: ms from session_start to the answer of the first bash call. */
async function round(kind: Kind): Promise<number> {
  const pi = await import("@mariozechner/pi-coding-agent");
  const { createPermcExtension } = await import(path.join(ROOT, "dist", "runtime", "pi", "index.js"));
  const root = mkdtempSync(path.join(os.tmpdir(), "permc-bench-pi-"));
  try {
    const cwd = path.join(root, "proj");
    const agentDir = path.join(root, "agent");
    mkdirSync(cwd, { recursive: true });
    mkdirSync(path.join(agentDir, "permc"), { recursive: true });
    copyFileSync(path.join(ROOT, "generated", "example-policy.mjs"), path.join(agentDir, "permc", "policy.mjs"));
    const runner = await piExtensionRunner(pi, { cwd, agentDir, factories: [createPermcExtension({ agentDir, home: HOME, platform: "posix", env: {} })] });
    const started = performance.now();
    await runner.emit({ type: "session_start", reason: "startup" } as never);
    const answer = (await runner.emitToolCall({ type: "tool_call", toolName: "bash", toolCallId: "t1", input: { command: COMMANDS[kind] } } as never)) as
      | { block?: boolean }
      | undefined;
    const ms = performance.now() - started;
    // The answers the policy gives, so a round that silently fails cannot pass for a fast one.
    if ((answer?.block === true) !== (kind === "needs tree-sitter")) throw new Error(`unexpected answer for ${kind}: ${JSON.stringify(answer)}`);
    return ms;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export function benchPiFirstDecision(report: (name: string, value: string) => void, opts: { smoke: boolean }): void {
  const rounds = opts.smoke ? 1 : 9;
  const times: Record<Kind, number[]> = { plain: [], "needs tree-sitter": [] };
  for (let r = 0; r < rounds; r++) {
    for (const kind of Object.keys(COMMANDS) as Kind[]) {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", kind], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
      const ms = child.stdout.trim() === "" ? Number.NaN : Number(child.stdout.trim());
      if (child.status !== 0 || !Number.isFinite(ms)) throw new Error(`pi first-decision round failed: ${child.stderr.slice(0, 300)}`);
      times[kind].push(ms);
    }
  }
  for (const kind of Object.keys(COMMANDS) as Kind[]) {
    const ms = median(times[kind]);
    report(`Pi extension: first bash decision after session_start, ${kind}`, `${ms.toFixed(0)} ms (goal ≤ 150 ms: ${ms <= 150 ? "met" : "not met"} here)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--child");
  if (at >= 0) process.stdout.write(`${await round(process.argv[at + 1] as Kind)}\n`);
  else benchPiFirstDecision((name, value) => process.stdout.write(`${name.padEnd(58)} ${value}\n`), { smoke: process.argv.includes("--smoke") });
}
