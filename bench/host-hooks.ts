/**
 * What one tool call costs in a host that runs permc as a hook command (a
 * fresh process per call): `permc hook codex` and `permc hook gemini`, with
 * `permc hook claude` beside them for comparison, each against a bare `node
 * -e 0` spawned in the same rounds (bench/interleaved.ts), reported as the
 * ratio to it (node's own start dominates, and it moves 100–165 ms on this
 * shared machine). Per host a shell call (`git status && npm run lint`,
 * decided without the bash grammar's wasm) and a file call (Claude's Read,
 * Codex's apply_patch, Gemini's write_file), each in the input shape the
 * host sends, all through the bin (`dist/bin/permc.js`, the command `permc
 * init codex|gemini` writes; Claude's own entry is in bench/cold-start.ts).
 * Every answer is checked once before the timing, so a hook that fails fast
 * cannot pass for a fast one.
 *
 * `node dist/bench/host-hooks.js` runs this section alone.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type InterleavedOptions, interleavedMedians, nsOf } from "./interleaved.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const CLI = path.join(ROOT, "dist", "bin", "permc.js");
/** The example policy (examples/policy.json) allows all six calls. */
const POLICY = path.join(ROOT, "generated", "example-policy.mjs");
const HOME = "/home/user";
const COMMAND = "git status && npm run lint";

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  readonly input: string;
  /** The answer's stdout is what the host reads as an allow. */
  readonly allows: (stdout: string) => boolean;
}

const hookArgs = (host: string) => [CLI, "hook", host, "--policy", POLICY, "--home", HOME];
const decisionOf = (stdout: string): unknown => {
  try {
    return JSON.parse(stdout);
  } catch {
    return null;
  }
};

function cases(cwd: string): Case[] {
  const claude = (tool_name: string, tool_input: object) => JSON.stringify({ session_id: "bench", cwd, hook_event_name: "PreToolUse", tool_name, tool_input });
  // Codex 0.171.0's PreToolUse input (test/integrations/codex-hook.test.ts).
  const codex = (tool_name: string, tool_input: object) =>
    JSON.stringify({
      session_id: "bench",
      turn_id: "1",
      transcript_path: null,
      cwd,
      hook_event_name: "PreToolUse",
      model: "gpt-5.5",
      permission_mode: "default",
      tool_name,
      tool_input,
      tool_use_id: "call_1",
    });
  // Gemini CLI 0.61.0's BeforeTool input (test/integrations/gemini-hook.test.ts).
  const gemini = (tool_name: string, tool_input: object) =>
    JSON.stringify({
      session_id: "bench",
      transcript_path: "",
      cwd,
      hook_event_name: "BeforeTool",
      timestamp: new Date(0).toISOString(),
      tool_name,
      tool_input,
    });
  const claudeAllows = (s: string) =>
    (decisionOf(s) as { hookSpecificOutput?: { permissionDecision?: string } } | null)?.hookSpecificOutput?.permissionDecision === "allow";
  // Codex reads no output at all as no objection (it rejects a bare allow).
  const codexAllows = (s: string) => s === "";
  const geminiAllows = (s: string) => (decisionOf(s) as { decision?: string } | null)?.decision === "allow";
  const patch = ["*** Begin Patch", "*** Add File: src/a.ts", "+export {};", "*** End Patch"].join("\n");
  return [
    { name: "claude, Bash", args: hookArgs("claude"), input: claude("Bash", { command: COMMAND }), allows: claudeAllows },
    { name: "codex, Bash", args: hookArgs("codex"), input: codex("Bash", { command: COMMAND }), allows: codexAllows },
    { name: "gemini, run_shell_command", args: hookArgs("gemini"), input: gemini("run_shell_command", { command: COMMAND }), allows: geminiAllows },
    { name: "claude, Read", args: hookArgs("claude"), input: claude("Read", { file_path: path.join(cwd, "src", "a.ts") }), allows: claudeAllows },
    { name: "codex, apply_patch", args: hookArgs("codex"), input: codex("apply_patch", { command: patch }), allows: codexAllows },
    {
      name: "gemini, write_file",
      args: hookArgs("gemini"),
      input: gemini("write_file", { file_path: "src/a.ts", content: "export {};\n" }),
      allows: geminiAllows,
    },
  ];
}

function run(args: readonly string[], input: string, cwd: string): string {
  const r = spawnSync(process.execPath, args, { cwd, input, encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${args.slice(1, 3).join(" ")} failed (${r.status}): ${r.stderr.slice(0, 300)}`);
  return r.stdout;
}

export async function benchHostHooks(report: (name: string, value: string) => void, work: string, options: InterleavedOptions): Promise<void> {
  const cwd = path.join(work, "hook-project");
  mkdirSync(path.join(cwd, "src"), { recursive: true });
  const all = cases(cwd);
  for (const c of all) {
    const stdout = run(c.args, c.input, cwd);
    if (!c.allows(stdout)) throw new Error(`permc hook ${c.name}: not the allow the example policy gives: ${stdout.slice(0, 300)}`);
  }
  const medians = await interleavedMedians(
    [["node -e 0", () => run(["-e", "0"], "", cwd)], ...all.map((c) => [c.name, () => run(c.args, c.input, cwd)] as const)],
    options,
  );
  const node = nsOf(medians, "node -e 0");
  const ms = (ns: number) => `${(ns / 1e6).toFixed(0)} ms`;
  report("hook per call: node -e 0 (baseline, same rounds)", ms(node));
  for (const c of all) {
    const t = nsOf(medians, c.name);
    report(`hook per call: permc hook ${c.name}`, `${ms(t)} (${(t / node).toFixed(2)}× node, ${ms(t - node)} over it)`);
  }
}

// `node dist/bench/host-hooks.js` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const work = mkdtempSync(path.join(os.tmpdir(), "permc-bench-hooks-"));
  const smoke = process.argv.includes("--smoke");
  try {
    await benchHostHooks((name, value) => process.stdout.write(`${name.padEnd(58)} ${value}\n`), work, { rounds: 13, timeMs: 200, warmMs: 200, smoke });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
