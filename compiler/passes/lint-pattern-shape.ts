import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { PolicyIR } from "../ir.js";

/** Spellings that look meaningful but are not: `**` (there is no globstar) and stray spaces at either end. */
export function lintPatternShape(policy: PolicyIR): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const r of policy.rules) {
    if (r.layer !== "config") continue;
    for (const [what, text] of [
      ["surface key", r.surface],
      ["pattern", r.pattern],
    ] as const) {
      if (text.includes("**")) {
        out.push(diagnostic("globstarHasNoMeaning", `${what} ${quote(text)} uses \`**\`, which matches exactly what \`*\` matches`, r.span));
      }
    }
    if (/^\s|\s$/.test(r.pattern)) {
      out.push(
        diagnostic("patternWhitespace", `pattern ${quote(r.pattern)} starts or ends with white space, which must then be in the value too`, r.span, {
          notes: ['a trailing `" *"` is fine: it makes the argument part optional'],
        }),
      );
    }
  }
  return out;
}
