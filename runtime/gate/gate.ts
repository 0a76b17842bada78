import { lstatSync } from "node:fs";
import { isInside } from "../paths/inside.js";
import { ACTION_RANK as RANK, type Action } from "../action.js";
import path from "node:path";
import type { BashDecision, BashSplit } from "../bash/index.js";
import { builtinFileTool, readsOnly } from "../builtin-tools.js";
import { trimBashBlanks } from "../bash/blanks.js";
import { initialSplit } from "../bash/split/types.js";
import { publicFields, type Decision } from "../decision.js";
import { expandHome } from "../expand-home.js";
import type { Policy } from "../policy.js";
import { toolPathRoute, win32PathValue, type PathFamily, type PathRoute } from "../path-surfaces.js";
import type { SessionRuleMatcher } from "../session-rules.js";
import { cwdDefaultedInput, inputField, missingInput, shellToolOf } from "./call-shape.js";
import { isInfrastructureRead, isTargetedDeny } from "./infrastructure-read.js";
import { isPiMcpTool, mcpTargets, piMcpTargets } from "./mcp-targets.js";
import { evaluateAnyValue, evaluateFirst, type TargetedDecision } from "./multi-value.js";
import { otherPathArguments } from "./path-arguments.js";
import { memoisedCanonicalPath, pathAliases, type PathContext, type PathSpelling } from "./path-aliases.js";
import { evaluatePathFamily, type FamilyDecision } from "./path-family.js";
import { decidePathPattern } from "./path-patterns.js";
import { walkedBy } from "./walked-directory.js";
import { isDirectory } from "../bash/paths/tree.js";
import { toolNameOf } from "./tool-name.js";

export { evaluatePathFamily, type FamilyDecision } from "./path-family.js";

export type GateName = "registration" | "input" | "skill_read" | "path" | "external_directory" | "bash_external_directory" | "bash_path" | "tool" | "error";

export interface GateUnit {
  readonly text: string;
  readonly action: string;
  readonly matchedPattern: string | null;
  readonly context?: string;
  readonly floor?: string;
  /** Why permc floored the unit (what it cannot read). */
  readonly floorReason?: string;
  readonly derived?: true;
}

export interface GateDecision {
  readonly action: Action;
  readonly matchedPattern: string | null;
  readonly reason?: string;
  readonly origin: string;
  /** The surface whose rule decided. */
  readonly surface?: string;
  /** Which gate decided. */
  readonly gate: GateName;
  /** The value that gate checked (path alias, MCP target, bash unit). */
  readonly value?: string;
  readonly units?: readonly GateUnit[];
  readonly error?: string;
  /**
   * Every gate that asked or denied, in gate order (the decision above is the
   * first deny, else the first ask). A host that prompts asks one gate at a
   * time, and only when no gate denied (reference 32.0.1).
   */
  readonly gates?: readonly GateOutcome[];
}

/** One gate's own answer, as listed in `GateDecision.gates`. */
export type GateOutcome = Omit<GateDecision, "units" | "gates">;

export interface GateOptions {
  readonly cwd: string;
  readonly home?: string;
  readonly agentName?: string;
  readonly yolo?: boolean;
  /** When given, a tool outside this list is blocked before any check, as Pi does for unregistered tools. */
  readonly registeredTools?: readonly string[];
  readonly mcpServers?: readonly string[];
  /**
   * Pi's agent directory, for the infrastructure read bypass (reference
   * 39.0.0: its `agents/`, `extensions/`, `git/`, `npm/`, `prompts/`,
   * `skills/`, `themes/` and a few files). Default: `<home>/.pi/agent`.
   */
  readonly agentDir?: string;
  /** Further read-only infrastructure roots Pi reads from: the global `node_modules` root, Pi's install directory. Default: none. */
  readonly infrastructureDirs?: readonly string[];
  /** Canonicalises an absolute path (split/types.ts SplitOptions.realpath); default: one memo per tool call. */
  readonly realpath?: (absolute: string, likelyExists?: boolean) => string;
  /**
   * Session approvals, consulted after the compiled decision: a match turns
   * an `ask` into `allow` (origin `session`); a deny and a bash floor stay.
   */
  readonly sessionRules?: SessionRuleMatcher;
  /**
   * Skills known at agent start. A `read` of a file under a skill's `dir`
   * (the longest matching dir wins) is also decided by that skill's `skill`
   * state, resolved once here: the reference's first gate, skill-read, ANDed
   * with every other gate.
   */
  readonly skills?: ReadonlyArray<{ readonly name: string; readonly dir: string }>;
}

export interface ToolCall {
  readonly tool?: unknown;
  readonly input?: unknown;
}

export interface Gate {
  /** Never rejects: an internal error becomes `deny` with the error recorded. */
  decide(call: ToolCall): Promise<GateDecision>;
}

const LITERAL_SPELLING: PathSpelling = { kind: "literal" };
const MAX_PATH_LENGTH = 32_767;
/** The fields the MCP proxy tool names its target with (mcp-targets.ts). */
const MCP_NAME_FIELDS = ["tool", "connect", "describe", "search", "server"] as const;

/**
 * The bash analysis (most of the runtime's modules, and a wasm grammar) loads
 * on the first shell call: a one-call process deciding a file tool (a Claude
 * Code hook) does not pay for it.
 */
type BashAnalysis = typeof import("../bash/index.js");
let bashModule: Promise<BashAnalysis> | null = null;
// One import per process: a dynamic import() of a loaded module still costs a trip through the loader per call.
const bashAnalysis = (): Promise<BashAnalysis> => {
  if (bashModule === null) {
    const attempt = import("../bash/index.js");
    bashModule = attempt;
    // A failed import is not kept: the next call tries again (and fails closed meanwhile).
    attempt.catch(() => {
      if (bashModule === attempt) bashModule = null;
    });
  }
  return bashModule;
};

/**
 * Start loading the bash analysis and its grammar now (a long-lived host, at
 * session start), so the first command that needs tree-sitter does not wait
 * for the wasm. It decides nothing: a failure is dropped here and forgotten
 * by the parser's loader, and the call that needs the parser loads it again
 * and fails closed if it still cannot.
 */
export function warmBashAnalysis(): Promise<void> {
  return bashAnalysis()
    .then((bash) => bash.getBashParser())
    .then(
      () => undefined,
      () => undefined,
    );
}

const fail = (gate: GateName, error: string): GateDecision => ({ action: "deny", matchedPattern: null, origin: "permc", gate, error });

/** How each target finds program names (SplitOptions.commandNameFold): as its file systems do. */
const COMMAND_NAME_FOLD = { posix: undefined, darwin: "case", win32: "windows" } as const;

export function createGate(policy: Policy, options: GateOptions): Gate {
  const yolo = options.yolo ?? false;
  const home = options.home ?? policy.info?.home ?? "";
  const unknownHome = homeProblem(policy, options.home);
  const platform = policy.info?.platform ?? "posix";
  const skillDirs = resolveSkills(policy, options.skills ?? [], options.cwd, home, platform);
  const pathContext = (cwd: string, realpath = options.realpath): PathContext => ({ cwd, home, platform, ...(realpath ? { realpath } : {}) });
  // A bare word becomes a path only to meet a path or external_directory rule (`cat link` with link → /etc/x
  // is outside the cwd): without a rule that can ask or deny, skip the disk probe.
  const pathRulesMayBite = policy.rules.some((r) => r.layer === "config" && r.action !== "allow" && /^(?:path|external_directory|\*|.*[*?].*)/.test(r.surface));

  async function decide(call: ToolCall): Promise<GateDecision> {
    if (policy.error) return fail("error", policy.error);
    if (unknownHome) return fail("error", unknownHome);
    if (typeof call !== "object" || call === null) return fail("input", "a tool call must be an object");
    const tool = typeof call.tool === "string" ? toolNameOf(call.tool) : "";
    if (tool === "") return fail("registration", "the tool call has no tool name");
    if (options.registeredTools && !options.registeredTools.includes(tool)) {
      return fail("registration", `tool '${tool}' is not registered in this runtime`);
    }
    // Input shape and own-property lookups: call-shape.ts.
    const input = call.input;
    if (input === undefined) return fail("input", `tool '${tool}' was called without an input`);
    if (typeof input !== "object" || input === null || Array.isArray(input)) return fail("input", "tool input must be an object");
    const args = input as Record<string, unknown>;
    const shell = shellToolOf(policy, tool);
    const missing = missingInput(tool, args, shell);
    if (missing) return fail("input", missing);
    const outcomes: GateDecision[] = [];

    if (shell) {
      const command = inputField(args, shell.commandArgument);
      if (typeof command !== "string") return fail("input", `'${shell.commandArgument}' must be a string`);
      const workdir = shell.workdirArgument ? inputField(args, shell.workdirArgument) : undefined;
      if (workdir !== undefined && typeof workdir !== "string") return fail("input", "the working directory argument must be a string");
      const cwd = typeof workdir === "string" && workdir.trim() !== "" ? path.resolve(options.cwd, workdir.trim()) : options.cwd;
      outcomes.push(...(await bashGates(trimBashBlanks(command), cwd, workdir !== undefined && cwd !== options.cwd)));
    } else {
      // grep/find/ls without a path search the cwd: decide that too (before the reference's own checks, which stay last).
      const defaulted = cwdDefaultedInput(tool, args);
      if (defaulted) {
        const cwdOutcome = pathGates(tool, defaulted);
        if ("error" in cwdOutcome) return cwdOutcome.error;
        outcomes.push(...cwdOutcome.decisions, toolGate(tool, defaulted, cwdOutcome.aliasSets));
      }
      const pathOutcome = pathGates(tool, args);
      if ("error" in pathOutcome) return pathOutcome.error;
      outcomes.push(...pathOutcome.decisions);
      // MCP and extension tools: paths under other argument names meet the same gates (path-arguments.ts).
      if (!builtinFileTool(tool)) {
        const others = otherPathArguments(tool === "mcp" ? args.arguments : args, platform, { exists: (name) => entryExists(path.resolve(options.cwd, name)) });
        if ("problem" in others) return fail("input", others.problem);
        for (const value of others) {
          const other = pathGates(tool, tool === "mcp" ? { arguments: { path: value } } : { path: value });
          if ("error" in other) return other.error;
          outcomes.push(...other.decisions);
        }
      }
      outcomes.push(toolGate(tool, args, pathOutcome.aliasSets));
    }
    return combine(outcomes);
  }

  /**
   * A tool's own `path` (an MCP proxy call's `arguments.path`): the path gate
   * and, outside cwd, the external_directory gate, each on the directional
   * member the tool consults (reference 27.1.0: read/grep/find/ls read,
   * write writes, everything else both). Built-in file tools are gated on the
   * file Pi opens (reference 38.0.2) and, stricter than the reference
   * (D-tool-20-spelling), on the 20.7.2 spelling too (quotes and surrounding
   * spaces stripped, `$HOME` expanded): the most restrictive answer wins, so
   * a host that resolves the path the other way cannot open a denied file.
   * Extension and MCP tools: the literal spelling. `aliasSets`: each spelling's aliases, for the tool gate.
   */
  function pathGates(
    tool: string,
    args: Record<string, unknown>,
  ): { decisions: GateDecision[]; aliasSets: ReadonlyArray<readonly string[]> | null } | { error: GateDecision } {
    const raw = tool === "mcp" ? (isRecord(args.arguments) ? args.arguments.path : undefined) : args.path;
    if (raw === undefined || raw === null) return { decisions: [], aliasSets: null };
    if (typeof raw !== "string") return { error: fail("input", "'path' must be a string") };
    // No file system accepts a longer path (Windows' extended limit), and canonicalising a huge one is slow.
    if (raw.length > MAX_PATH_LENGTH) return { error: fail("input", `'path' is longer than ${MAX_PATH_LENGTH} characters`) };
    // No file system opens a name with a NUL in it; a host that cut the string there would open `.env` for `.env\0x`.
    if (raw.includes("\u0000")) return { error: fail("input", "'path' holds a NUL character, which no file name can") };
    if (raw.trim() === "") return { decisions: [], aliasSets: null };
    // Pi's built-in file tools (builtin-tools.ts): gated on the file Pi opens, and checked on their own surface over the path's aliases.
    const builtin = builtinFileTool(tool);
    const opened = pathAliases(raw, pathContext(options.cwd), builtin ? { kind: "pi", readFallbacks: builtin.readFallbacks === true } : LITERAL_SPELLING);
    const spellings = [opened];
    if (builtin) {
      const literal = pathAliases(raw, pathContext(options.cwd), LITERAL_SPELLING);
      if (literal.values.join("\u0000") !== opened.values.join("\u0000")) spellings.push(literal);
    }
    const route = toolPathRoute(tool);
    const decisions: GateDecision[] = [];
    if (tool === "read") {
      const skill = skillRead(skillDirs, [opened.lexical, opened.canonical], platform);
      if (skill) decisions.push(skill);
    }
    const walked = builtin ? walkedEntries(tool, opened.canonical, raw) : wholeDirectoryDenied(route, opened.canonical, raw);
    if (walked !== null) decisions.push(walked);
    for (const aliases of spellings) {
      const pathCheck = family("path", route, aliases.values);
      if (pathCheck.decision.action !== "allow" && pathCheck.decision.matchedPattern !== null) decisions.push(fromFamily(pathCheck, "path"));
      if (aliases.outsideCwd) {
        const external = family("external_directory", route, aliases.values);
        if (!(readsOnly(tool) && !isTargetedDeny(external.decision) && infrastructureRead(aliases.canonical))) {
          decisions.push(fromFamily(external, "external_directory"));
        }
      }
    }
    return { decisions, aliasSets: builtin ? spellings.map((a) => a.values) : null };
  }

  /**
   * What a grep, find or ls tool reaches under its directory: each entry meets
   * the read path rules, and a deny there asks (as for a directory a bash
   * command walks: the person decides whether the walk may include it).
   */
  function walkedEntries(tool: string, canonical: string, token: string): GateDecision | null {
    const walked = walkedBy(tool, canonical);
    if (walked.kind === "none") return null;
    if (walked.kind === "too-many") {
      const under = [{ kind: "text", text: walked.dir === "/" ? "/" : walked.dir + "/" }, { kind: "any" }] as const;
      const found = patternFamily("path", "read", [under], "unknown", true, "path", token)[0];
      return found === undefined ? null : { ...found, action: found.action === "deny" ? "ask" : found.action };
    }
    // One realpath memo for the walk: the entries share their directories' prefixes.
    const context = pathContext(options.cwd, options.realpath ?? memoisedCanonicalPath());
    const checks = walked.entries
      .map((entry) => underTree(true, family("path", "read", pathAliases(entry, context).values)))
      .filter((c) => c.decision.action !== "allow" && c.decision.matchedPattern !== null);
    const worst = mostRestrictive(checks.map((c) => fromFamily(c, "path")));
    return worst ?? null;
  }

  /**
   * An extension or MCP tool handed a directory (`repo_path: ~/.ssh`) may read
   * anything under it; what it does there is unknown. When every path under
   * the directory meets the same deny or ask rule, the directory is decided
   * by that rule; a directory that merely holds some denied file among
   * allowed ones (a project with a `.env`) stays as the reference decides it.
   */
  function wholeDirectoryDenied(route: PathRoute, canonical: string, token: string): GateDecision | null {
    if (!isDirectory(canonical)) return null;
    const under = [{ kind: "text", text: canonical === "/" ? "/" : `${canonical.replace(/\/+$/, "")}/` }, { kind: "any" }] as const;
    let worst: GateDecision | null = null;
    for (const direction of route === "both" ? (["read", "write"] as const) : [route]) {
      const surface = `path_${direction}`;
      const v = decidePathPattern(policy, surface, [under], "unknown", yolo, true);
      if (v === null || v.uncertain) continue;
      const d = { ...decisionOf(v.decision, "path", token), surface };
      if (worst === null || RANK[d.action] > RANK[worst.action]) worst = d;
    }
    return worst;
  }

  function family(name: PathFamily, route: PathRoute, values: readonly string[]): FamilyDecision {
    return evaluatePathFamily(policy, name, route, values, yolo, options.sessionRules);
  }

  function infrastructureRead(canonical: string): boolean {
    return isInfrastructureRead(canonical, {
      cwd: options.cwd,
      home,
      platform,
      agentDir: options.agentDir ?? (home === "" ? null : path.join(home, ".pi", "agent")),
      extraDirs: options.infrastructureDirs ?? [],
      configuredPaths: policy.knobs.piInfrastructureReadPaths,
    });
  }

  /**
   * The tool's own surface. File tools: over the path's aliases. MCP (the
   * proxy tool and Pi's `mcp__<server>__<tool>` tools, both on `mcp`): the
   * last rule matching any target wins, reported under the first target it
   * matches (reference 33.0.0, 38.0.0). `skill`: the skill name. Any other
   * tool: its surface on `*`.
   */
  function toolGate(tool: string, args: Record<string, unknown>, aliasSets: ReadonlyArray<readonly string[]> | null): GateDecision {
    if (aliasSets) {
      // Each spelling of the path on its own (the most restrictive wins, the file Pi opens on a tie);
      // win32 folds separators on the value too (reference 23.0.1): `src/a.ts` meets `src/*` (compiled as `src\*`).
      const checks = aliasSets.map((aliases) => {
        const matched = platform === "win32" ? aliases.map(win32PathValue) : aliases;
        return fromCheck(bySession(evaluateAnyValue(policy, tool, matched, yolo), tool, [...new Set([...aliases, ...matched])]), "tool");
      });
      return mostRestrictive(checks)!;
    }
    if (tool === "mcp" || isPiMcpTool(tool)) {
      const badField = tool === "mcp" ? MCP_NAME_FIELDS.find((f) => inputField(args, f) !== undefined && typeof inputField(args, f) !== "string") : undefined;
      // A name field of another shape (`{"tool":["fs_read_file"]}`) is not an absent one: an adapter may still turn it into a name.
      if (badField !== undefined) return fail("input", `the mcp call's '${badField}' must be a string`);
      const targets = tool === "mcp" ? mcpTargets(args, options.mcpServers) : piMcpTargets(tool, options.mcpServers);
      return fromCheck(bySession(evaluateAnyValue(policy, "mcp", targets, yolo), "mcp", targets), "tool");
    }
    if (tool === "skill") {
      const name = inputField(args, "name");
      if (name === undefined) return fromCheck(bySession(evaluateFirst(policy, tool, ["*"], yolo), tool, ["*"]), "tool");
      if (typeof name !== "string") return fail("input", "the skill call's 'name' must be a string");
      // The name as given and trimmed (a host may trim it before it looks the skill up): the stricter decides.
      const names = [...new Set([name, name.trim()])];
      return mostRestrictive(names.map((n) => fromCheck(bySession(evaluateFirst(policy, tool, [n], yolo), tool, [n]), "tool")))!;
    }
    const first = evaluateFirst(policy, tool, ["*"], yolo);
    return fromCheck(bySession(first, tool, [first.value]), "tool");
  }

  /**
   * How strictly a read of a path by these spellings may be decided
   * (SplitOptions.readStrictness): by a path rule of the config (path_read;
   * the default rule does not count, as the path gate skips it) and, outside
   * the working directory, by external_directory_read. Allocation-free
   * checks, so a file list of thousands costs microseconds per file. Session
   * rules and yolo only lift, so an allow here stays one.
   */
  function readStrictness(values: readonly string[], external: boolean): number {
    let path = 0;
    let outside = 0;
    for (const value of values) {
      const v = platform === "win32" ? win32PathValue(value) : value;
      const d = policy.check("path_read", v, yolo);
      if (d.matchedPattern !== null) path = Math.max(path, RANK[d.action]);
      if (external) outside = Math.max(outside, RANK[policy.check("external_directory_read", v, yolo).action]);
    }
    return path * 3 + outside;
  }

  async function bashGates(command: string, cwd: string, workdirGiven: boolean): Promise<GateDecision[]> {
    const { decideBash, getBashParser, loadedBashParser, splitBash } = await bashAnalysis();
    // One realpath memo for this call: the split and every external path share the cwd's prefixes.
    const realpath = options.realpath ?? memoisedCanonicalPath();
    let split: BashSplit;
    if (command === "") {
      split = initialSplit("");
    } else {
      // A plain command needs no tree-sitter: the wasm grammar loads only when some text must be parsed.
      // On darwin and win32 program names are found case-insensitively (`RM x` runs rm), on win32 also without `.exe`.
      const splitOptions = { cwd, home, realpath, probeBareNames: pathRulesMayBite, commandNameFold: COMMAND_NAME_FOLD[platform], readStrictness };
      split = splitBash(loadedBashParser(), command, splitOptions);
      if (split.needsParser) split = splitBash(await getBashParser(), command, splitOptions);
    }
    const decisions: GateDecision[] = [];
    // Each token consults the directional member its command proves (read, write), else both (reference 27.1.0).
    const externals = split.externalPaths.map((p, i) => ({ path: p, role: split.externalRoles[i] ?? "both" }));
    if (workdirGiven && pathAliases(cwd, pathContext(options.cwd, realpath)).outsideCwd) externals.unshift({ path: cwd, role: "both" });
    const uncovered = externals
      .map((e) => family("external_directory", e.role, pathAliases(e.path, pathContext(cwd, realpath)).values))
      .filter((c) => c.decision.action !== "allow");
    const patternExternals = split.pathPatterns
      .filter((p) => p.externalForms.length > 0)
      .flatMap((p) => patternFamily("external_directory", p.role, p.externalForms, p.kind, false, "bash_external_directory", p.token));
    const worstExternal = mostRestrictive([...uncovered.map((c) => fromFamily(c, "bash_external_directory")), ...patternExternals]);
    if (worstExternal) decisions.push(worstExternal);

    const tokenChecks = [
      ...split.ruleCandidates.map((c) => underTree(c.underTree === true && c.opened !== true, family("path", c.role, c.values))),
      ...split.bareTokens.map((c) => family("path", "both", c.values)).filter((c) => c.decision.matchedPattern !== "*"),
    ].filter((c) => c.decision.matchedPattern !== null && c.decision.action !== "allow");
    const patternChecks = split.pathPatterns.flatMap((p) => patternFamily("path", p.role, p.forms, p.kind, true, "bash_path", p.token));
    const worstToken = mostRestrictive([...tokenChecks.map((c) => fromFamily(c, "bash_path")), ...patternChecks]);
    if (worstToken) decisions.push(worstToken);

    // Session rules lift a unit's ask before decideBash applies wrapper and parse floors, so floors stay.
    const bash = decideBash(command, split, (text) => bySession({ decision: policy.check("bash", text, yolo), value: text }, "bash", [text]).decision, {
      explore: (segments) => policy.explore("bash", segments, yolo),
      yolo: yolo || policy.knobs.yoloMode,
    });
    decisions.push(fromBash(bash));
    return decisions;
  }

  /**
   * A bash word that is not one known path (a glob, an unknown value), on the
   * members its command proves (both when unproven): the most restrictive
   * member decides, the read member on a tie.
   */
  function patternFamily(
    name: PathFamily,
    role: "read" | "write" | "both",
    forms: Parameters<typeof decidePathPattern>[2],
    kind: "glob" | "unknown" | "whole",
    configOnly: boolean,
    gateName: GateName,
    token: string,
  ): GateDecision[] {
    let worst: GateDecision | null = null;
    for (const direction of role === "both" ? (["read", "write"] as const) : [role]) {
      const surface = `${name}_${direction}`;
      const v = decidePathPattern(policy, surface, forms, kind, yolo, configOnly);
      if (v === null) continue;
      const d = { ...decisionOf(v.decision, gateName, token), surface };
      if (worst === null || RANK[d.action] > RANK[worst.action]) worst = d;
    }
    return worst === null ? [] : [worst];
  }

  /** An `ask` whose surface has a matching session rule (over any of the values) becomes allow. */
  function bySession(c: TargetedDecision, surface: string, values: readonly string[]): TargetedDecision {
    const rules = options.sessionRules;
    if (!rules || c.decision.action !== "ask") return c;
    for (const value of values.length > 0 ? values : [c.value]) {
      const pattern = rules.match(surface, value);
      if (pattern !== null) {
        const lifted: Decision = { action: "allow", matchedPattern: pattern, origin: "session", surface, rule: c.decision.rule };
        return { decision: lifted, value };
      }
    }
    return c;
  }

  function fromCheck(c: TargetedDecision, gate: GateName): GateDecision {
    return decisionOf(c.decision, gate, c.value);
  }

  /** A path-family result names the directional member that decided, whatever rule (or the default) decided it. */
  function fromFamily(c: FamilyDecision, gate: GateName): GateDecision {
    return { ...decisionOf(c.decision, gate, c.value), surface: c.surface };
  }

  return {
    decide: (call) =>
      decide(call).catch((e: unknown) =>
        fail("error", `permission gate failed and blocked the call (fail-closed): ${e instanceof Error ? e.message : String(e)}`),
      ),
  };
}

/** A gate must know the home the module's `~` rules were expanded for; it never guesses one. */
function homeProblem(policy: Policy, requested: string | undefined): string | null {
  if (policy.error || policy.info === null) return null; // a denying policy explains itself
  const moduleHome = policy.info.home;
  if (requested !== undefined && requested !== moduleHome && moduleHome !== "") {
    return `the policy was compiled for home ${moduleHome}, but the gate was given home ${requested}; recompile with --home`;
  }
  const home = requested ?? moduleHome;
  if (typeof home !== "string" || home.trim() === "")
    return "no home directory is known (neither the module nor the caller gives one), so `~` rules cannot be decided";
  return null;
}

function decisionOf(d: Decision, gate: GateName, value: string): GateDecision {
  return { ...publicFields(d), gate, value };
}

function fromBash(b: BashDecision): GateDecision {
  return {
    action: b.action,
    matchedPattern: b.matchedPattern,
    ...(b.reason !== undefined ? { reason: b.reason } : {}),
    origin: b.origin,
    surface: "bash",
    gate: "tool",
    value: b.command,
    units: b.units.map((u) => ({
      text: u.text,
      action: u.action,
      matchedPattern: u.matchedPattern,
      ...(u.context !== undefined ? { context: u.context } : {}),
      ...(u.floor !== undefined ? { floor: u.floor } : {}),
      ...(u.floorReason !== undefined ? { floorReason: u.floorReason } : {}),
      ...(u.derived ? { derived: true as const } : {}),
    })),
  };
}

/** The first decision at the highest severity (reference `pickMostRestrictive`). */
function mostRestrictive(ds: readonly GateDecision[]): GateDecision | null {
  let best: GateDecision | null = null;
  for (const d of ds) if (best === null || RANK[d.action] > RANK[best.action]) best = d;
  return best;
}

/**
 * Gates AND together, deny first (reference 32.0.1):
 * the first deny blocks without any earlier gate's ask being prompted;
 * otherwise the first ask prompts; otherwise the call is allowed (reported by
 * the tool gate, which always runs).
 */
function combine(outcomes: readonly GateDecision[]): GateDecision {
  const worst = mostRestrictive(outcomes);
  if (worst === null) return fail("error", "no gate decided");
  const toolGate = outcomes[outcomes.length - 1]!;
  const decided = worst.action === "allow" ? toolGate : worst;
  // A bash call reports its units whichever gate decided.
  const withUnits = toolGate.units && !decided.units ? { ...decided, units: toolGate.units } : decided;
  const gates = outcomes.filter((o) => o.action !== "allow").map(({ units: _units, gates: _gates, ...own }) => own);
  return gates.length > 0 ? { ...withUnits, gates } : withUnits;
}

/**
 * A file a recursive command reaches by walking a directory it was given is
 * touched, not named: a deny on it becomes `ask` (the person decides whether
 * the walk may include it); an ask stays. Not when the walk surely opens
 * every file it reaches (`grep -r`, `gzip -r`, `ctags -R`): the denied file
 * is then read or rewritten as surely as a named one.
 */
function underTree<T extends TargetedDecision>(walked: boolean, c: T): T {
  if (!walked || c.decision.action !== "deny") return c;
  return { ...c, decision: { ...c.decision, action: "ask" } };
}

/** Whether a directory entry exists, a dangling symlink included (it still names where a write would go). */
function entryExists(absolute: string): boolean {
  try {
    return lstatSync(absolute, { throwIfNoEntry: false }) !== undefined;
  } catch {
    // A name the file system refuses (too long, a bad character) names no entry.
    return false;
  }
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

interface SkillDir {
  readonly name: string;
  readonly dir: string;
  readonly decision: Decision;
}

/**
 * Skill directories, longest first, with their states. The state is computed
 * without session rules or yolo: the reference pre-resolves it at agent start
 * and treats it as a synthetic state that yolo does not lift.
 */
function resolveSkills(
  policy: Policy,
  skills: ReadonlyArray<{ name: string; dir: string }>,
  cwd: string,
  home: string,
  platform: "posix" | "win32" | "darwin",
): SkillDir[] {
  const p = platform === "win32" ? path.win32 : path.posix;
  const fold = (s: string) => (platform === "win32" ? s.toLowerCase() : s);
  // A malformed entry would silently leave a skill's files ungated: refuse it loudly instead.
  for (const s of skills) {
    if (typeof s?.name !== "string" || typeof s?.dir !== "string" || s.dir.trim() === "")
      throw new TypeError("GateOptions.skills: every entry needs a string name and a non-empty dir");
  }
  return skills
    .map((s) => ({ name: s.name, dir: fold(p.resolve(cwd, expandHome(s.dir, home, platform))), decision: policy.check("skill", s.name, false) }))
    .sort((a, b) => b.dir.length - a.dir.length);
}

/** Gate 1: a read inside a known skill's directory carries that skill's state (origin `builtin`, no pattern, as the reference reports). */
function skillRead(skills: readonly SkillDir[], forms: readonly string[], platform: "posix" | "win32" | "darwin"): GateDecision | null {
  const p = platform === "win32" ? path.win32 : path.posix;
  for (const s of skills) {
    if (forms.some((f) => isInside(s.dir, f, p)))
      return { action: s.decision.action, matchedPattern: null, origin: "builtin", surface: "skill", gate: "skill_read", value: s.name };
  }
  return null;
}
