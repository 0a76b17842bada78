/**
 * `permc/opencode`: the OpenCode plugin, configured from the environment.
 * OpenCode 1 calls every function a plugin module exports, so the module
 * exports exactly one (`PermcPlugin`); OpenCode 2 reads the default export,
 * `{ id, setup }`. The default also carries `server` (the same function):
 * OpenCode 1.18, given a default export with an `id`, uses its `server` and
 * nothing else, so both majors run the same decision once. PERMC_POLICY: the
 * compiled module (default `<project>/.opencode/permc/policy.mjs`);
 * PERMC_OPENCODE_ASK=opencode: let asks go on to OpenCode's own prompt
 * (default: block them); PERMC_LOG: a JSONL file for calls that are not
 * allowed. See docs/opencode.md.
 */
import { createPermcPlugin, type PermcOpenCodeOptions } from "./plugin.js";
import { createPermcSetup } from "./plugin-v2.js";

const options: PermcOpenCodeOptions = {
  ...(process.env.PERMC_OPENCODE_ASK === "opencode" ? { ask: "opencode" as const } : {}),
  ...(process.env.PERMC_LOG ? { log: process.env.PERMC_LOG } : {}),
};

export const PermcPlugin = createPermcPlugin(options);

export default { id: "permc", server: PermcPlugin, setup: createPermcSetup(options) };
