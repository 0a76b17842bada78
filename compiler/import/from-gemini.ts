// Gemini CLI policy files (`[[rule]]` tables in `*.toml`) → permc rules.
//
// Gemini CLI sorts every rule by priority, `tier + priority/1000` (admin 5,
// user 4, workspace 3, its own defaults 1), and the first match decides; of
// two with the same priority, the one it loaded first. Writing the rules
// from the lowest priority to the highest, and among equals the one loaded
// first last, makes last match wins pick the same rule.
//
// The import is of one session: Gemini CLI's default approval mode, run
// interactively (the hook cannot see the mode). A rule that only applies
// elsewhere (`modes` without "default", `interactive = false`) is reported,
// and counts as lost when it denies or asks.
import type { Action } from "../../runtime/action.js";
import { argsPatternLiteral, commandRegexLiteral, type LiteralReading } from "./gemini-args-literal.js";
import { GEMINI_DEFAULT_ALLOWED_TOOLS } from "./gemini-defaults.js";
import { readGeminiPolicyFile, type GeminiDecision, type GeminiRule } from "./gemini-policy-file.js";
import { isUsableGeminiRegex } from "./gemini-regex-safety.js";
import { toolTarget } from "./gemini-tool-target.js";
import { ImportBuilder, type ImportedRule, type ImportResult, type NoteKind } from "./imported-policy.js";

/** The tiers a policy folder can be read as (the extension tier is Gemini CLI's own business). */
export type GeminiTier = "workspace" | "user" | "admin";
const TIER_BAND: Readonly<Record<GeminiTier | "default", number>> = { default: 1, workspace: 3, user: 4, admin: 5 };

export interface GeminiSource {
  readonly file: string;
  readonly text: string;
  readonly tier: GeminiTier;
}

const ACTIONS: Readonly<Record<GeminiDecision, Action>> = { allow: "allow", deny: "deny", ask_user: "ask" };
/** What an interactive Gemini CLI does when no rule matches. */
const DEFAULT_ACTION: Action = "ask";
const MAX_REASON = 500;
/** How the rules standing for Gemini CLI's shipped default policies are named. */
const DEFAULTS_LABEL = "Gemini CLI's default policies";

/** One imported rule (or a rule for every tool, `rules: null`) at its place in Gemini CLI's order. */
interface Candidate {
  readonly band: number;
  readonly priority: number;
  /** Gemini CLI's load order: among equal priorities the lower wins there. */
  readonly order: number;
  readonly file: string;
  readonly label: string;
  readonly action: Action;
  readonly rules: readonly ImportedRule[] | null;
}

/** What a rule asks of the tool's arguments, one per pattern Gemini CLI builds from it. */
type Condition =
  | { readonly kind: "none" }
  | { readonly kind: "prefix"; readonly prefix: string }
  | { readonly kind: "regex"; readonly from: string; readonly reading: LiteralReading }
  /** A regex Gemini CLI cannot compile or deems unsafe: it loads no rule from it. */
  | { readonly kind: "refused"; readonly from: string; readonly why: string };

export function importGemini(sources: readonly GeminiSource[]): ImportResult | { error: string } {
  const t = new Translation();
  for (const s of sources) {
    const read = readGeminiPolicyFile(s.file, s.text);
    if ("error" in read) return { error: sources.length > 1 ? `${s.file}: ${read.error}` : read.error };
    for (const { where, key } of read.ignored) t.note("info", `\`${key}\` is not a key Gemini CLI's policy loader reads; ignored there and here`, where);
    for (const rule of read.rules) t.rule(rule, TIER_BAND[s.tier], s.file);
    for (const c of read.checkers) {
      const modes = c.modes !== undefined && c.modes.length > 0 ? ` in Gemini CLI's ${c.modes.join(", ")} mode${c.modes.length > 1 ? "s" : ""}` : "";
      t.note(
        "dropped",
        `a safety checker (${c.checker}) runs code to decide${modes}, which permc cannot — WIDENS: what it would deny or ask is not covered`,
        c.label,
        true,
      );
    }
  }
  if (sources.length > 0 && sources.every((s) => s.text.trim() === "")) t.note("info", "no rules in the source: the import holds only Gemini CLI's defaults");
  return t.finish(sources.length > 0 ? sources.map((s) => s.file).join(" + ") : "(none)");
}

class Translation {
  private readonly b = new ImportBuilder();
  private readonly candidates: Candidate[] = [];
  private readonly seen = new Set<string>();
  private order = 0;

  constructor() {
    this.b.header.push(
      "Gemini CLI takes the matching rule of highest priority (tiers first: admin, user, workspace, its defaults);",
      "here the last matching line wins, so rules run from the lowest priority to the highest (of equal ones,",
      "the one Gemini CLI loads first is written last). Modelled: the default approval mode, interactive.",
      `Calls no rule matches: ${DEFAULT_ACTION}. Gemini CLI's own default policies come first (reading tools, search, subagents allowed).`,
    );
    this.note(
      "assumed",
      "the import is of Gemini CLI's default approval mode in an interactive session: rules only for other modes (plan, autoEdit, yolo) or for non-interactive runs are reported, not imported; calls no rule matches: ask",
    );
    this.note("assumed", `Gemini CLI's shipped default policies allow ${GEMINI_DEFAULT_ALLOWED_TOOLS.join(", ")}: imported first, as the lowest tier`);
    // Each its own priority within the default tier, so that they are written in the list's order.
    GEMINI_DEFAULT_ALLOWED_TOOLS.forEach((tool, i) => {
      const target = toolTarget(tool, undefined);
      if (target.kind === "surface")
        this.add(TIER_BAND.default, i, DEFAULTS_LABEL, DEFAULTS_LABEL, "allow", [
          { surface: target.surface, pattern: "*", action: "allow", source: DEFAULTS_LABEL },
        ]);
    });
  }

  note(kind: NoteKind, message: string, source?: string, widens = false): void {
    const key = JSON.stringify([kind, source, message]);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.b.note(kind, message, source, widens);
  }

  rule(rule: GeminiRule, band: number, file: string): void {
    const action = ACTIONS[rule.decision];
    const lost = (why: string) => this.lost(rule.label, action, why);
    const modes = rule.modes ?? [];
    if (modes.length > 0 && !modes.includes("default"))
      return lost(
        `applies only in Gemini CLI's ${modes.join(", ")} mode${modes.length > 1 ? "s" : ""}; permc's policy has no modes and this import is of the default mode`,
      );
    if (rule.interactive === false) return lost("applies only when Gemini CLI runs non-interactively (gemini -p); this import is of an interactive session");
    if (rule.subagent !== undefined) return lost(`applies only to the calls of the subagent ${JSON.stringify(rule.subagent)}, which permc cannot tell apart`);
    if (rule.toolAnnotations !== undefined) return lost("matches on the tool's annotations (such as readOnlyHint), which permc does not see");
    if (modes.length > 0 && modes.length < 4)
      this.note("info", `Gemini CLI applies it only in the ${modes.join(", ")} mode${modes.length > 1 ? "s" : ""}; permc applies it in every mode`, rule.label);
    const reason = this.reasonOf(rule, action);
    const conditions = this.conditions(rule);
    if (conditions.length === 0)
      return this.note("dropped", "commandPrefix is an empty list, so Gemini CLI loads no rule from it; nothing to import", rule.label);
    for (const condition of conditions) {
      for (const tool of rule.toolNames) {
        const rules = this.translate(rule, tool, condition, action, reason);
        if (rules !== undefined) this.add(band, rule.priority, file, rule.label, action, rules);
      }
    }
  }

  finish(file: string): ImportResult {
    const sorted = [...this.candidates].sort((a, b) => a.band - b.band || a.priority - b.priority || b.order - a.order);
    this.noteTies(sorted);
    let defaultAction = DEFAULT_ACTION;
    let rules: ImportedRule[] = [];
    for (const c of sorted) {
      if (c.rules !== null) {
        rules.push(...c.rules);
        continue;
      }
      // A rule for every tool decides every call that reaches it: it is the default, and nothing below it decides.
      if (rules.length > 0)
        this.note("info", `it matches every tool, so it is the default here and the ${rules.length} rule(s) of lower priority never decide; left out`, c.label);
      rules = [];
      defaultAction = c.action;
    }
    this.b.rules.push(...rules);
    return this.b.finish("gemini", file, defaultAction);
  }

  private add(band: number, priority: number, file: string, label: string, action: Action, rules: readonly ImportedRule[] | null): void {
    this.candidates.push({ band, priority, order: this.order++, file, label, action, rules });
  }

  /** A rule not imported: a loss when it denies or asks. */
  private lost(label: string, action: Action, why: string): void {
    const widens = action !== "allow";
    this.note("dropped", `${why}${widens ? ` — WIDENS: this ${action === "deny" ? "deny" : "ask"} is lost` : ""}`, label, widens);
  }

  private reasonOf(rule: GeminiRule, action: Action): string | undefined {
    if (rule.denyMessage === undefined || action !== "deny") return undefined;
    if (rule.denyMessage.length <= MAX_REASON) return rule.denyMessage;
    this.note("info", `its denyMessage is longer than ${MAX_REASON} characters, the most a permc reason holds; left out`, rule.label);
    return undefined;
  }

  /** The argument patterns Gemini CLI builds from the rule: commandPrefix, else commandRegex, else argsPattern. */
  private conditions(rule: GeminiRule): Condition[] {
    const shellOnly = rule.commandPrefix !== undefined || rule.commandRegex !== undefined;
    if (shellOnly && rule.argsPattern !== undefined)
      this.note("info", "Gemini CLI reports a rule with both commandPrefix/commandRegex and argsPattern, and uses the first: so does the import", rule.label);
    if (rule.commandPrefix !== undefined && rule.commandRegex !== undefined)
      this.note("info", "Gemini CLI reports a rule with both commandPrefix and commandRegex, and uses commandPrefix: so does the import", rule.label);
    if (shellOnly && (rule.toolNameList || rule.toolNames[0] !== "run_shell_command"))
      this.note(
        "info",
        'Gemini CLI reports this rule (commandPrefix and commandRegex need toolName = "run_shell_command", not a list) but loads it',
        rule.label,
      );
    const prefix = rule.commandPrefix;
    if (prefix !== undefined && prefix !== "") return (typeof prefix === "string" ? [prefix] : prefix).map((p) => ({ kind: "prefix", prefix: p }));
    if (rule.commandRegex !== undefined && rule.commandRegex !== "")
      return [this.regex("commandRegex", `"command":"${rule.commandRegex}`, () => commandRegexLiteral(rule.commandRegex!))];
    if (rule.argsPattern !== undefined && rule.argsPattern !== "")
      return [this.regex("argsPattern", rule.argsPattern, () => argsPatternLiteral(rule.argsPattern!))];
    return [{ kind: "none" }];
  }

  private regex(from: string, built: string, read: () => LiteralReading): Condition {
    const usable = isUsableGeminiRegex(built);
    return usable === true ? { kind: "regex", from, reading: read() } : { kind: "refused", from, why: usable };
  }

  /** The permc rules for one tool name and one argument pattern of a rule, or undefined when there are none (noted). */
  private translate(rule: GeminiRule, tool: string, condition: Condition, action: Action, reason: string | undefined): ImportedRule[] | null | undefined {
    const lost = (why: string) => this.lost(rule.label, action, why);
    const ruleOf = (surface: string, pattern: string): ImportedRule => ({
      surface,
      pattern,
      action,
      ...(reason !== undefined ? { reason } : {}),
      source: rule.label,
    });
    if (condition.kind === "refused") {
      this.note("dropped", `Gemini CLI refuses its ${condition.from} (${condition.why}) and loads no rule from it; nothing to import`, rule.label);
      return undefined;
    }
    const target = toolTarget(tool, rule.mcpName);
    // Which tool a note is about, when the rule names more than one (or names it with its server).
    const named =
      rule.toolNames.length > 1 || rule.mcpName !== undefined ? `${rule.mcpName !== undefined ? `mcpName ${rule.mcpName}, ` : ""}toolName ${tool}: ` : "";
    switch (target.kind) {
      case "none":
        this.note("dropped", `${named || `toolName ${tool}: `}${target.why}; nothing to import`, rule.label);
        return undefined;
      case "subagent":
        lost(`${tool} is a Gemini CLI subagent, matched against invoke_agent's agent_name; permc decides every subagent call as invoke_agent`);
        return undefined;
      case "all":
        if (condition.kind === "none") return null;
        lost(`${named}a pattern on the arguments of every tool cannot be written in permc, which checks each tool's own argument`);
        return undefined;
      case "mcp":
        if (condition.kind === "none") return target.patterns.map((p) => ruleOf("mcp", p));
        lost(`${named}permc checks an MCP tool by its server and name only, not its arguments`);
        return undefined;
      case "surface": {
        if (target.unmodelled)
          this.note("info", `${tool} is a tool permc does not model for Gemini CLI: it is decided on a surface of its own name`, rule.label);
        if (condition.kind === "none") return [ruleOf(target.surface, "*")];
        const field = target.field;
        if (field === undefined) {
          lost(`${named}permc checks ${tool} by its name only, not its arguments`);
          return undefined;
        }
        const pattern =
          condition.kind === "prefix"
            ? this.prefixPattern(rule.label, condition.prefix, action)
            : this.literalPattern(rule.label, condition, field, tool, action);
        if (pattern === undefined) return undefined;
        if (target.surface === "bash") this.shellNotes(action);
        else
          this.note("assumed", "permc matches a path in every spelling (relative, absolute, `..` resolved); Gemini CLI matched the argument's text as written");
        return [ruleOf(target.surface, pattern)];
      }
    }
  }

  /** `git status` → `git status *`: the prefix alone, or followed by a blank and more (Gemini CLI: a blank or the end must follow). */
  private prefixPattern(label: string, prefix: string, action: Action): string {
    const trimmed = prefix.trim();
    if (trimmed !== prefix)
      this.note(
        "inexact",
        `commandPrefix ${JSON.stringify(prefix)}: Gemini CLI matches its outer blanks literally; here they are trimmed (${moreOf(action)})`,
        label,
        action === "allow",
      );
    this.wildcards(label, `commandPrefix ${JSON.stringify(prefix)}`, trimmed, action);
    return trimmed === "" ? "*" : `${trimmed} *`;
  }

  private literalPattern(label: string, condition: Extract<Condition, { kind: "regex" }>, field: string, tool: string, action: Action): string | undefined {
    const reading = condition.reading;
    if ("why" in reading) {
      this.lost(label, action, `${condition.from} ${reading.why}`);
      return undefined;
    }
    if (reading.field !== field) {
      this.lost(label, action, `${condition.from} is about the argument \`${reading.field}\`; permc decides ${tool} on \`${field}\``);
      return undefined;
    }
    this.wildcards(label, condition.from, reading.text, action);
    if (!reading.exact && reading.text.endsWith(" "))
      this.note(
        "inexact",
        `${condition.from} ends in a blank: the permc pattern's optional \` *\` tail also matches the text without it (${moreOf(action)})`,
        label,
        action === "allow",
      );
    return reading.exact ? reading.text : `${reading.text}*`;
  }

  private wildcards(label: string, what: string, text: string, action: Action): void {
    if (/[*?]/.test(text))
      this.note("inexact", `${what}: \`*\`/\`?\` are literal in Gemini CLI but wildcards here (${moreOf(action)})`, label, action === "allow");
  }

  private shellNotes(action: Action): void {
    this.note(
      "info",
      "Gemini CLI checks a command line one command at a time (split at &&, ;, | …) as permc does, and compares a rule with each command's text",
    );
    if (action === "allow")
      this.note(
        "info",
        "Gemini CLI asks before an allowed command that redirects output (unless allowRedirection = true); permc decides the file a redirect writes on its path rules instead",
      );
  }

  /** Rules of one tier and priority from different files: their order is the order the files were given, which Gemini CLI leaves to the file system. */
  private noteTies(sorted: readonly Candidate[]): void {
    for (let i = 0; i < sorted.length; ) {
      let j = i;
      while (j < sorted.length && sorted[j]!.band === sorted[i]!.band && sorted[j]!.priority === sorted[i]!.priority) j++;
      const group = sorted.slice(i, j);
      if (new Set(group.map((c) => c.file)).size > 1 && new Set(group.map((c) => c.action)).size > 1)
        this.note(
          "assumed",
          `rules of equal priority in one tier come from several files (${[...new Set(group.map((c) => c.label))].join(", ")}): Gemini CLI takes the one it loads first, in the order its file system lists the folder; here the files count in the order given (by name)`,
        );
      i = j;
    }
  }
}

function moreOf(action: Action): string {
  return action === "allow" ? "allows more" : action === "deny" ? "denies more" : "asks more";
}
