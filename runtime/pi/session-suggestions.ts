import path from "node:path";
import { builtinFileTool } from "../builtin-tools.js";
import { matchValue, OPAQUE_PATTERN, INDIRECTION_PATTERN, UNPARSEABLE_PATTERN } from "../bash/index.js";
import type { GateDecision, GateUnit } from "../gate/index.js";
import type { SessionRule } from "../session-rules.js";

const SENTINELS = new Set([UNPARSEABLE_PATTERN, OPAQUE_PATTERN, INDIRECTION_PATTERN]);

/**
 * How many leading tokens name a command (the arity idea behind the
 * reference's session suggestions; a small table of common tools, two-word
 * keys checked first). A Map:
 * a command word such as `constructor` must not find Object's.
 */
const ARITY: ReadonlyMap<string, number> = new Map([
  ["git", 2],
  ["npm", 2],
  ["npm run", 3],
  ["pnpm", 2],
  ["pnpm run", 3],
  ["yarn", 2],
  ["yarn run", 3],
  ["bun", 2],
  ["bun run", 3],
  ["npx", 2],
  ["cargo", 2],
  ["go", 2],
  ["docker", 2],
  ["docker compose", 3],
  ["kubectl", 2],
  ["pip", 2],
  ["pip3", 2],
  ["uv", 2],
  ["make", 2],
  ["gh", 3],
  ["brew", 2],
  ["apt", 2],
  ["apt-get", 2],
  ["systemctl", 2],
  ["terraform", 2],
  ["dotnet", 2],
  ["mvn", 2],
  ["gradle", 2],
]);

/**
 * Wrappers whose inner words are a template filled in at run time: with one
 * of these options the wrapped command is kept exact (reference 40.1.4).
 */
const TEMPLATE_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([["xargs", ["-I", "-i", "--replace"]]]);

/** A command word that can stand in a pattern before ` *`: nothing a shell would expand or quote. */
const PLAIN_WORD = /^[A-Za-z0-9_][A-Za-z0-9_.+@%:/-]*$/;

/**
 * The session rules "allow for this session" records for an `ask`: one per
 * thing that asked and can be lifted, so a grant covers only what the prompt
 * named. Empty when the ask comes from a floor (wrapper, unparseable) or an
 * error: those are never approved for the session.
 */
export function sessionSuggestions(tool: string, d: GateDecision, cwd: string): SessionRule[] {
  if (d.action !== "ask" || d.error !== undefined) return [];
  const rules: SessionRule[] = [];
  const add = (r: SessionRule | null) => {
    if (r !== null && r.pattern !== "" && !rules.some((x) => x.surface === r.surface && x.pattern === r.pattern)) rules.push(r);
  };
  const value = d.value ?? "";
  const sentinel = d.matchedPattern !== null && SENTINELS.has(d.matchedPattern);
  switch (d.gate) {
    case "path":
    case "bash_path":
      add({ surface: "path", pattern: parentPattern(value, cwd) });
      break;
    case "external_directory":
    case "bash_external_directory":
      add({ surface: "external_directory", pattern: parentPattern(value, cwd) });
      break;
    case "tool":
      if (!d.units && !sentinel) add(toolSuggestion(tool, value, cwd));
      break;
    default:
      return [];
  }
  // A bash call carries its units whichever gate decided: each asking unit gets its own rule.
  if (d.units) for (const [i, u] of d.units.entries()) if (liftable(u)) add({ surface: "bash", pattern: unitPattern(d.units, i) });
  return rules;
}

/** An ask from the config, not from a floor: a session rule can lift it. */
export function liftable(u: GateUnit): boolean {
  return u.action === "ask" && u.floor === undefined && !(u.matchedPattern !== null && SENTINELS.has(u.matchedPattern));
}

function toolSuggestion(tool: string, value: string, cwd: string): SessionRule | null {
  if (builtinFileTool(tool)) return { surface: tool, pattern: parentPattern(value, cwd) };
  if (tool === "mcp") return { surface: "mcp", pattern: mcpPattern(value) };
  if (tool === "skill") return value ? { surface: "skill", pattern: value } : null;
  return { surface: tool, pattern: "*" };
}

/**
 * The pattern for unit `i`. A unit that wraps another command (the derived
 * units right after it, whose text ends its own) gets the wrapper as typed
 * plus the inner command word plus ` *` (`sudo -u root nohup mytool *`,
 * reference 40.1.4); a wrapper whose inner command is not its own tail (an
 * inline shell payload), an xargs template, a word with a non-breaking space
 * or an inner word that is not plain keeps the exact text. Anything else
 * gets the arity pattern (`git push *`).
 */
export function unitPattern(units: readonly GateUnit[], i: number): string {
  const text = matchValue(units[i]!.text);
  if (text.includes("\u00a0")) return text;
  const inner: string[] = [];
  for (let j = i + 1; j < units.length && units[j]!.derived === true; j++) inner.push(matchValue(units[j]!.text));
  if (inner.length === 0) return bashPattern(text);
  const tails = inner.filter((t) => t !== "" && t.length < text.length && text.endsWith(t) && /\s$/.test(text.slice(0, text.length - t.length)));
  if (tails.length === 0) return text;
  const innermost = tails.reduce((a, b) => (b.length < a.length ? b : a));
  const prefix = text.slice(0, text.length - innermost.length);
  const word = innermost.split(/\s+/)[0]!;
  if (!PLAIN_WORD.test(word) || isTemplate(prefix)) return text;
  return `${prefix}${word} *`;
}

function isTemplate(prefix: string): boolean {
  const words = prefix.split(/\s+/);
  return words.some((w, k) => {
    const options = TEMPLATE_OPTIONS.get(w);
    return options !== undefined && words.slice(k + 1).some((o) => options.some((opt) => o === opt || o.startsWith(opt)));
  });
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
  const arity = ARITY.get(`${tokens[0]} ${tokens[1]}`) ?? ARITY.get(tokens[0]!);
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
