import type { Pass } from "../pipeline.js";

/** Lint passes run after composition and never stop the pipeline (they report warnings and infos). */
export const LINT_PASSES: readonly Pass[] = [];
