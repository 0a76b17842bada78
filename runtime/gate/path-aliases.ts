import path from "node:path";
import { canonicalPath } from "../bash/paths.js";
import { expandHome } from "../expand-home.js";

export interface PathContext {
  readonly cwd: string;
  readonly home: string;
  readonly platform: "posix" | "win32";
  /** Canonicalises an absolute path; default: realpath of the longest existing prefix. */
  readonly realpath?: (absolute: string) => string;
}

export interface PathAliases {
  /** Every form a path rule may match, in the reference's order, without duplicates. */
  readonly values: readonly string[];
  readonly lexical: string;
  readonly canonical: string;
  /** The canonical form lies outside the canonical cwd. */
  readonly outsideCwd: boolean;
}

const DEVICES = new Set(["/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr"]);

/** The literal a user meant: trimmed, one quote stripped at each end, a leading `@` dropped, home expanded. */
export function literalPath(raw: string, home: string, platform: "posix" | "win32"): string {
  let s = raw.trim();
  if (s.startsWith("'") || s.startsWith('"')) s = s.slice(1);
  if (s.endsWith("'") || s.endsWith('"')) s = s.slice(0, -1);
  if (s.startsWith("@")) s = s.slice(1);
  return expandHome(s, home, platform);
}

/** config-and-matching.md §4.2: lexical absolute, cwd-relative, literal, canonical. */
export function pathAliases(raw: string, ctx: PathContext): PathAliases {
  const p = ctx.platform === "win32" ? path.win32 : path.posix;
  const fold = (s: string) => (ctx.platform === "win32" ? s.toLowerCase() : s);
  const literal = literalPath(raw, ctx.home, ctx.platform);
  if (literal === "*") return { values: ["*", p.join(ctx.cwd, "*")], lexical: p.join(ctx.cwd, "*"), canonical: p.join(ctx.cwd, "*"), outsideCwd: false };
  const lexical = fold(p.resolve(ctx.cwd, literal));
  // One memo for both lookups: the path and cwd usually share their existing prefixes.
  const memo = new Map<string, string | null>();
  const canon = ctx.realpath ?? ((abs: string) => canonicalPath(abs, memo));
  const canonical = fold(canon(p.resolve(ctx.cwd, literal)));
  const canonicalCwd = ctx.cwd === "" ? "" : fold(canon(p.resolve(ctx.cwd)));
  const outsideCwd = isOutside(canonical, canonicalCwd, p) && !DEVICES.has(canonical);
  const values = [lexical];
  const relative = p.relative(fold(p.resolve(ctx.cwd)), lexical);
  if (relative !== "" && !relative.startsWith("..") && !p.isAbsolute(relative)) values.push(relative);
  values.push(literal, canonical);
  return { values: [...new Set(values)], lexical, canonical, outsideCwd };
}

/**
 * A canonicaliser that remembers each prefix it resolved. Use one per tool
 * call, never longer: the file system may change between calls.
 */
export function memoisedCanonicalPath(): (absolute: string) => string {
  const memo = new Map<string, string | null>();
  return (absolute) => canonicalPath(absolute, memo);
}

function isOutside(canonical: string, canonicalCwd: string, p: typeof path.posix): boolean {
  if (canonicalCwd === "") return false;
  const rel = p.relative(canonicalCwd, canonical);
  return rel === ".." || rel.startsWith(".." + p.sep) || p.isAbsolute(rel);
}
