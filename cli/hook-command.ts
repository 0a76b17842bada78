import { appendFileSync } from "node:fs";
import { hostPlatform } from "../runtime/host-platform.js";
import os from "node:os";
import path from "node:path";
import { permcBinArgv } from "../runtime/sandbox/permc-bin.js";
import { loadPolicy } from "../runtime/index.js";
import { runClaudeHook, type HookOutcome } from "../runtime/claude/hook.js";
import { runCodexHook } from "../runtime/codex/hook.js";
import { runGeminiHook } from "../runtime/gemini/hook.js";
import type { CliIO } from "./cli-io.js";
import { parseOptions, UsageError } from "./usage.js";

/** One hook call's outcome and where (if anywhere) to log it. */
export interface HookRun {
  readonly outcome: HookOutcome;
  readonly log: string | undefined;
}

/**
 * `permc hook claude --policy <module.mjs> [--home DIR] [--log FILE]`: Claude
 * Code's PreToolUse hook command (`permc hook codex`: Codex's PreToolUse hook,
 * runtime/codex/hook.ts; `permc hook gemini`: Gemini CLI's BeforeTool hook,
 * runtime/gemini/hook.ts; --sandbox is Claude's only, and blocks every call of
 * the others). One process per tool call, so it loads the
 * runtime only (the bin runs it from its own bundle and V8 code cache:
 * cli/cached-hook.ts). Whatever happens it answers: a decision (exit 0) or a
 * block (exit 2, reason on stderr); never exit 1, which Claude does not treat
 * as a block.
 */
export async function runHook(argv: readonly string[], io: CliIO = { stdin: process.stdin }): Promise<number> {
  return finishHook(await decideHook(argv, () => readAll(io.stdin)));
}

/** Decides one hook call (argv after `hook`); `readStdin` gives the hook's JSON. Never rejects. */
export async function decideHook(argv: readonly string[], readStdin: () => string | Promise<string>): Promise<HookRun> {
  let log: string | undefined;
  try {
    const { values, positionals } = parseOptions({
      args: argv,
      allowPositionals: true,
      options: {
        policy: { type: "string" },
        home: { type: "string" },
        log: { type: "string" },
        sandbox: { type: "boolean" },
        "ask-blocks": { type: "boolean" },
      },
    });
    log = values.log;
    const agent = positionals[0];
    if (positionals.length !== 1 || !(agent === "claude" || agent === "codex" || agent === "gemini"))
      throw new UsageError("hook takes the agent: `permc hook claude|codex|gemini --policy <module.mjs>`");
    if (!values.policy) throw new UsageError("hook needs --policy <module.mjs>");
    if (agent !== "claude" && values.sandbox === true)
      throw new UsageError(`--sandbox is for permc hook claude only; ${agent}'s hook cannot hand back a wrapped command`);
    if (agent !== "gemini" && values["ask-blocks"] === true)
      throw new UsageError(
        `--ask-blocks is for permc hook gemini only (${agent === "codex" ? "Codex hooks block every ask already" : "Claude Code asks the person"})`,
      );
    const home = values.home ?? os.homedir();
    const [policy, text] = await Promise.all([loadPolicy(values.policy, { home, platform: hostPlatform() }), readStdin()]);
    if (agent === "codex") return { outcome: await runCodexHook(policy, text, { home }), log };
    if (agent === "gemini") return { outcome: await runGeminiHook(policy, text, { home, askBlocks: values["ask-blocks"] === true }), log };
    let sandbox: { permc: readonly string[]; policy: string } | undefined;
    if (values.sandbox === true) {
      // The kernel layer was asked for: without a permc to run the command under it, nothing runs.
      const permc = permcBinArgv();
      if (permc === null) throw new Error("--sandbox needs permc's built bin (dist/bin/permc.js) beside the hook, and it was not found");
      sandbox = { permc, policy: path.resolve(values.policy) };
    }
    return { outcome: await runClaudeHook(policy, text, { home, ...(sandbox ? { sandbox } : {}) }), log };
  } catch (e) {
    // Bad usage blocks too: a misconfigured hook must not let calls through.
    const message = e instanceof UsageError ? `${e.message} (see permc hook --help)` : `internal error: ${e instanceof Error ? e.message : String(e)}`;
    return { outcome: { exitCode: 2, stdout: "", stderr: `[permc] permc hook: ${message}; the call is blocked\n` }, log };
  }
}

/** Where a hook's answer goes (standard output and error, unless the caller writes them another way). */
export interface HookOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const PROCESS_OUTPUT: HookOutput = { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) };

/** Prints the outcome, logs it when asked to; returns the exit code. */
export function finishHook({ outcome, log }: HookRun, output: HookOutput = PROCESS_OUTPUT): 0 | 2 {
  output.stdout(outcome.stdout);
  output.stderr(outcome.stderr);
  if (log !== undefined) writeLog(log, outcome);
  return outcome.exitCode;
}

/** The rest of `stream`, after the bytes in `chunks` (already read), as UTF-8. */
export async function readAll(stream: NodeJS.ReadableStream, chunks: Buffer[] = []): Promise<string> {
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** One JSON line per call; a log that cannot be written is reported, never a reason to change the decision. */
function writeLog(file: string, o: HookOutcome): void {
  const d = o.decision;
  const entry = {
    time: new Date().toISOString(),
    tool: o.tool ?? null,
    action: o.exitCode === 2 ? "blocked" : d?.action,
    ...(d ? { gate: d.gate, surface: d.surface ?? null, value: d.value ?? null, matchedPattern: d.matchedPattern } : {}),
    ...(o.exitCode === 2 ? { error: o.stderr.trim() } : {}),
  };
  try {
    appendFileSync(file, JSON.stringify(entry) + "\n");
  } catch (e) {
    process.stderr.write(`[permc] cannot write the log ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
  }
}
