import path from "node:path";
import type { Decision } from "../decision.js";
import { expandHome } from "../expand-home.js";
import type { Policy } from "../policy.js";

export interface SkillDir {
  readonly name: string;
  readonly dir: string;
  readonly decision: Decision;
}

/**
 * Skill directories, longest first, with their states. The state is computed
 * without session rules or yolo: the reference pre-resolves it at agent start
 * and treats it as a synthetic state that yolo does not lift.
 */
export function resolveSkills(
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
