// Runs the `test` lines of `.perm` sources against the tables about to be emitted.
import { validatePayload } from "../../runtime/validate-payload.js";
import { workingPolicy } from "../../runtime/policy.js";
import { diagnostic, lineColumn, quote, type Diagnostic, type SourceTexts } from "../diagnostics/index.js";
import { buildPayload } from "../emit/payload.js";
import type { ScopeDocument } from "../frontend/scope-document.js";
import type { PolicyIR } from "../ir.js";
import type { PolicyTables } from "../policy-tables.js";

export interface InlineTestRun {
  readonly diagnostics: Diagnostic[];
  readonly passed: number;
  readonly failed: number;
}

/**
 * Each test is a raw surface check (`policy.check`) on the policy compiled
 * from all inputs, decoded through the runtime's own validator, so a test
 * sees exactly what a loaded module would answer (module yoloMode included).
 */
export function runInlineTests(docs: readonly ScopeDocument[], policy: PolicyIR, tables: PolicyTables, sources: SourceTexts): InlineTestRun {
  const tests = docs.flatMap((d) => d.tests ?? []);
  if (tests.length === 0) return { diagnostics: [], passed: 0, failed: 0 };
  const decoded = validatePayload(JSON.parse(JSON.stringify(buildPayload(policy, tables, sources))));
  if ("error" in decoded) {
    return { diagnostics: [diagnostic("inlineTestFailed", `internal: the compiled tables do not load (${decoded.error})`)], passed: 0, failed: tests.length };
  }
  const runtime = workingPolicy(decoded, { compilerVersion: "", home: "", platform: "posix", inputHash: "", tablesHash: "" });
  const diagnostics: Diagnostic[] = [];
  for (const t of tests) {
    const got = runtime.check(t.surface, t.value);
    if (got.action === t.expect) continue;
    const rule = got.rule >= 0 ? policy.rules[got.rule] : undefined;
    const text = rule?.span ? sources.get(rule.span.file) : undefined;
    const at = rule?.span && text !== undefined ? ` (${rule.span.file}:${lineColumn(text, rule.span.start).line})` : "";
    const by = !rule
      ? "no rule"
      : rule.layer === "default"
        ? `the default rule${at}`
        : rule.layer === "baseline"
          ? `the MCP baseline rule ${quote(rule.pattern)}`
          : `${quote(rule.surface + " " + JSON.stringify(rule.pattern))}${at}`;
    diagnostics.push(
      diagnostic("inlineTestFailed", `test failed: ${quote(t.surface)} ${quote(t.value)} is ${got.action}, expected ${t.expect}`, t.span, {
        notes: [`decided by ${by}${got.origin === "yolo" ? " under yoloMode" : ""}`],
        help: "fix the rules or the test; tests check the policy compiled from all inputs together",
      }),
    );
  }
  return { diagnostics, passed: tests.length - diagnostics.length, failed: diagnostics.length };
}
