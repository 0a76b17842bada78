import { printJson, printPerm } from "../compiler/frontend/perm-dsl-print.js";
import { readSource } from "../compiler/frontend/read-source.js";
import { sourceTexts } from "../compiler/pipeline.js";
import { formatFrom } from "./compile-command.js";
import { readInputs } from "./inputs.js";
import { reportDiagnostics } from "./io.js";
import { parseOptions, UsageError } from "./usage.js";

/** `permc convert <input> --to perm|json`: the same policy in the other syntax, on stdout. */
export function runConvert(argv: readonly string[]): number {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { to: { type: "string" }, format: { type: "string" } },
  });
  const format = formatFrom(values.format);
  if (positionals.length !== 1) throw new UsageError("convert takes exactly one input file");
  if (values.to !== "perm" && values.to !== "json") throw new UsageError("--to must be perm or json");
  const { inputs, diagnostics } = readInputs([{ file: positionals[0]! }]);
  if (diagnostics.length > 0) {
    reportDiagnostics(diagnostics, new Map(), format);
    return 1;
  }
  const input = inputs[0]!;
  const { doc, diagnostics: read } = readSource(input);
  reportDiagnostics(read, sourceTexts({ inputs, target: { home: "", platform: "posix" }, command: "" }), format);
  if (!doc) return 1;
  if (values.to === "perm") {
    process.stdout.write(printPerm(doc, `converted from ${input.file} by permc convert`));
    return 0;
  }
  process.stdout.write(printJson(doc));
  if (input.kind === "perm-dsl") {
    const dropped = (doc.tests?.length ?? 0) > 0 ? "; its `test` lines and comments have no JSON form and were left out" : "";
    process.stderr.write(`note: JSON has no scope line: compile this as the ${doc.scope} scope (--${doc.scope})${dropped}\n`);
  }
  return 0;
}
