// Runs the `test tool …` lines of `.perm` sources through the real gate. The gate
// is asynchronous (the bash parser loads once), so this runs after the pipeline,
// from the commands that write or check a module, not as a pass of the table.
import { createGate } from "../../runtime/gate/index.js";
import { workingPolicy } from "../../runtime/policy.js";
import { validatePayload } from "../../runtime/validate-payload.js";
import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import { buildPayload } from "../emit/payload.js";
import type { CompileResult } from "../pipeline.js";

export interface ToolCallTestRun {
  readonly diagnostics: Diagnostic[];
  readonly total: number;
}

export async function runToolCallTests(result: CompileResult, cwd: string): Promise<ToolCallTestRun> {
  const { docs, policy, tables } = result.state;
  const tests = (docs ?? []).flatMap((d) => d.toolTests ?? []);
  if (tests.length === 0 || !policy || !tables) return { diagnostics: [], total: tests.length };
  const decoded = validatePayload(JSON.parse(JSON.stringify(buildPayload(policy, tables, result.sources))));
  if ("error" in decoded) {
    return { diagnostics: [diagnostic("inlineTestFailed", `internal: the compiled tables do not load (${decoded.error})`)], total: tests.length };
  }
  const { home, platform } = result.state.request.target;
  const gate = createGate(workingPolicy(decoded, { compilerVersion: "", home, platform, inputHash: "", tablesHash: "" }), { cwd, home });
  const diagnostics: Diagnostic[] = [];
  for (const t of tests) {
    const got = await gate.decide({ tool: t.tool, input: t.input });
    if (got.action === t.expect) continue;
    const why = got.error ?? (got.matchedPattern !== null ? `\`${got.matchedPattern}\`` : "the default rule");
    diagnostics.push(
      diagnostic("inlineTestFailed", `test failed: tool ${quote(t.tool)} is ${got.action}, expected ${t.expect}`, t.span, {
        notes: [
          `decided by the ${got.gate} gate: ${why}${got.value !== undefined ? ` for ${quote(got.value)}` : ""}`,
          `relative paths resolve against ${quote(cwd)}`,
        ],
        help: "fix the rules or the test; `permc explain` shows every gate and rule for this call",
      }),
    );
  }
  return { diagnostics, total: tests.length };
}
