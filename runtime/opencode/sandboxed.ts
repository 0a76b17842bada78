/**
 * `permc/opencode/sandboxed`: the OpenCode plugin of `permc/opencode` with
 * the kernel layer on: each shell command it allows runs under `permc run`
 * (docs/sandbox.md). A module of its own, because OpenCode 1 calls every
 * function a plugin module exports: this one exports one plugin, as the
 * other does, and the same default for OpenCode 2.
 */
import { createPermcPlugin, type PermcOpenCodeOptions } from "./plugin.js";
import { createPermcSetup } from "./plugin-v2.js";

const options: PermcOpenCodeOptions = {
  sandbox: true,
  ...(process.env.PERMC_OPENCODE_ASK === "opencode" ? { ask: "opencode" as const } : {}),
  ...(process.env.PERMC_LOG ? { log: process.env.PERMC_LOG } : {}),
};

export const PermcPlugin = createPermcPlugin(options);

export default { id: "permc", server: PermcPlugin, setup: createPermcSetup(options) };
