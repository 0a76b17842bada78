// Its declarations name Node's types: kept in the .d.ts so a consumer whose `types` is empty (TypeScript 6's default) finds them.
/// <reference types="node" preserve="true" />
/**
 * `permc/pi`: the Pi extension. It loads the compiled policy module, decides
 * every tool call through the runtime gate behind a fail-closed boundary,
 * asks the user (when Pi has a UI) for `ask`, and keeps an audit and a review
 * log. Pi is only a type dependency: nothing from it is imported at run time,
 * so the extension loads under whatever Pi copy the host aliases.
 */
import { hostPlatform } from "../host-platform.js";
import os from "node:os";
import path from "node:path";
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { warmBashAnalysis } from "../gate/index.js";
import { SessionRules } from "../session-rules.js";
import { Audit } from "./audit.js";
import { defaultAgentDir, locatePolicy, REVIEW_LOG, userLevelPolicy, type LocatedPolicy } from "./locate-policy.js";
import { projectTrust } from "./project-trust.js";
import { TAG } from "./messages.js";
import { createPolicySource, type PolicySource } from "./policy-source.js";
import { createReviewLog } from "./review-log.js";
import { createSerializer, createToolCallHandler } from "./tool-call-handler.js";

import { permcBinArgv } from "../sandbox/permc-bin.js";
export { locatePolicy, defaultAgentDir, PROJECT_POLICY, AGENT_POLICY, REVIEW_LOG } from "./locate-policy.js";
export { bashPattern, parentPattern, sessionSuggestions } from "./session-suggestions.js";

export interface PermcPiOptions {
  /** The compiled module; `PERMC_POLICY` still wins. Default: see locatePolicy. */
  readonly policyPath?: string;
  /** Pi's agent directory. Default: `PI_CODING_AGENT_DIR`, else `~/.pi/agent`. */
  readonly agentDir?: string;
  /** The home the module must have been compiled for. Default: the OS home. */
  readonly home?: string;
  readonly platform?: "posix" | "win32" | "darwin";
  /** The review log; `false` turns it off. Default: `PERMC_REVIEW_LOG`, else `<agentDir>/permc/review.jsonl`. */
  readonly reviewLog?: string | false;
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Run each allowed or approved shell command under the kernel layer
   * (`permc run`, docs/sandbox.md). Default: `PERMC_SANDBOX=1` in the environment.
   */
  readonly sandbox?: boolean;
}

/**
 * What Pi loads: a function Pi calls with its ExtensionAPI (Pi's
 * `ExtensionFactory`). Declared here rather than imported so permc/pi's public
 * types compile in a project without Pi installed (skipLibCheck: false).
 */
// biome-ignore lint/suspicious/noExplicitAny: Pi's types stay out of the public declarations (Pi is an optional peer).
export type PiExtension = (pi: any) => void;

/** Build the extension with explicit options (for wrappers and tests). */
export function createPermcExtension(options: PermcPiOptions = {}): PiExtension {
  return (pi: ExtensionAPI) => {
    const env = options.env ?? process.env;
    const agentDir = options.agentDir ?? defaultAgentDir(env);
    const home = options.home ?? os.homedir();
    const platform = options.platform ?? hostPlatform();
    const logPath = options.reviewLog === false ? null : (options.reviewLog ?? (env.PERMC_REVIEW_LOG?.trim() || path.join(agentDir, REVIEW_LOG)));
    const log = createReviewLog(logPath);
    const audit = new Audit();
    const sessionRules = new SessionRules();
    const told = new Set<string>();
    let lastCtx: ExtensionContext | undefined;

    // Each distinct problem is shown once: through the UI when there is one, else on stderr.
    const tell = (ctx: ExtensionContext | undefined, message: string, level: "error" | "warning" = "error"): void => {
      if (told.has(message)) return;
      told.add(message);
      const c = ctx ?? lastCtx;
      try {
        if (c?.hasUI === true) c.ui.notify(message, level);
        else process.stderr.write(`${message}\n`);
      } catch {
        // Showing a message never changes a decision.
      }
    };

    // One source per module path, so a project's module and the global one each keep their last good version.
    const sources = new Map<string, PolicySource>();
    const pinned = new Map<string, LocatedPolicy>();
    const skipped = new Set<string>();
    const sourceFor = (cwd: string, ctx: ExtensionContext | undefined): PolicySource => {
      // Once a module was found for a directory it stays the one used: deleting the
      // project module must not silently fall back to a laxer global one.
      let found = pinned.get(cwd);
      if (found === undefined) {
        found = locatePolicy({ cwd, agentDir, env, ...(options.policyPath ? { configured: options.policyPath } : {}) });
        if (found.source !== "agent") pinned.set(cwd, found);
      }
      let modulePath = found.path;
      if (found.source === "project") {
        // A module inside the project decides only in a project Pi trusts (asked on every call,
        // so a trust granted later takes effect at the next call); else the user-level one alone.
        const trust = projectTrust(ctx, { agentDir, modulePath: found.path });
        if (!trust.trusted) {
          modulePath = userLevelPolicy(agentDir);
          const key = `${found.path}\0${trust.why}`;
          if (!skipped.has(key)) {
            skipped.add(key);
            log.write("project_trust.skipped", { projectModule: found.path, reason: trust.why, using: modulePath });
          }
          tell(
            ctx,
            `${TAG} Ignoring the project's policy module ${found.path}: ${trust.why}. The user-level module ${modulePath} decides. To use the project's module, review it and run \`npx permc trust\` in the project.`,
            "warning",
          );
        }
      }
      let source = sources.get(modulePath);
      if (source === undefined) {
        source = createPolicySource(modulePath, { home, platform }, (m) => tell(undefined, `${TAG} ${m.replace(/^permc: /, "")}`));
        sources.set(modulePath, source);
      }
      return source;
    };

    const sandbox = sandboxOption(options.sandbox ?? env.PERMC_SANDBOX === "1", tell);
    const onToolCall = createToolCallHandler({
      sourceFor,
      home,
      sessionRules,
      audit,
      log,
      tell,
      serialize: createSerializer(),
      ...(sandbox ? { sandbox } : {}),
    });
    pi.on("tool_call", (event, ctx) => {
      lastCtx = ctx;
      // Loaded twice (`permc init pi`'s project file and a `pi install`ed package): every copy sees the same event.
      // The first copy decides (and prompts) once; the others answer with its decision.
      if (typeof event === "object" && event !== null) {
        const mark = event as { [DECIDED]?: ReturnType<typeof onToolCall> };
        const earlier = mark[DECIDED];
        if (earlier !== undefined) {
          tell(
            ctx,
            `${TAG} permc's Pi extension is loaded more than once (a project extension and an installed package?); each call is decided and prompted once.`,
            "warning",
          );
          return earlier;
        }
        const decision = onToolCall(event, ctx);
        Object.defineProperty(event, DECIDED, { value: decision });
        return decision;
      }
      return onToolCall(event, ctx);
    });

    // The model's first tool call comes seconds after the session starts: load the bash grammar meanwhile.
    pi.on("session_start", () => {
      void warmBashAnalysis();
    });

    pi.on("session_shutdown", (event, ctx) => {
      try {
        const summary = audit.snapshot();
        log.write("permission.session_summary", { ...summary, reason: event?.reason, sessionRules: sessionRules.list() });
        if (!summary.consistent) {
          tell(
            ctx,
            `${TAG} audit mismatch: ${summary.toolCalls} tool calls but ${summary.allowed} allowed + ${summary.blocked} blocked + ${summary.errors} errors`,
          );
        }
      } finally {
        // Session approvals and counters belong to one session.
        sessionRules.clear();
        audit.reset();
      }
    });
  };
}

/** Marks a tool_call event a copy of this extension already decided (shared by every copy in the process). */
const DECIDED: unique symbol = Symbol.for("permc.pi.tool_call.decision") as never;

/**
 * The kernel layer's command, when it is on. Without permc's bin beside the
 * runtime it cannot be on: the commands are still wrapped, in a command that
 * fails, so none runs without the layer the person asked for.
 */
function sandboxOption(on: boolean, tell: (ctx: undefined, message: string) => void): { permc: readonly string[] } | undefined {
  if (!on) return undefined;
  const permc = permcBinArgv();
  if (permc !== null) return { permc };
  tell(undefined, `${TAG} the kernel layer is on but permc's bin (dist/bin/permc.js) was not found; every shell command will fail`);
  return { permc: ["false", "permc-bin-not-found"] };
}

/** Default export: the extension with default locations (docs/pi.md). */
const permcExtension: PiExtension = createPermcExtension();
export default permcExtension;
