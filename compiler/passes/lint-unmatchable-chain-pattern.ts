import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { PolicyIR } from "../ir.js";

const CHAIN = /\s(?:&&|\|\||\|)(?:\s|$)|;(?:\s|$)/;

/** Bash commands are matched one unit at a time, so a pattern spanning a chain operator never matches. */
export function lintUnmatchableChainPattern(policy: PolicyIR): Diagnostic[] {
  return policy.rules
    .filter((r) => r.layer === "config" && r.surface === "bash" && CHAIN.test(r.pattern))
    .map((r) =>
      diagnostic("unmatchableChainPattern", `bash pattern ${quote(r.pattern)} contains a chain operator and can never match`, r.span, {
        notes: ["a command is split at `&&`, `||`, `;` and `|` before matching, and each part is matched alone"],
      }),
    );
}
