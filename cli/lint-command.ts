import { hasErrors, renderAll, toJson } from "../compiler/diagnostics/index.js";
import { compileFiles } from "./compile-command.js";
import { useColor } from "./io.js";

/** Every check and lint, automata-based ones included, without writing a module. The diagnostics are the result: stdout. */
export function runLint(argv: readonly string[]): number {
  const { result, format } = compileFiles(argv, "automata");
  if (!result) return 1;
  const { diagnostics, sources } = result;
  if (format === "json") {
    process.stdout.write(
      JSON.stringify(
        diagnostics.map((d) => toJson(d, sources)),
        null,
        2,
      ) + "\n",
    );
  } else if (diagnostics.length > 0) {
    process.stdout.write(renderAll(diagnostics, sources, { color: useColor(process.stdout) }) + "\n");
  } else {
    process.stdout.write("no problems found\n");
  }
  return hasErrors(diagnostics) ? 1 : 0;
}
