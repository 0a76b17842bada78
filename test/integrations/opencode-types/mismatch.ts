// The control for ../opencode-plugin-types.test.ts: a plugin whose
// `tool.execute.before` expects a numeric tool name is not a `Plugin`, so the
// check that accepts conforms.ts is one that can refuse a plugin.
import type { Plugin } from "@opencode-ai/plugin";

const wrong = async () => ({
  "tool.execute.before": async (input: { readonly tool: number }, output: { args: unknown }) => {
    if (input.tool > 0) output.args = {};
  },
});

export const refused: Plugin = wrong;
