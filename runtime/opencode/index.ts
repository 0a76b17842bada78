/**
 * `permc/opencode`: the OpenCode plugin, configured from the environment so
 * that the module exports exactly one plugin function (OpenCode calls every
 * function a plugin module exports). PERMC_POLICY: the compiled module
 * (default `<project>/.opencode/permc/policy.mjs`); PERMC_OPENCODE_ASK=opencode:
 * let asks go on to OpenCode's own prompt (default: block them); PERMC_LOG: a
 * JSONL file for calls that are not allowed. See docs/opencode.md.
 */
import { createPermcPlugin } from "./plugin.js";

export const PermcPlugin = createPermcPlugin({
  ...(process.env.PERMC_OPENCODE_ASK === "opencode" ? { ask: "opencode" as const } : {}),
  ...(process.env.PERMC_LOG ? { log: process.env.PERMC_LOG } : {}),
});
