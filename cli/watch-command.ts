import { existsSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { compile, type CompileResult } from "../compiler/pipeline.js";
import { formatFrom, summaryLine, targetFrom, withToolCallTests } from "./compile-command.js";
import { extractScopedInputs, readInputs, SCOPE_FLAG_NAMES, type InputSpec } from "./inputs.js";
import { reportDiagnostics } from "./io.js";
import { WriteFailure, writeAtomically } from "./atomic-write.js";
import type { CliIO } from "./cli-io.js";
import { parseOptions, UsageError } from "./usage.js";
import { filesRead, refuseOutputOverInput } from "./output-over-input.js";

/** Editors write a file in several steps (truncate, write, rename); wait for them to settle. */
const DEBOUNCE_MS = 40;

/**
 * Compiles once, then again on every change of an input (or a file the inputs
 * pulled in). The compiler stays loaded, so a recompile costs only the passes.
 * A broken edit prints its diagnostics and leaves the last good module alone;
 * so does an output that cannot be written, until a later change writes it.
 */
export async function runWatch(argv: readonly string[], io?: CliIO): Promise<number> {
  const { specs, rest } = extractScopedInputs(argv);
  const { values, positionals } = parseOptions({
    args: rest,
    allowPositionals: true,
    extraFlags: SCOPE_FLAG_NAMES,
    options: { out: { type: "string", short: "o" }, home: { type: "string" }, platform: { type: "string" }, format: { type: "string" } },
  });
  if (!values.out) throw new UsageError("watch needs -o <out.mjs>");
  const out = values.out;
  const format = formatFrom(values.format);
  const target = targetFrom(values);
  const all: InputSpec[] = [...positionals.map((file) => ({ file })), ...specs];
  if (all.length === 0) throw new UsageError("name at least one policy file");
  const command = ["permc", "compile", ...argv].join(" ");
  // Say what is on disk: a module from before (this run's or an earlier one's), or none yet.
  const kept = () => process.stderr.write(existsSync(out) ? `error: kept the last good module at ${out}\n` : `error: no module written to ${out} yet\n`);

  // An input that is not there at the start is a mistake in the command line, not an edit in progress.
  const first = readInputs(all);
  refuseOutputOverInput(
    out,
    filesRead(
      all.map((s) => s.file),
      first.inputs,
    ),
  );
  const missing = first.diagnostics;
  if (missing.length > 0) {
    reportDiagnostics(missing, new Map(), format);
    process.stderr.write("error: nothing watched\n");
    return 1;
  }

  const rebuild = async (): Promise<CompileResult | null> => {
    const started = performance.now();
    const { inputs, diagnostics } = readInputs(all);
    if (diagnostics.length > 0) {
      reportDiagnostics(diagnostics, new Map(), format);
      kept();
      return null;
    }
    const result = await withToolCallTests(compile({ inputs, target, command }));
    reportDiagnostics(result.diagnostics, result.sources, format);
    if (result.moduleText === null) {
      kept();
      return result;
    }
    try {
      writeAtomically(out, result.moduleText);
    } catch (e) {
      // A write that fails (permission, a directory in the way) must not end the watch: the next change tries again.
      if (!(e instanceof WriteFailure)) throw e;
      process.stderr.write(`permc watch: error: ${e.message}\n`);
      kept();
      return result;
    }
    process.stdout.write(summaryLine(result, Math.round(performance.now() - started), out) + "\n");
    return result;
  };

  const watchers = new Map<string, FSWatcher>();
  let watched = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    // Whatever goes wrong in one rebuild is reported; the watch and the module on disk stay as they were.
    timer = setTimeout(
      () =>
        void rebuild().then(follow, (e: unknown) => {
          process.stderr.write(`permc watch: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
          kept();
        }),
      DEBOUNCE_MS,
    );
  };
  // Watch directories, not files: a save by rename replaces the file a file watcher held.
  const follow = (result: CompileResult | null) => {
    const files = new Set(all.map((s) => path.resolve(s.file)));
    for (const f of result?.sources.keys() ?? []) files.add(path.resolve(f));
    watched = files;
    for (const dir of new Set([...files].map((f) => path.dirname(f)))) {
      if (watchers.has(dir)) continue;
      try {
        watchers.set(
          dir,
          watch(dir, (_event, name) => {
            if (name === null || watched.has(path.join(dir, name.toString()))) schedule();
          }),
        );
      } catch (e) {
        process.stderr.write(`permc watch: cannot watch ${dir}: ${(e as Error).message}\n`);
      }
    }
  };

  follow(await rebuild());
  process.stderr.write(`watching ${all.length} input${all.length === 1 ? "" : "s"}; Ctrl-C to stop\n`);
  return new Promise<number>((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(0);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    if (io?.signal?.aborted) stop();
    io?.signal?.addEventListener("abort", stop, { once: true });
  });
}
