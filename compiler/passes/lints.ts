import type { Pass } from "../pass.js";
import { lintPermissiveBashFallback } from "./lint-permissive-bash-fallback.js";
import { lintPatternShape } from "./lint-pattern-shape.js";
import { lintUnmatchableChainPattern } from "./lint-unmatchable-chain-pattern.js";
import { foldDirectionalTwins } from "./fold-directional-twins.js";

/** Lint passes run after composition and report warnings; they never change decisions. */
export const LINT_PASSES: readonly Pass[] = [
  { stage: "lint", name: "lint-permissive-bash-fallback", run: (s) => ({ diagnostics: lintPermissiveBashFallback(s.docs ?? []) }) },
  { stage: "lint", name: "lint-unmatchable-chain-pattern", run: (s) => ({ diagnostics: s.policy ? lintUnmatchableChainPattern(s.policy) : [] }) },
  // A bare `path` rule is two rules (one per direction) at one place: report it once.
  { stage: "lint", name: "lint-pattern-shape", run: (s) => ({ diagnostics: s.policy ? foldDirectionalTwins(lintPatternShape(s.policy)) : [] }) },
];
