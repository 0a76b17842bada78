import { printJson, printPerm } from "../compiler/print/perm-dsl-print.js";
import { readSource } from "../compiler/frontend/read-source.js";
import { sourceTexts } from "../compiler/pipeline.js";
import { formatFrom } from "./compile-command.js";
import { SCOPES, type Scope } from "../compiler/ir.js";
import { kindOf, readInputs } from "./inputs.js";
import { reportDiagnostics } from "./io.js";
import { parseOptions, UsageError } from "./usage.js";

/**
 * `permc convert <input> [--to perm|json] [--scope S]`: the same policy in the
 * other syntax, on stdout. Without --to, the other syntax is the input's
 * opposite; --scope reads the input as that scope (as compile's --project F).
 */
export function runConvert(argv: readonly string[]): number {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { to: { type: "string" }, scope: { type: "string" }, format: { type: "string" } },
  });
  const format = formatFrom(values.format);
  if (positionals.length !== 1) throw new UsageError("convert takes exactly one input file");
  const file = positionals[0]!;
  const to = values.to ?? (kindOf(file) === "perm-dsl" ? "json" : "perm");
  if (to !== "perm" && to !== "json") throw new UsageError("--to must be perm or json");
  const scope = values.scope;
  if (scope !== undefined && !(SCOPES as readonly string[]).includes(scope)) throw new UsageError(`--scope must be one of ${SCOPES.join(", ")}`);
  const { inputs, diagnostics } = readInputs([{ file, ...(scope !== undefined ? { scope: scope as Scope } : {}) }]);
  if (diagnostics.length > 0) {
    reportDiagnostics(diagnostics, new Map(), format);
    return 1;
  }
  const input = inputs[0]!;
  const { doc, diagnostics: read } = readSource(input);
  reportDiagnostics(read, sourceTexts({ inputs, target: { home: "", platform: "posix" }, command: "" }), format);
  if (!doc) return 1;
  if (to === "perm") {
    process.stdout.write(printPerm(doc, `converted from ${input.file} by permc convert`));
    return 0;
  }
  const json = printJson(doc);
  process.stdout.write(json.endsWith("\n") ? json : json + "\n");
  if (input.kind === "perm-dsl") {
    const dropped = (doc.tests?.length ?? 0) > 0 ? "; its `test` lines and comments have no JSON form and were left out" : "";
    process.stderr.write(`note: JSON has no scope line: compile this as the ${doc.scope} scope (--${doc.scope})${dropped}\n`);
  }
  return 0;
}
