/**
 * Runs the pi-permission-system 40.1.4 vectors (test/fixtures/vectors/ref40,
 * provenance in the README there) through permc's public interfaces:
 * compile → loadPolicy → check / createGate().decide / toolExposure.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { readInputs } from "../../cli/inputs.js";
import type { Diagnostic } from "../../compiler/diagnostics/index.js";
import type { SourceInput } from "../../compiler/frontend/source.js";
import { SCOPES, type Scope } from "../../compiler/ir.js";
import { createGate, evaluatePathFamily, loadPolicy, toolExposure, type GateDecision, type Policy } from "../../runtime/index.js";
import { evaluateAnyValue, pathAliases } from "../../runtime/gate/index.js";
import { SessionRules } from "../../runtime/session-rules.js";
import { compileAndLoad, workDir } from "../support/compile-and-load.js";
import { readVectors } from "../support/fixtures.js";

export type Action = "allow" | "ask" | "deny";
export const RANK: Readonly<Record<Action, number>> = { allow: 0, ask: 1, deny: 2 };

type ScopeFile = { permission: unknown } | { configText: string } | { frontmatter: string } | { unreadable: true };

export interface Row {
  readonly id: string;
  readonly config?: { permission: unknown } | { scopes: Partial<Record<Scope, ScopeFile>> };
  readonly call: {
    readonly tool?: string;
    readonly input?: Record<string, unknown>;
    readonly surface?: string;
    readonly path?: string;
    readonly values?: readonly string[];
    readonly exposure?: string;
  };
  readonly gate?: "check" | "pipeline" | "external-directory" | "bash-command" | "bash-path" | "bash-external-directory";
  readonly expected?: string;
  readonly expectedDetail?: Record<string, unknown>;
  readonly home?: string;
  readonly cwd?: string;
  readonly platform?: "posix" | "win32";
  readonly yolo?: boolean;
  readonly agentName?: string;
  readonly mcpServers?: readonly string[];
  readonly agentDir?: string;
  readonly projectTrusted?: boolean;
  readonly sessionRules?: ReadonlyArray<{ surface: string; pattern: string; action?: Action }>;
}

export function rows<T = Row>(file: string): T[] {
  return readVectors<T>(`ref40/${file}`);
}

const HOME = "/home/tester";
const CWD = "/home/tester/proj";
export const homeOf = (r: Row) => r.home ?? HOME;
export const cwdOf = (r: Row) => r.cwd ?? CWD;

/**
 * The sources a row's config stands for, lowest precedence first. Agent scopes
 * apply only when the row names an agent; project scopes only in a trusted
 * project (what the Pi extension compiles into the module it loads).
 * `refused` holds the diagnostics of an input permc could not even read.
 */
export function sourcesOf(r: Row): { inputs: SourceInput[]; refused: Diagnostic[] } {
  const config = r.config;
  if (config === undefined) return { inputs: [], refused: [] };
  if ("permission" in config) return { inputs: [json("global", JSON.stringify({ permission: config.permission }))], refused: [] };
  if (!("scopes" in config)) return { inputs: [json("global", JSON.stringify(config))], refused: [] };
  const inputs: SourceInput[] = [];
  const refused: Diagnostic[] = [];
  for (const scope of SCOPES) {
    const file = config.scopes[scope];
    if (file === undefined) continue;
    if ((scope === "agent" || scope === "project-agent") && r.agentName === undefined) continue;
    if ((scope === "project" || scope === "project-agent") && r.projectTrusted === false) continue;
    if ("permission" in file) inputs.push(json(scope, JSON.stringify({ permission: file.permission })));
    else if ("configText" in file) inputs.push(json(scope, file.configText));
    else if ("frontmatter" in file) inputs.push({ file: `${scope}.md`, text: file.frontmatter, scope, kind: "agent-md" });
    else {
      // The file exists but cannot be read (a directory named like it): the CLI's reader reports it.
      const where = path.join(workDir(), `${r.id}-${scope}.md`);
      mkdirSync(where, { recursive: true });
      refused.push(...readInputs([{ file: where, scope }]).diagnostics);
    }
  }
  return { inputs, refused };
}

function json(scope: Scope, text: string): SourceInput {
  return { file: `${scope}.json`, text, scope, kind: "pi-json" };
}

export interface Loaded {
  /** The module the runtime runs: the compiled one, or (when permc refused to compile) none, so every call is denied. */
  readonly policy: Policy;
  readonly compiled: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

export async function load(r: Row): Promise<Loaded> {
  const { inputs, refused } = sourcesOf(r);
  if (refused.length > 0) return { policy: await noModule(), compiled: false, diagnostics: refused };
  const { policy, diagnostics } = await compileAndLoad(inputs, { home: homeOf(r), platform: r.platform ?? "posix" });
  if (policy === null) return { policy: await noModule(), compiled: false, diagnostics };
  return { policy, compiled: true, diagnostics };
}

/** What the runtime does when no module was written: `loadPolicy` fails closed. */
async function noModule(): Promise<Policy> {
  return loadPolicy(path.join(workDir(), "no-module-written.mjs"));
}

export function sessionOf(r: Row): SessionRules | undefined {
  if (!r.sessionRules?.length) return undefined;
  const rules = new SessionRules();
  // permc's session store holds approvals only; an `ask` session rule can lift nothing.
  for (const s of r.sessionRules) if ((s.action ?? "allow") === "allow") rules.add(s.surface, s.pattern);
  return rules;
}

export function gateOf(r: Row, policy: Policy) {
  const session = sessionOf(r);
  return createGate(policy, {
    cwd: cwdOf(r),
    home: homeOf(r),
    yolo: r.yolo ?? false,
    mcpServers: r.mcpServers ?? [],
    ...(r.agentDir !== undefined ? { agentDir: r.agentDir } : {}),
    ...(session ? { sessionRules: session } : {}),
    // The vectors' paths do not exist: each names itself.
    realpath: (p) => p,
  });
}

/** What permc reported for a row, in the vectors' terms. */
export interface Outcome {
  readonly action: string;
  readonly matchedPattern?: string | null;
  readonly reason?: string | null;
  readonly origin?: string;
  readonly surface?: string;
  readonly value?: string;
  readonly gate?: string;
}

const DIRECTIONAL = /^(path|external_directory)_(read|write)$/;

/** One raw evaluation of a surface over some values (a directional member through `evaluatePathFamily`). */
function evaluate(r: Row, policy: Policy, surface: string, values: readonly string[]): Outcome {
  const m = DIRECTIONAL.exec(surface);
  if (m) {
    const d = evaluatePathFamily(policy, m[1] as "path" | "external_directory", m[2] as "read" | "write", values, r.yolo ?? false, sessionOf(r));
    return { ...fields(d.decision), surface: d.surface, value: d.value };
  }
  const d = evaluateAnyValue(policy, surface, values, r.yolo ?? false);
  return { ...fields(d.decision), value: d.value };
}

function fields(d: { action: string; matchedPattern: string | null; reason?: string; origin: string; surface?: string }): Outcome {
  return {
    action: d.action,
    matchedPattern: d.matchedPattern,
    reason: d.reason ?? null,
    origin: d.origin,
    ...(d.surface !== undefined ? { surface: d.surface } : {}),
  };
}

/** Runs a `check`, `pipeline` or `external-directory` row. */
export async function run(r: Row, policy: Policy): Promise<Outcome> {
  const call = r.call;
  if (call.surface !== undefined) {
    const values = call.values ?? pathAliases(call.path ?? "*", { cwd: cwdOf(r), home: homeOf(r), platform: r.platform ?? "posix", realpath: (p) => p }).values;
    return evaluate(r, policy, call.surface, values);
  }
  if (r.gate === "check" && TOOL_LEVEL.has(call.tool ?? "") && Object.keys(call.input ?? {}).length === 0) return toolLevel(r, policy, call.tool!);
  const d = await gateOf(r, policy).decide({ tool: call.tool, input: call.input ?? {} });
  if (r.gate === "external-directory") return externalGate(d);
  if (r.gate === "bash-path") return ownGate(d, "bash_path");
  if (r.gate === "bash-external-directory") return ownGate(d, "bash_external_directory");
  if (r.gate === "bash-command") return ownGate(d, "tool");
  return { ...fields(d), ...(d.value !== undefined ? { value: d.value } : {}), gate: d.gate };
}

/** One gate's own answer in a tool call's decision; a gate that did not ask or deny allowed. */
function ownGate(d: GateDecision, gate: GateDecision["gate"]): Outcome {
  const own = [d, ...(d.gates ?? [])].find((g) => g.gate === gate);
  return own ? { ...fields(own), ...(own.value !== undefined ? { value: own.value } : {}), gate: own.gate } : { action: "allow", gate };
}

/**
 * With gate `check`, `input: {}` asks for the tool-level permission
 * (`getToolPermission`: the tool's surface on `*`). permc's gate denies a
 * read, write or edit call without a path (there is no file to decide), so
 * for those the row asks the policy directly, session approvals included.
 */
const TOOL_LEVEL = new Set(["read", "write", "edit"]);
function toolLevel(r: Row, policy: Policy, tool: string): Outcome {
  const d = policy.check(tool, "*", r.yolo ?? false);
  const approved = d.action === "ask" ? (sessionOf(r)?.match(tool, "*") ?? null) : null;
  return approved === null ? { ...fields(d), value: "*" } : { action: "allow", matchedPattern: approved, reason: null, origin: "session", value: "*" };
}

/** The external_directory gate's own answer; a gate that did not ask or deny (or was bypassed) allowed. */
function externalGate(d: GateDecision): Outcome {
  const own = [d, ...(d.gates ?? [])].find((g) => g.gate === "external_directory");
  return own ? { ...fields(own), gate: own.gate } : { action: "allow", gate: "external_directory" };
}

export function exposureOf(r: Row, policy: Policy): string {
  return toolExposure(policy, r.call.exposure!, { mcpServers: r.mcpServers ?? [], home: homeOf(r) });
}

/**
 * The fields of `expectedDetail` permc reports too, and whether they agree:
 * `matchedPattern`, `reason`, `origin`, `surface`, `target` (the reported
 * value of an MCP call), `source: session` (origin `session`) and
 * `source: default` (no pattern). Other details (`source` categories,
 * `matchedSpelling`, `command`) are the reference's own bookkeeping.
 */
export function detailMismatches(r: Row, got: Outcome): string[] {
  const want = r.expectedDetail ?? {};
  const out: string[] = [];
  const same = (name: string, a: unknown, b: unknown) => {
    if (a !== b) out.push(`${name}: want ${JSON.stringify(a)}, got ${JSON.stringify(b)}`);
  };
  if ("matchedPattern" in want) same("matchedPattern", want.matchedPattern, got.matchedPattern ?? null);
  if ("reason" in want) same("reason", want.reason, got.reason ?? null);
  if (typeof want.origin === "string") same("origin", want.origin, got.origin);
  if (typeof want.surface === "string" && r.gate !== "bash-path" && r.gate !== "bash-external-directory") same("surface", want.surface, got.surface);
  if (typeof want.target === "string") same("target", want.target, got.value);
  if (want.source === "session") same("origin", "session", got.origin);
  if (want.source === "default") same("matchedPattern", null, got.matchedPattern ?? null);
  return out;
}
