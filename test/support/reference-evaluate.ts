/**
 * A small, independent oracle for raw surface checks: it evaluates a PolicyIR
 * the way the reference's `evaluate` does (wildcards, home expansion, win32
 * folding on path surfaces, last match wins),
 * by building one anchored RegExp per wildcard at every comparison, with no
 * caching. It shares no code with the compiler, so differential tests can use
 * it as the oracle and benchmarks as the interpreter baseline.
 */
import path from "node:path";
import type { Action, Layer, PolicyIR, Rule } from "../../compiler/ir.js";

export interface ReferenceOptions {
  readonly home: string;
  readonly platform: "posix" | "win32";
  readonly yolo: boolean;
}

export interface ReferenceDecision {
  readonly action: Action;
  /** The winning pattern as written, only for config rules; null for the default and baseline layers. */
  readonly matchedPattern: string | null;
  readonly reason?: string;
  readonly origin: Rule["origin"] | "yolo";
  /** Null only when no rule matched at all, which a composed policy never allows. */
  readonly layer: Layer | null;
  readonly ruleSurface: string;
  readonly rulePattern: string;
}

/** Surfaces whose pattern→value comparison folds case and slashes on win32. */
const WIN32_FOLDED = new Set([
  "read",
  "write",
  "edit",
  "grep",
  "find",
  "ls",
  "path",
  "external_directory",
  "path_read",
  "path_write",
  "external_directory_read",
  "external_directory_write",
]);

export function referenceEvaluate(policy: PolicyIR, surface: string, value: string, opts: ReferenceOptions): ReferenceDecision {
  const fold = opts.platform === "win32" && WIN32_FOLDED.has(surface);
  let winner: Rule | undefined;
  for (let i = policy.rules.length - 1; i >= 0; i--) {
    const rule = policy.rules[i]!;
    if (wildcardMatches(rule.surface, surface, opts.home, false, opts.platform) && wildcardMatches(rule.pattern, value, opts.home, fold, opts.platform)) {
      winner = rule;
      break;
    }
  }
  if (!winner) {
    return { action: "ask", matchedPattern: null, origin: "builtin", layer: null, ruleSurface: surface, rulePattern: value };
  }
  const yolo = opts.yolo && winner.action === "ask";
  return {
    action: yolo ? "allow" : winner.action,
    matchedPattern: winner.layer === "config" ? winner.pattern : null,
    ...(winner.reason !== undefined ? { reason: winner.reason } : {}),
    origin: yolo ? "yolo" : winner.origin,
    layer: winner.layer,
    ruleSurface: winner.surface,
    rulePattern: winner.pattern,
  };
}

/** The reference's wildcards: anchored, dotAll, UTF-16 units, `*` any run, `?` one unit, a final `" *"` optional. */
export function wildcardMatches(pattern: string, value: string, home: string, win32Path: boolean, platform: "posix" | "win32" = "posix"): boolean {
  let expanded = expandHomeInPattern(pattern, home, platform);
  if (win32Path) expanded = expanded.replaceAll("/", "\\");
  let body = expanded
    .split("*")
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\/-]/g, (c) => "\\" + c).replaceAll("\\?", "."))
    .join(".*");
  if (body.endsWith(" .*")) body = body.slice(0, -" .*".length) + "( .*)?";
  return new RegExp("^" + body + "$", win32Path ? "si" : "s").test(value);
}

/**
 * Home expansion in patterns (`${HOME}` too, as in 40.1.4): only a whole `~`/`$HOME`/`${HOME}` or one of them followed by `/` or `\` expands, through `path.join`
 * of the host the reference runs on (win32's join on Windows).
 */
export function expandHomeInPattern(pattern: string, home: string, platform: "posix" | "win32" = "posix"): string {
  if (pattern === "~" || pattern === "$HOME" || pattern === "${HOME}") return home;
  for (const prefix of ["~/", "~\\", "$HOME/", "$HOME\\", "${HOME}/", "${HOME}\\"]) {
    if (pattern.startsWith(prefix)) return (platform === "win32" ? path.win32 : path.posix).join(home, pattern.slice(prefix.length));
  }
  return pattern;
}
