// Type-checked by ../opencode-plugin-types.test.ts against OpenCode's own
// plugin package: permc's plugin, as `permc/opencode` exports it and as
// createPermcPlugin builds it, must be a `Plugin` whose hooks fit `Hooks`.
// Through the built declarations (dist/, which `npm test` builds first): the
// types a project that installs permc sees.
import type { Hooks, Plugin } from "@opencode-ai/plugin";
import { PermcPlugin } from "../../../dist/runtime/opencode/index.js";
import { createPermcPlugin } from "../../../dist/runtime/opencode/plugin.js";

export const exported: Plugin = PermcPlugin;
export const configured: Plugin = createPermcPlugin({ ask: "opencode", mcpServers: ["github"] });
export const hooks = (input: Parameters<Plugin>[0]): Promise<Hooks> => PermcPlugin(input);
