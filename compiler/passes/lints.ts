import type { Pass } from "../pipeline.js";
import { lintPermissiveBashFallback } from "./lint-permissive-bash-fallback.js";
import { lintPatternShape } from "./lint-pattern-shape.js";
import { lintUnmatchableChainPattern } from "./lint-unmatchable-chain-pattern.js";

/** Lint passes run after composition and report warnings; they never change decisions. */
export const LINT_PASSES: readonly Pass[] = [
  { stage: "lint", name: "permissive-bash-fallback", run: (s) => ({ diagnostics: lintPermissiveBashFallback(s.docs ?? []) }) },
  { stage: "lint", name: "unmatchable-chain-pattern", run: (s) => ({ diagnostics: s.policy ? lintUnmatchableChainPattern(s.policy) : [] }) },
  { stage: "lint", name: "pattern-shape", run: (s) => ({ diagnostics: s.policy ? lintPatternShape(s.policy) : [] }) },
];
