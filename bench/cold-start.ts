/**
 * Cold starts, the cost a per-call user (a hook, a script, CI) pays every
 * time: wall time of fresh processes, run interleaved so load drifts hit
 * every case alike, reported as the median and as the difference to a bare
 * `node` start measured in the same run. Issue 13's goals: `permc eval` of
 * one bash request ≤ 250 ms (issue 16: `permc hook claude`, one Bash call, ≤ 150 ms), `permc --help` ≤ 150 ms, `import("permc")`
 * ≤ 300 ms (these are wall times on an idle machine; on a loaded one compare
 * the "over node" column). A plain command (plain-syntax.ts: plain words,
 * quotes, escapes, `$HOME`-style variables, `$?`/`"$@"`/`$1`, `${A:-x}`, `$((i + 1))`, `$(…)`, here-documents, `for`/`while`/`until` loops, `if`, `[ -f x ]`, assignments, redirects,
 * find's `{}`, comments, several lines) is decided without loading the bash grammar's wasm; a C-style `for ((…))` loop makes the hook load it.
 * The hook runs from its own bundle and V8 code cache (cli/cached-hook.ts),
 * through the CommonJS entry `permc init claude` writes or through the bin.
 *
 * The eval case is also run without the CLI's wasm tiering budget (the same
 * command through cli/run.js, which does not set it): with V8's default,
 * TurboFan compiles of the bash grammar on background threads hold the
 * process open after its answer is written.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./median.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const CLI = path.join(ROOT, "dist", "bin", "permc.js");
/** The same CLI unbundled (tsc's output, one module per source file): what the bundle saves. */
const CLI_MODULES = path.join(ROOT, "dist", "cli", "main.js");
const RUN = path.join(ROOT, "dist", "cli", "run.js");
const POLICY = path.join(ROOT, "generated", "example-policy.mjs");
const REQUEST = '{"tool":"bash","input":{"command":"git status && npm run lint"}}\n';
const EVAL_ARGS = ["eval", "--policy", POLICY, "--home", "/home/user", "--cwd", "/tmp"];
const hookEvent = (tool_name: string, tool_input: object) =>
  JSON.stringify({ session_id: "bench", cwd: "/tmp", hook_event_name: "PreToolUse", tool_name, tool_input });
const HOOK_ARGS = [CLI, "hook", "claude", "--policy", POLICY, "--home", "/home/user"];
/** The command `permc init claude` writes: the hook's own CommonJS entry (cli/claude-hook-main.ts). */
const HOOK_ENTRY_ARGS = [path.join(ROOT, "dist", "bin", "permc-claude-hook.cjs"), "--policy", POLICY, "--home", "/home/user"];

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  readonly input?: string;
  /** The goal from issue 13, in ms of wall time. */
  readonly goal?: number;
  /** Left out of a smoke run (it only proves the harness works). */
  readonly slow?: true;
}

const CASES: readonly Case[] = [
  { name: "node -e 0 (baseline)", args: ["-e", "0"] },
  { name: "permc --help", args: [CLI, "--help"], goal: 150 },
  { name: "permc eval, one bash request", args: [CLI, ...EVAL_ARGS], input: REQUEST, goal: 250 },
  {
    name: "permc-claude-hook.cjs, one Bash call (init's hook; issue 16)",
    args: HOOK_ENTRY_ARGS,
    input: hookEvent("Bash", { command: "git status && npm run lint" }),
    goal: 150,
  },
  { name: "  same, with a variable (no grammar)", args: HOOK_ENTRY_ARGS, input: hookEvent("Bash", { command: 'echo "$HOME" && npm run lint' }), goal: 150 },
  {
    name: "  same, a commit message in a here-document",
    args: HOOK_ENTRY_ARGS,
    input: hookEvent("Bash", { command: "git commit -m \"$(cat <<'EOF'\nfix: the thing\n\nCo-Authored-By: A <a@example.com>\nEOF\n)\"" }),
    goal: 150,
  },
  {
    name: "  same, a while loop over a file (no grammar)",
    args: HOOK_ENTRY_ARGS,
    input: hookEvent("Bash", { command: 'while read l; do echo "$l"; done < list.txt' }),
    goal: 150,
  },
  {
    name: "  same, escapes, {}, $? and a comment (no grammar)",
    args: HOOK_ENTRY_ARGS,
    input: hookEvent("Bash", { command: "find src -name '*.ts' -exec wc -l {} \\; && echo \"exit: $?\" # count lines" }),
    goal: 150,
    slow: true,
  },
  {
    name: "  same, needs tree-sitter",
    args: HOOK_ENTRY_ARGS,
    input: hookEvent("Bash", { command: "for ((i = 0; i < 3; i++)); do npm test; done" }),
    goal: 150,
  },
  { name: "  same, one Read call", args: HOOK_ENTRY_ARGS, input: hookEvent("Read", { file_path: "/tmp/a.txt" }), goal: 150 },
  { name: "permc hook claude, one Bash call (issue 16)", args: HOOK_ARGS, input: hookEvent("Bash", { command: "git status && npm run lint" }), goal: 150 },
  {
    name: "  same, unbundled CLI (dist/cli/main.js)",
    args: [CLI_MODULES, ...HOOK_ARGS.slice(1)],
    input: hookEvent("Bash", { command: "git status && npm run lint" }),
    slow: true,
  },
  {
    name: "permc hook claude, one Bash call that needs tree-sitter",
    args: HOOK_ARGS,
    input: hookEvent("Bash", { command: "for ((i = 0; i < 3; i++)); do npm test; done" }),
    goal: 150,
  },
  // A file tool loads no bash analysis (runtime/gate/gate.ts imports it on the first shell call).
  { name: "permc hook claude, one Read call", args: HOOK_ARGS, input: hookEvent("Read", { file_path: "/tmp/a.txt" }), goal: 150 },
  {
    name: "  same, default wasm tiering (no CLI flag)",
    args: [
      "--input-type=module",
      "-e",
      `const { runCli } = await import(${JSON.stringify(RUN)}); process.exitCode = await runCli(${JSON.stringify(EVAL_ARGS)});`,
    ],
    input: REQUEST,
    slow: true,
  },
  { name: 'import("permc") (nothing compiled yet)', args: ["--input-type=module", "-e", 'await import("permc");'], goal: 300 },
  {
    name: 'import("permc") + compile the example',
    args: [
      "--input-type=module",
      "-e",
      `const { compile } = await import("permc"); const fs = await import("node:fs"); const text = fs.readFileSync(${JSON.stringify(path.join(ROOT, "examples", "policy.json"))}, "utf8"); if (compile({ inputs: [{ file: "policy.json", text, scope: "global", kind: "pi-json" }], target: { home: "/h", platform: "posix" }, command: "bench" }).moduleText === null) process.exit(1);`,
    ],
    slow: true,
  },
];

function wallMs(c: Case): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, c.args, { cwd: ROOT, input: c.input ?? "", encoding: "utf8", timeout: 60_000 });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${c.name} failed (${r.status}): ${r.stderr.slice(0, 300)}`);
  return ms;
}

export function benchColdStart(report: (name: string, value: string) => void, opts: { smoke: boolean }): void {
  const rounds = opts.smoke ? 1 : 9;
  const cases = CASES.filter((c) => !(opts.smoke && c.slow));
  const times = cases.map(() => [] as number[]);
  wallMs(cases[0]!); // the first node start of a run warms the OS file cache for all
  for (let round = 0; round < rounds; round++) {
    cases.forEach((c, i) => {
      times[i]!.push(wallMs(c));
    });
  }
  const node = median(times[0]!);
  cases.forEach((c, i) => {
    const ms = median(times[i]!);
    const over = i === 0 ? "" : `, ${(ms - node).toFixed(0)} ms over node`;
    const goal = c.goal === undefined ? "" : ` (goal ≤ ${c.goal} ms: ${ms <= c.goal ? "met" : "not met"} here)`;
    report(`cold start: ${c.name}`, `${ms.toFixed(0)} ms wall${over}${goal}`);
  });
}

// `node dist/bench/cold-start.js` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  benchColdStart((name, value) => process.stdout.write(`${name.padEnd(58)} ${value}\n`), { smoke: process.argv.includes("--smoke") });
}
