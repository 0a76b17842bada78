import { compile } from "../compiler/pipeline.js";
import { extractScopedInputs, readInputs, SCOPE_FLAG_NAMES } from "./inputs.js";
import { formatFrom, targetFrom, withToolCallTests } from "./compile-command.js";
import { reportDiagnostics } from "./io.js";
import { parseOptions, UsageError } from "./usage.js";

/** `permc test <input>...`: compiles the inputs together and runs every `test` line of their .perm files. */
export async function runTest(argv: readonly string[]): Promise<number> {
  const { specs, rest } = extractScopedInputs(argv);
  const { values, positionals } = parseOptions({
    args: rest,
    allowPositionals: true,
    extraFlags: SCOPE_FLAG_NAMES,
    options: { home: { type: "string" }, platform: { type: "string" }, format: { type: "string" } },
  });
  const format = formatFrom(values.format);
  const all = [...positionals.map((file) => ({ file })), ...specs];
  if (all.length === 0) throw new UsageError("name at least one policy file");
  const { inputs, diagnostics } = readInputs(all);
  if (diagnostics.length > 0) {
    reportDiagnostics(diagnostics, new Map(), format);
    return 1;
  }
  const result = await withToolCallTests(compile({ inputs, target: targetFrom(values), command: ["permc", "test", ...argv].join(" "), until: "automata" }));
  reportDiagnostics(result.diagnostics, result.sources, format);
  const total = (result.state.docs ?? []).reduce((n, d) => n + (d.tests?.length ?? 0) + (d.toolTests?.length ?? 0), 0);
  const failed = result.diagnostics.filter((d) => d.slug === "inline-test-failed").length;
  const errors = result.diagnostics.some((d) => d.severity === "error");
  if (!result.state.tables) {
    process.stderr.write("error: the policy does not compile; no tests ran\n");
    return 1;
  }
  process.stdout.write(`${total} tests: ${total - failed} passed, ${failed} failed\n`);
  return errors ? 1 : 0;
}
