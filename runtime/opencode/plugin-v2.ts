/**
 * The same plugin under OpenCode 2's contract: a module's default export
 * `{ id, setup }` (what `Plugin.define` builds), whose `setup(ctx)` registers
 * hooks on the context; `ctx.tool.hook("execute.before", handler)` runs the
 * handler before each tool call with `{ tool, sessionID, id, input }`, and a
 * throw stops the call. The handler decides through the 1.x plugin's
 * `tool.execute.before`, so both majors decide alike. OpenCode 2 calls no
 * `config` hook here, so `ask: "opencode"` never passes an ask on: asks stay
 * blocked. No OpenCode 2 client is on the registry: this follows the
 * published contract and is tested with a stand-in context
 * (docs/opencode.md).
 */
import { createPermcPlugin, type OpenCodePluginContext, type PermcOpenCodeOptions } from "./plugin.js";

/** The event OpenCode 2 passes to an `execute.before` handler (the fields permc reads). */
export interface ExecuteBeforeEvent {
  readonly tool?: unknown;
  readonly sessionID?: unknown;
  readonly id?: unknown;
  readonly input?: unknown;
}

/** The part of OpenCode 2's plugin context permc uses. */
export interface OpenCodeV2Context extends OpenCodePluginContext {
  readonly tool: {
    hook(name: "execute.before", handler: (event: ExecuteBeforeEvent) => Promise<void>): unknown;
  };
}

/** `setup` for OpenCode 2: register the permc decision before every tool call. */
export function createPermcSetup(options: PermcOpenCodeOptions = {}) {
  return async function setup(ctx: OpenCodeV2Context): Promise<void> {
    const hooks = await createPermcPlugin(options)(ctx);
    // Whatever hook() returns (a registration, a promise of one) is handed back for OpenCode to await and dispose.
    await ctx.tool.hook("execute.before", async (event) => {
      const tool = typeof event?.tool === "string" ? event.tool : "";
      const sessionID = typeof event?.sessionID === "string" ? event.sessionID : undefined;
      const callID = typeof event?.id === "string" ? event.id : undefined;
      await hooks["tool.execute.before"]({ tool, ...(sessionID ? { sessionID } : {}), ...(callID ? { callID } : {}) }, { args: event?.input });
    });
  };
}
