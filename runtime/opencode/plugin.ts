/**
 * The OpenCode plugin behind `permc/opencode`: one that enforces a compiled permc policy.
 *
 * OpenCode runs a plugin's `tool.execute.before(input, output)` before each
 * tool call (`input.tool`, `input.sessionID`, `input.callID`; `output.args`)
 * and a throw there stops the call, its message going back to the model. A
 * plugin cannot open OpenCode's approval prompt itself; its
 * `permission.ask(info, output)` hook only sees prompts OpenCode raises on
 * its own and may set `output.status` to allow, ask or deny. So:
 *   - deny: throw;
 *   - ask: throw as well by default (a permission prompt permc cannot raise
 *     must not become an allow), or, with `ask: "opencode"`, let the call go
 *     on to OpenCode's own check, but only once OpenCode's `config` hook has
 *     shown a `permission` config that asks for everything: where OpenCode's
 *     rules allow the call it would run unprompted, so until then asks stay
 *     blocked. `permission.ask` keeps a prompt an ask where OpenCode calls it
 *     (1.18 never does: the prompt is then OpenCode's, for every call);
 *   - allow: pass (and answer OpenCode's prompt for that call with allow when
 *     `ask: "opencode"`).
 * Any error denies. The types are local and structural (docs/opencode.md
 * cites the plugin docs); no OpenCode package is needed at run time.
 */
import { hostPlatform } from "../host-platform.js";
import { ownEntry } from "../format.js";
import { permcBinArgv } from "../sandbox/permc-bin.js";
import { sandboxWrappedCommand } from "../sandbox/wrap-command.js";
import { OPENCODE_TOOLS } from "./host-tools.js";
import { appendFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createGate, type GateDecision, warmBashAnalysis } from "../gate/index.js";
import { loadPolicy } from "../load-policy.js";
import { denyMessage, describeAttempt, TAG } from "../pi/messages.js";
import type { Policy } from "../policy.js";
import { openCodeToolCalls } from "./tools.js";
import { stricter } from "../action.js";
import { floorUnmodelledTool } from "../hosts/unmodelled-tool.js";
import { mcpServerNames, isMcpToolOf } from "./mcp-tools.js";

/** The part of OpenCode's plugin context permc reads. */
export interface OpenCodePluginContext {
  readonly directory?: string;
  readonly worktree?: string;
}

export interface ToolExecuteBeforeInput {
  readonly tool: string;
  readonly sessionID?: string;
  readonly callID?: string;
}

export interface ToolExecuteBeforeOutput {
  args: unknown;
}

/** OpenCode's permission request as `permission.ask` receives it (the fields permc reads). */
export interface PermissionInfo {
  readonly callID?: string;
  readonly type?: string;
}

export interface PermissionAskOutput {
  status: "ask" | "deny" | "allow";
}

/** OpenCode's merged configuration as the `config` hook receives it (the field permc reads). */
export interface OpenCodeConfig {
  readonly permission?: unknown;
  /** Configured MCP servers by name: their tools are `<server>_<tool>`. */
  readonly mcp?: unknown;
}

export interface OpenCodeHooks {
  config: (input: OpenCodeConfig) => Promise<void>;
  "tool.execute.before": (input: ToolExecuteBeforeInput, output: ToolExecuteBeforeOutput) => Promise<void>;
  "permission.ask": (input: PermissionInfo, output: PermissionAskOutput) => Promise<void>;
}

const asksOrDenies = (v: unknown): boolean => v === "ask" || v === "deny";

/**
 * Whether an OpenCode `permission` config asks for every call it does not
 * deny: `"ask"`, or an object whose `*` asks and where no rule, at any
 * level, allows. Anything else (absent, an allow anywhere, a shape OpenCode
 * may read otherwise) is no.
 */
export function asksForEverything(permission: unknown): boolean {
  if (permission === "ask") return true;
  if (typeof permission !== "object" || permission === null || Array.isArray(permission)) return false;
  const rules = permission as Record<string, unknown>;
  if (rules["*"] !== "ask") return false;
  return Object.values(rules).every(
    (v) => asksOrDenies(v) || (typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v as Record<string, unknown>).every(asksOrDenies)),
  );
}

export interface PermcOpenCodeOptions {
  /** The compiled module. Default: $PERMC_POLICY, else `<project>/.opencode/permc/policy.mjs`. */
  readonly policy?: string;
  /** The home the module must be compiled for. Default: the OS home. */
  readonly home?: string;
  /** What an ask becomes: "block" (default) or "opencode" (OpenCode's own prompt; see above). */
  readonly ask?: "block" | "opencode";
  /** Configured MCP server names, for deciding `<server>_<tool>` tools. */
  readonly mcpServers?: readonly string[];
  /** Append one JSON line per call that is not allowed. */
  readonly log?: string;
  /**
   * Run each allowed shell command under the kernel layer: its `command`
   * argument is rewritten to `permc run … -- bash -c '<command>'` (OpenCode's
   * `args` are mutable; docs/sandbox.md). Default: `PERMC_SANDBOX=1`.
   */
  readonly sandbox?: boolean;
}

/** A plugin function for OpenCode's `plugin` list, bound to these options. */
export function createPermcPlugin(options: PermcOpenCodeOptions = {}) {
  return async function PermcPlugin(ctx: OpenCodePluginContext): Promise<OpenCodeHooks> {
    const project = ctx.directory ?? ctx.worktree ?? process.cwd();
    const home = options.home ?? os.homedir();
    const modulePath = options.policy ?? process.env.PERMC_POLICY ?? path.join(project, ".opencode", "permc", "policy.mjs");
    // A module compiled for another platform folds paths otherwise (darwin: case): refused, as Pi's extension does.
    const policy: Policy = await loadPolicy(path.resolve(project, modulePath), { home, platform: hostPlatform() });
    // OpenCode keeps the plugin for the session: load the bash grammar before the first shell call needs it.
    void warmBashAnalysis();
    /** The decision for each call OpenCode may still prompt for, by callID. */
    const pending = new Map<string, "allow" | "ask">();
    /** Set by the `config` hook: whether OpenCode's own rules prompt for whatever permc passes on. */
    let openCodeAsksEverything = false;
    /** Set by the `config` hook: the MCP servers OpenCode's config names. */
    let configuredMcpServers: readonly string[] = [];
    const log = (entry: Record<string, unknown>) => {
      if (options.log === undefined) return;
      try {
        appendFileSync(options.log, JSON.stringify({ time: new Date().toISOString(), ...entry }) + "\n");
      } catch {
        // A log that cannot be written never changes a decision.
      }
    };

    async function decide(tool: string, args: unknown): Promise<GateDecision> {
      if (typeof args !== "object" || args === null || Array.isArray(args))
        return { action: "deny", matchedPattern: null, origin: "permc", gate: "input", error: "tool arguments must be an object" };
      let worst: GateDecision | null = null;
      const servers = [...(options.mcpServers ?? []), ...configuredMcpServers];
      const steps = openCodeToolCalls(tool, args as Record<string, unknown>, { isMcpTool: (name) => isMcpToolOf(name, servers) });
      for (const call of steps) {
        if ("refused" in call) return { action: "deny", matchedPattern: null, origin: "permc", gate: "input", error: call.refused };
        const cwd = typeof call.workdir === "string" && call.workdir.trim() !== "" ? path.resolve(project, call.workdir.trim()) : project;
        if (call.workdir !== undefined && typeof call.workdir !== "string")
          return { action: "deny", matchedPattern: null, origin: "permc", gate: "input", error: "'workdir' must be a string" };
        const gate = createGate(policy, { cwd, home, ...(options.mcpServers ? { mcpServers: options.mcpServers } : {}) });
        const decided = await gate.decide(call);
        // A tool permc does not model may run anything; `*` alone never lets it through unasked.
        const d = call.unmodelled !== undefined ? floorUnmodelledTool(policy, call.unmodelled, decided) : decided;
        if (worst === null || stricter(d.action, worst.action)) worst = d;
      }
      return worst ?? { action: "deny", matchedPattern: null, origin: "permc", gate: "error", error: "no gate decided" };
    }

    /** An allowed shell call's command, rewritten to run under `permc run` (without permc's bin: a command that fails). */
    function sandboxShellCall(tool: string, args: unknown): void {
      const shell = ownEntry(OPENCODE_TOOLS, tool);
      if (shell?.kind !== "shell" || typeof args !== "object" || args === null) return;
      const a = args as Record<string, unknown>;
      const command = a[shell.command];
      if (typeof command !== "string") return;
      const workdir = a[shell.workdir];
      const cwd = typeof workdir === "string" && workdir.trim() !== "" ? path.resolve(project, workdir.trim()) : project;
      const permc = permcBinArgv() ?? ["false", "permc-bin-not-found"];
      a[shell.command] = sandboxWrappedCommand(command, { permc, policy: path.resolve(project, modulePath), home, cwd });
    }

    return {
      async config(input) {
        openCodeAsksEverything = asksForEverything(input?.permission);
        configuredMcpServers = mcpServerNames(input?.mcp);
      },
      async "tool.execute.before"(input, output) {
        const tool = typeof input?.tool === "string" ? input.tool : "";
        let d: GateDecision;
        try {
          d =
            tool === ""
              ? { action: "deny", matchedPattern: null, origin: "permc", gate: "registration", error: "the tool call has no tool name" }
              : await decide(tool, output?.args);
        } catch (e) {
          d = {
            action: "deny",
            matchedPattern: null,
            origin: "permc",
            gate: "error",
            error: `permission gate failed and blocked the call (fail-closed): ${e instanceof Error ? e.message : String(e)}`,
          };
        }
        if (d.action !== "allow")
          log({ tool, action: d.action, gate: d.gate, value: d.value ?? null, matchedPattern: d.matchedPattern, ...(d.error ? { error: d.error } : {}) });
        if (d.action === "deny") throw new Error(denyMessage(tool, d, project));
        if (d.action === "ask" && !(options.ask === "opencode" && openCodeAsksEverything)) {
          const why =
            options.ask === "opencode"
              ? 'OpenCode\'s permission config does not ask for everything (`"permission": "ask"`), so OpenCode might run it unprompted'
              : "which this plugin cannot request";
          throw new Error(
            `${TAG} Permission to ${describeAttempt(tool, d, project)} requires approval${d.matchedPattern !== null ? ` (matched '${d.matchedPattern}')` : ""}, ${why}; it was blocked.${d.reason !== undefined ? ` Reason: ${d.reason}.` : ""}`,
          );
        }
        if (d.action === "allow" && (options.sandbox ?? process.env.PERMC_SANDBOX === "1")) sandboxShellCall(tool, output.args);
        if (typeof input.callID === "string" && input.callID !== "") pending.set(input.callID, d.action);
      },
      async "permission.ask"(info, output) {
        const callID = typeof info?.callID === "string" ? info.callID : "";
        const decided = pending.get(callID);
        pending.delete(callID);
        // Only a call permc allowed is answered allow; one it asks for stays a prompt; others are OpenCode's own.
        if (decided !== undefined) output.status = decided;
      },
    };
  };
}
