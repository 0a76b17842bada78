/**
 * What every gate of one createGate shares, resolved once when the gate is
 * made: the policy and options, the home and platform, the skill directories.
 * And the checks the gates all make through it (path families, session
 * rules), so yolo and session rules apply the same way in every gate.
 */
import type { Decision } from "../decision.js";
import type { PathFamily, PathRoute } from "../path-surfaces.js";
import type { Policy } from "../policy.js";
import type { GateOptions } from "./gate-types.js";
import type { TargetedDecision } from "./multi-value.js";
import type { PathContext } from "./path-aliases.js";
import { evaluatePathFamily, type FamilyDecision } from "./path-family.js";
import { resolveSkills, type SkillDir } from "./skill-dirs.js";

export interface GateContext {
  readonly policy: Policy;
  readonly options: GateOptions;
  readonly yolo: boolean;
  readonly home: string;
  readonly platform: "posix" | "win32" | "darwin";
  /** Why no call can be decided for want of a home, or null (homeProblem). */
  readonly unknownHome: string | null;
  readonly skillDirs: readonly SkillDir[];
  /**
   * A bare word becomes a path only to meet a path or external_directory rule (`cat link` with link → /etc/x
   * is outside the cwd): without a rule that can ask or deny, skip the disk probe.
   */
  readonly pathRulesMayBite: boolean;
}

/** Throws on a malformed `options.skills` entry (resolveSkills), as createGate always has. */
export function createGateContext(policy: Policy, options: GateOptions): GateContext {
  const home = options.home ?? policy.info?.home ?? "";
  const platform = policy.info?.platform ?? "posix";
  return {
    policy,
    options,
    yolo: options.yolo ?? false,
    home,
    platform,
    unknownHome: homeProblem(policy, options.home),
    skillDirs: resolveSkills(policy, options.skills ?? [], options.cwd, home, platform),
    pathRulesMayBite: policy.rules.some((r) => r.layer === "config" && r.action !== "allow" && /^(?:path|external_directory|\*|.*[*?].*)/.test(r.surface)),
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

export function pathContext(ctx: GateContext, cwd: string, realpath = ctx.options.realpath): PathContext {
  return { cwd, home: ctx.home, platform: ctx.platform, ...(realpath ? { realpath } : {}) };
}

export function family(ctx: GateContext, name: PathFamily, route: PathRoute, values: readonly string[]): FamilyDecision {
  return evaluatePathFamily(ctx.policy, name, route, values, ctx.yolo, ctx.options.sessionRules);
}

/** An `ask` whose surface has a matching session rule (over any of the values) becomes allow. */
export function bySession(ctx: GateContext, c: TargetedDecision, surface: string, values: readonly string[]): TargetedDecision {
  const rules = ctx.options.sessionRules;
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
