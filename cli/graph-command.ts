import { diagnostic } from "../compiler/diagnostics/index.js";
import { lintRelationDot, renderSvg, surfaceDot, type GraphInput } from "../compiler/graph/index.js";
import { KNOWN_SURFACES } from "../compiler/ir.js";
import { compile } from "../compiler/pipeline.js";
import { wildcardMatches } from "../runtime/session-rules.js";
import { targetFrom } from "./compile-command.js";
import { extractScopedInputs, readNamedInputs, SCOPE_FLAG_NAMES } from "./inputs.js";
import { reportDiagnostics } from "./io.js";
import { writeAtomically } from "./atomic-write.js";
import { didYouMean, parseOptions, UsageError } from "./usage.js";

/** Pictures of a policy: a surface's automaton, or the rule relation of the lints, as DOT or SVG. */
export async function runGraph(argv: readonly string[]): Promise<number> {
  const { specs, rest } = extractScopedInputs(argv);
  const { values, positionals } = parseOptions({
    args: rest,
    allowPositionals: true,
    extraFlags: SCOPE_FLAG_NAMES,
    options: {
      surface: { type: "string" },
      lints: { type: "boolean" },
      format: { type: "string" },
      out: { type: "string", short: "o" },
      home: { type: "string" },
      platform: { type: "string" },
    },
  });
  const format = values.format ?? "dot";
  if (format !== "dot" && format !== "svg") throw new UsageError(`--format must be dot or svg, not ${format}`);
  if ((values.surface === undefined) === (values.lints !== true)) throw new UsageError("graph needs exactly one of --surface NAME and --lints");
  const { inputs, diagnostics } = readNamedInputs(positionals, specs, values.out);
  const target = targetFrom(values);
  if (diagnostics.length > 0) {
    reportDiagnostics(diagnostics, new Map(), "human");
    return 1;
  }
  const result = compile({ inputs, target, command: ["permc", "graph", ...argv].join(" "), until: "automata" });
  const { policy, lowered, tables } = result.state;
  if (!policy || !lowered || !tables || result.diagnostics.some((d) => d.severity === "error")) {
    reportDiagnostics(
      result.diagnostics.length > 0 ? result.diagnostics : [diagnostic("syntaxError", "the policy did not compile to automata")],
      result.sources,
      "human",
    );
    return 1;
  }
  if (values.surface !== undefined) refuseUnknownSurface(values.surface, [...tables.direct.map(([name]) => name), ...policy.rules.map((r) => r.surface)]);
  // Warnings and notes are shown as `permc compile` shows them; the picture is still drawn.
  reportDiagnostics(result.diagnostics, result.sources, "human");
  const input: GraphInput = { policy, lowered, tables, sources: result.sources };
  let dot: string;
  if (values.surface !== undefined) {
    const drawn = surfaceDot(input, values.surface);
    if ("error" in drawn) {
      process.stderr.write(`permc graph: ${drawn.error}\n`);
      return 1;
    }
    dot = drawn.dot;
  } else {
    dot = lintRelationDot(input);
  }
  const text = format === "svg" ? await renderSvg(dot) : dot;
  if (values.out !== undefined) writeAtomically(values.out, text);
  else process.stdout.write(text);
  return 0;
}

/**
 * A surface no rule names and the runtime never asks about (`bsah`) would be
 * drawn as whatever `*` holds, which reads as an answer: it is bad usage, with
 * the nearest name.
 */
function refuseUnknownSurface(surface: string, names: readonly string[]): void {
  // `*` itself names the universal rule: drawn when asked for by that name.
  const named = new Set([...KNOWN_SURFACES, ...names.filter((s) => s !== "*")]);
  if (surface === "*" || named.has(surface) || [...named].some((s) => /[*?]/.test(s) && wildcardMatches(s, surface))) return;
  const near = didYouMean(
    surface,
    [...named].filter((s) => !/[*?]/.test(s)),
  );
  throw new UsageError(
    `unknown surface ${JSON.stringify(surface)}: no rule names it and the runtime never asks about it${near !== undefined ? `; did you mean ${near}?` : ""}`,
  );
}
