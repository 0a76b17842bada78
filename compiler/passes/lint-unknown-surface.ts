import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import { suggestKey } from "../frontend/suggest-key.js";
import { KNOWN_SURFACES, type PolicyIR } from "../ir.js";
import { isLiteralWildcard } from "../lower/wildcard.js";

/**
 * A literal surface key one typo away from a surface the runtime asks about
 * (`Bash`, `skills`, `external_directories`) governs some other tool name,
 * usually none; extension tool names that are not near a known one pass.
 */
export function lintUnknownSurface(policy: PolicyIR): Diagnostic[] {
  const reported = new Set<string>();
  const out: Diagnostic[] = [];
  for (const r of policy.rules) {
    if (r.layer !== "config" || reported.has(r.surface) || !isLiteralWildcard(r.surface) || KNOWN_SURFACES.includes(r.surface)) continue;
    const suggestion = suggestKey(r.surface, KNOWN_SURFACES);
    if (!suggestion) continue;
    reported.add(r.surface);
    out.push(
      diagnostic("unknownSurface", `surface ${quote(r.surface)} is not a tool the runtime asks about`, r.span, {
        help: `did you mean ${quote(suggestion)}?`,
        notes: ["surface names are matched exactly and case-sensitively; an extension tool of this exact name would still use these rules"],
      }),
    );
  }
  return out;
}
