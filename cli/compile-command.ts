import os from "node:os";
import { hostPlatform, TARGET_PLATFORMS } from "../runtime/host-platform.js";
import { matcherStateCount } from "../compiler/automata/matcher-view.js";
import { diagnostic } from "../compiler/diagnostics/index.js";
import type { Platform, Target } from "../compiler/ir.js";
import { compile, type CompileResult, type Stage } from "../compiler/pipeline.js";
import { runToolCallTests } from "../compiler/passes/run-tool-call-tests.js";
import { extractScopedInputs, readNamedInputs, SCOPE_FLAG_NAMES } from "./inputs.js";
import { reportDiagnostics, type OutputFormat } from "./io.js";
import { writeAtomically } from "./atomic-write.js";
import { parseOptions, UsageError } from "./usage.js";

export interface TargetFlags {
  home?: string | undefined;
  platform?: string | undefined;
}

export function targetFrom(flags: TargetFlags): Target {
  const platform = flags.platform ?? hostPlatform();
  if (!(TARGET_PLATFORMS as readonly string[]).includes(platform)) throw new UsageError(`--platform must be posix, win32 or darwin, not ${platform}`);
  return { home: flags.home ?? os.homedir(), platform: platform as Platform };
}

export function formatFrom(value: string | undefined): OutputFormat {
  if (value === undefined || value === "human") return "human";
  if (value === "json") return "json";
  throw new UsageError(`--format must be human or json, not ${value}`);
}

/** Reads, compiles and reports; shared by compile, lint and watch. */
export function compileFiles(argv: readonly string[], until?: Stage): { result: CompileResult | null; out?: string; format: OutputFormat } {
  const { specs, rest } = extractScopedInputs(argv);
  const { values, positionals } = parseOptions({
    args: rest,
    allowPositionals: true,
    extraFlags: SCOPE_FLAG_NAMES,
    options: {
      out: { type: "string", short: "o" },
      home: { type: "string" },
      platform: { type: "string" },
      format: { type: "string" },
    },
  });
  const format = formatFrom(values.format);
  const out = values.out !== undefined ? { out: values.out } : {};
  const { inputs, diagnostics } = readNamedInputs(positionals, specs, values.out);
  const target = targetFrom(values);
  if (diagnostics.length > 0) {
    reportDiagnostics(diagnostics, new Map(), format);
    return { result: null, ...out, format };
  }
  const command = ["permc", until ? "lint" : "compile", ...argv].join(" ");
  const result = compile({ inputs, target, command, ...(until ? { until } : {}) });
  return { result, ...out, format };
}

export async function runCompile(argv: readonly string[]): Promise<number> {
  const started = performance.now();
  const { result: compiled, out, format } = compileFiles(argv);
  if (!out) throw new UsageError("compile needs -o <out.mjs>");
  if (!compiled) return 1;
  const result = await withToolCallTests(compiled);
  reportDiagnostics(result.diagnostics, result.sources, format);
  if (result.moduleText === null) {
    if (result.diagnostics.length === 0) reportDiagnostics([diagnostic("syntaxError", "compilation produced no module")], new Map(), format);
    process.stderr.write("error: no module written\n");
    return 1;
  }
  writeAtomically(out, result.moduleText);
  const ms = Math.round(performance.now() - started);
  process.stdout.write(summaryLine(result, ms, out) + "\n");
  return 0;
}

export function summaryLine(result: CompileResult, ms: number, out: string): string {
  const rules = result.state.policy?.rules.length ?? 0;
  const surfaces = result.state.lowered?.surfacePatterns.length ?? 0;
  const tables = result.state.tables;
  const states = tables ? tables.valueMatchers.reduce((n, m) => n + matcherStateCount(m), 0) : 0;
  const kb = Math.round((result.moduleText?.length ?? 0) / 102.4) / 10;
  return `compiled ${rules} rules, ${surfaces} surfaces, ${states} states (${kb} KB) in ${ms} ms → ${out}`;
}

/** Adds the `test tool …` results; a failing one withholds the module like any other error. */
export async function withToolCallTests(result: CompileResult, cwd = process.cwd()): Promise<CompileResult> {
  if (result.moduleText === null && !result.state.tables) return result;
  const run = await runToolCallTests(result, cwd);
  if (run.diagnostics.length === 0) return result;
  return { ...result, diagnostics: [...result.diagnostics, ...run.diagnostics], moduleText: null };
}
