import path from "node:path";
import { matchValue, OPAQUE_PATTERN, INDIRECTION_PATTERN, UNPARSEABLE_PATTERN } from "../bash/index.js";
import type { GateDecision } from "../gate/index.js";
import type { SessionRule } from "../session-rules.js";

const FILE_TOOLS = new Set(["read", "write", "edit", "grep", "find", "ls"]);
const SENTINELS = new Set([UNPARSEABLE_PATTERN, OPAQUE_PATTERN, INDIRECTION_PATTERN]);

/**
 * How many leading tokens name a command (config-and-matching §4.9's arity
 * idea; a small table of common tools, two-word keys checked first).
 */
const ARITY: Readonly<Record<string, number>> = {
  git: 2, npm: 2, "npm run": 3, pnpm: 2, "pnpm run": 3, yarn: 2, "yarn run": 3, bun: 2, "bun run": 3,
  npx: 2, cargo: 2, go: 2, docker: 2, "docker compose": 3, kubectl: 2, pip: 2, pip3: 2, uv: 2, make: 2,
  gh: 3, brew: 2, apt: 2, "apt-get": 2, systemctl: 2, terraform: 2, dotnet: 2, mvn: 2, gradle: 2,
};

/**
 * The session rules "allow for this session" records for an `ask`. Empty
 * when the ask comes from a floor (wrapper, unparseable) or an error: those
 * are never approved for the session.
 */
export function sessionSuggestions(tool: string, d: GateDecision, cwd: string): SessionRule[] {
  if (d.action !== "ask" || d.error !== undefined) return [];
  if (d.matchedPattern !== null && SENTINELS.has(d.matchedPattern)) return [];
  const value = d.value ?? "";
  switch (d.gate) {
    case "path":
    case "bash_path":
      return [{ surface: "path", pattern: parentPattern(value, cwd) }];
    case "external_directory":
    case "bash_external_directory":
      return [{ surface: "external_directory", pattern: parentPattern(value, cwd) }];
    case "tool":
      break;
    default:
      return [];
  }
  if (d.units) {
    const rules: SessionRule[] = [];
    for (const u of d.units) {
      if (u.action !== "ask" || u.floor !== undefined || (u.matchedPattern !== null && SENTINELS.has(u.matchedPattern))) continue;
      const pattern = bashPattern(matchValue(u.text));
      if (pattern !== "" && !rules.some((r) => r.pattern === pattern)) rules.push({ surface: "bash", pattern });
    }
    return rules;
  }
  if (FILE_TOOLS.has(tool)) return [{ surface: tool, pattern: parentPattern(value, cwd) }];
  if (tool === "mcp") return [{ surface: "mcp", pattern: mcpPattern(value) }];
  if (tool === "skill") return value ? [{ surface: "skill", pattern: value }] : [];
  return [{ surface: tool, pattern: "*" }];
}

/** `<parent dir>/*` of the absolute path; a value ending in a separator gets `*`; the root gets `/*`. */
export function parentPattern(value: string, cwd: string): string {
  const absolute = path.resolve(cwd, value);
  if (/[\\/]$/.test(value)) return absolute.endsWith(path.sep) ? `${absolute}*` : `${absolute}${path.sep}*`;
  const parent = path.dirname(absolute);
  return parent.endsWith(path.sep) ? `${parent}*` : `${parent}${path.sep}*`;
}

/** `git push origin main` → `git push *`; `git status` → `git status*`; `deploy staging` → `deploy *`; `ls` → `ls`. */
export function bashPattern(command: string): string {
  const body = command
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n")
    .trim();
  const tokens = body.split(/\s+/).filter((t) => t !== "");
  if (tokens.length === 0) return "";
  if (tokens.length === 1) return tokens[0]!;
  const arity = ARITY[`${tokens[0]} ${tokens[1]}`] ?? ARITY[tokens[0]!];
  if (arity === undefined) return `${tokens[0]} *`;
  if (arity >= tokens.length) return `${tokens.join(" ")}*`;
  return `${tokens.slice(0, arity).join(" ")} *`;
}

function mcpPattern(target: string): string {
  const colon = target.indexOf(":");
  if (colon > 0) return `${target.slice(0, colon)}:*`;
  const underscore = target.indexOf("_");
  if (underscore > 0) return `${target.slice(0, underscore)}_*`;
  return "*";
}
