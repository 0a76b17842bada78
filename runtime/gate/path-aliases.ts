import { existsSync } from "node:fs";
import path from "node:path";
import { canonicalPath } from "../paths/canonical.js";
import { kernelResolve } from "../paths/kernel-resolve.js";
import { isOutsideCwd, relativeInside } from "../paths/inside.js";
import { expandHome } from "../expand-home.js";

export interface PathContext {
  readonly cwd: string;
  readonly home: string;
  readonly platform: "posix" | "win32" | "darwin";
  /** Canonicalises an absolute path (`likelyExists`: see SplitOptions.realpath); default: realpath of the longest existing prefix. */
  readonly realpath?: (absolute: string, likelyExists?: boolean) => string;
  /** Whether a file exists, for `read`'s fallbacks; default: the file system. */
  readonly exists?: (absolute: string) => boolean;
}

/**
 * How a tool's `path` argument names a file. `literal`: the 20.7.2 aliasing
 * kept for extension and MCP tools (quotes and a leading `@` stripped; `~`,
 * `$HOME`, `${HOME}` expanded). `pi`: the file Pi's built-in tool opens
 * (reference 38.0.2); `readFallbacks` for `read`, which tries other spellings
 * of a file that does not exist.
 */
export type PathSpelling = { readonly kind: "literal" } | { readonly kind: "pi"; readonly readFallbacks: boolean };
const LITERAL: PathSpelling = { kind: "literal" };

export interface PathAliases {
  /** Every form a path rule may match, in the reference's order, without duplicates. */
  readonly values: readonly string[];
  readonly lexical: string;
  readonly canonical: string;
  /** The canonical form lies outside the canonical cwd. */
  readonly outsideCwd: boolean;
}

/** The literal a user meant: trimmed, one quote stripped at each end, a leading `@` dropped, home expanded. */
export function literalPath(raw: string, home: string, platform: "posix" | "win32" | "darwin"): string {
  let s = raw.trim();
  if (s.startsWith("'") || s.startsWith('"')) s = s.slice(1);
  if (s.endsWith("'") || s.endsWith('"')) s = s.slice(0, -1);
  if (s.startsWith("@")) s = s.slice(1);
  return expandHome(s, home, platform);
}

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * The path Pi's built-in file tools open, before it is made absolute
 * (reference 38.0.2, Pi's `expandPath`): a `file://` URL decoded; a
 * leading `@` dropped; Unicode spaces made ordinary spaces; `~` and `~/`
 * expanded. `$HOME` is not expanded and quotes are not stripped, because Pi
 * does neither: `read $HOME/x` opens `<cwd>/$HOME/x`. On win32, Git Bash,
 * Cygwin and WSL drive paths (`/c/…`, `/cygdrive/c/…`, `/mnt/c/…`) name the
 * drive.
 */
export function piToolPath(raw: string, home: string, platform: "posix" | "win32" | "darwin"): string {
  let s = fileUrlPath(raw, platform) ?? raw;
  if (s.startsWith("@")) s = s.slice(1);
  s = s.replace(UNICODE_SPACES, " ");
  if (s === "~") s = home;
  else if (s.startsWith("~/") || (platform === "win32" && s.startsWith("~\\"))) s = home + s.slice(1);
  if (platform === "win32") {
    const drive = /^\/(?:cygdrive\/|mnt\/)?([A-Za-z])(?:\/(.*))?$/.exec(s);
    if (drive) s = `${drive[1]!.toUpperCase()}:\\${(drive[2] ?? "").replaceAll("/", "\\")}`;
  }
  return s;
}

/** `file:///home/x%20y` → `/home/x y`; null when the text is not a file URL that decodes. */
export function fileUrlPath(raw: string, platform: "posix" | "win32" | "darwin"): string | null {
  const m = /^file:\/\/(?:localhost)?(\/.*)$/i.exec(raw);
  if (!m) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  return platform === "win32" && /^\/[A-Za-z]:/.test(decoded) ? decoded.slice(1) : decoded;
}

/** Pi's `read` falls back to these spellings of a file that does not exist (macOS screenshot names). */
function readFallback(absolute: string, exists: (p: string) => boolean): string {
  if (exists(absolute)) return absolute;
  const amPm = absolute.replace(/ (AM|PM)\./gi, "\u202F$1.");
  const nfd = absolute.normalize("NFD");
  const curly = absolute.replace(/'/g, "\u2019");
  const nfdCurly = nfd.replace(/'/g, "\u2019");
  for (const variant of [amPm, nfd, curly, nfdCurly]) if (variant !== absolute && exists(variant)) return variant;
  return absolute;
}

/**
 * The spellings a path is matched under, as the reference derives them: the
 * lexical absolute path, the cwd-relative one (inside cwd), the literal and
 * the canonical (symlinks resolved). A rule matching any of them applies.
 */
export function pathAliases(raw: string, ctx: PathContext, spelling: PathSpelling = LITERAL): PathAliases {
  const p = ctx.platform === "win32" ? path.win32 : path.posix;
  const fold = (s: string) => (ctx.platform === "win32" ? s.toLowerCase() : s);
  let literal = spelling.kind === "pi" ? piToolPath(raw, ctx.home, ctx.platform) : literalPath(raw, ctx.home, ctx.platform);
  if (spelling.kind === "pi" && spelling.readFallbacks) {
    const opened = readFallback(p.resolve(ctx.cwd, literal), ctx.exists ?? existsSync);
    if (opened !== p.resolve(ctx.cwd, literal)) literal = opened;
  }
  if (literal === "*") return { values: ["*", p.join(ctx.cwd, "*")], lexical: p.join(ctx.cwd, "*"), canonical: p.join(ctx.cwd, "*"), outsideCwd: false };
  const lexical = fold(p.resolve(ctx.cwd, literal));
  // One memo for both lookups: the path and cwd usually share their existing prefixes.
  const memo = new Map<string, string | null>();
  const canon = ctx.realpath ?? ((abs: string, likely?: boolean) => canonicalPath(abs, memo, likely));
  // As the kernel opens it: `..` after a symlink, and `/proc/self/cwd` as the agent's working directory.
  const opened = ctx.platform === "win32" ? p.resolve(ctx.cwd, literal) : kernelResolve(ctx.cwd, literal, canon, ctx.cwd === "" ? undefined : ctx.cwd);
  const canonical = fold(canon(opened));
  const canonicalCwd = ctx.cwd === "" ? "" : fold(canon(p.resolve(ctx.cwd), true));
  const outsideCwd = isOutsideCwd(canonical, canonicalCwd, p);
  const values = [lexical];
  const relative = relativeInside(fold(p.resolve(ctx.cwd)), lexical, p);
  if (relative !== null && relative !== "") values.push(relative);
  values.push(literal, canonical);
  return { values: [...new Set(values)], lexical, canonical, outsideCwd };
}

/**
 * A canonicaliser that remembers each prefix it resolved. Use one per tool
 * call, never longer: the file system may change between calls.
 */
export function memoisedCanonicalPath(): (absolute: string, likelyExists?: boolean) => string {
  const memo = new Map<string, string | null>();
  return (absolute, likelyExists = false) => canonicalPath(absolute, memo, likelyExists);
}
