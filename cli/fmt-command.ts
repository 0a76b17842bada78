import type { Diagnostic } from "../compiler/diagnostics/index.js";
import { formatPerm } from "../compiler/print/perm-dsl-format.js";
import { readSource } from "../compiler/frontend/read-source.js";
import { formatFrom } from "./compile-command.js";
import { readPolicyFile } from "./inputs.js";
import { reportDiagnostics } from "./io.js";
import { writeAtomically } from "./atomic-write.js";
import { parseOptions, UsageError } from "./usage.js";

/**
 * `permc fmt <file.perm> [--write | --check]`: canonical layout on stdout, in
 * place with --write; --check writes nothing and lists the file (exit 1) when
 * it is not in canonical layout, for CI.
 */
export function runFmt(argv: readonly string[]): number {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { write: { type: "boolean" }, check: { type: "boolean" }, format: { type: "string" } },
  });
  const format = formatFrom(values.format);
  if (positionals.length !== 1) throw new UsageError("fmt takes exactly one .perm file");
  const file = positionals[0]!;
  if (!file.endsWith(".perm")) throw new UsageError("fmt formats .perm files");
  if (values.write && values.check) throw new UsageError("fmt takes --write or --check, not both");
  const unreadable: Diagnostic[] = [];
  const text = readPolicyFile(file, unreadable);
  if (text === null) {
    reportDiagnostics(unreadable, new Map(), format);
    return 1;
  }
  const result = formatPerm(text);
  if (!result.ok) {
    // Show why with the reader's own diagnostics (syntax errors and all).
    const { diagnostics } = readSource({ file, text, scope: "global", kind: "perm-dsl" });
    reportDiagnostics(
      diagnostics.filter((d) => d.slug === "syntax-error"),
      new Map([[file, text]]),
      format,
    );
    process.stderr.write("error: not formatted; fix the syntax errors first\n");
    return 1;
  }
  if (values.check) {
    if (result.text === text) return 0;
    process.stdout.write(file + "\n");
    return 1;
  }
  if (values.write) {
    if (result.text !== text) writeAtomically(file, result.text);
  } else {
    process.stdout.write(result.text);
  }
  return 0;
}
