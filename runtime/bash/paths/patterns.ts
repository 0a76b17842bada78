/**
 * Path tokens that are not one known string: globs and braces bash expands
 * (`/et?/passwd`, `~/{.ssh,x}/k`), words holding values permc cannot know
 * (`$f`, `$(printf …)`, `${HOME%/}/x`), and relative paths after a `cd`
 * permc could not follow. Each becomes a set of *forms* (segment lists for
 * runtime/explore.ts, one per alias a path rule may be written against),
 * so the gate can ask which path rules some value can hit. Globs are also
 * expanded against the file system, so a match reached through a symlink
 * is checked by its canonical path as bash would open it.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { type CharSet, NOT_SLASH, type Segment } from "../../explore.js";
import { isDirectoryNow } from "./entry-exists.js";
import type { PathBase } from "./types.js";

export type PatternKind =
  /** bash expands it (glob, braces): the strongest rule some expansion can hit decides. */
  | "glob"
  /** It holds a value permc cannot know: any rule stricter than allow that it may hit makes it `ask`. */
  | "unknown"
  /** Everything under a walked directory: decided only when one rule stricter than allow covers all of it. */
  | "whole";

export interface RawPathPattern {
  /** The word as written. */
  readonly token: string;
  /** What the command proves it does with it (default both). */
  readonly role?: "read" | "write" | "both";
  readonly alternatives: readonly (readonly Segment[])[];
  readonly base: PathBase;
  readonly kind: PatternKind;
}

export interface PathPatternCandidate {
  readonly token: string;
  readonly role: "read" | "write" | "both";
  readonly kind: PatternKind;
  /** Spellings to explore on the path surfaces (absolute, cwd-relative, as written). */
  readonly forms: readonly (readonly Segment[])[];
  /** Absolute spellings that may lie outside the cwd (for external_directory); empty when none can. */
  readonly externalForms: readonly (readonly Segment[])[];
}

/**
 * One string per list of alternatives, equal only for equal lists: what tells two patterns apart (classify.ts),
 * written without JSON (a long command keys hundreds). Text is length-prefixed, so no text can spell a separator.
 */
export function alternativesKey(alternatives: readonly (readonly Segment[])[]): string {
  let key = "";
  for (const alt of alternatives) {
    for (const seg of alt) {
      if (seg.kind === "text") key += `t${seg.text.length}:${seg.text}`;
      else if (seg.kind === "any") key += "a";
      else {
        key += seg.kind === "one" ? "o" : "m";
        if (seg.set.negated) key += "!";
        for (const [lo, hi] of seg.set.ranges) key += `${lo}-${hi},`;
        key += ";";
      }
    }
    key += "|";
  }
  return key;
}

const ANY: Segment = { kind: "any" };
const text = (t: string): Segment => ({ kind: "text", text: t });

/**
 * Whether some path component of the alternative, as a glob, matches `..`
 * (`.*`, `.?`, `.?*`). bash 5.2 skips `.` and `..` in expansions
 * (globskipdots), but older versions — macOS's /bin/bash 3.2 — do not:
 * there `cat .?` and `.*` components can climb out of the directory
 * (`.*` then `/etc/passwd` reads the parent's `etc/passwd`).
 */
export function mayMatchDotDot(alt: readonly Segment[]): boolean {
  return splitComponents(alt).some((c) => c.some((seg) => seg.kind !== "text") && startsWithDot(c) && matches(c, 0, "..", 0));
}

/**
 * Whether a component spells the leading `.` a name needs to match `.` or
 * `..`: bash matches them only when the pattern begins with `.` (`.*`, `.?`),
 * even with dotglob; `*` never does. A bracket that may hold `.` counts.
 */
function startsWithDot(c: readonly Segment[]): boolean {
  const first = c[0];
  if (first === undefined) return false;
  if (first.kind === "text") return first.text.startsWith(".");
  return first.kind === "one" && inSet(first.set, 0x2e);
}

function inSet(set: CharSet, code: number): boolean {
  const found = set.ranges.some(([lo, hi]) => code >= lo && code <= hi);
  return set.negated ? !found : found;
}

/** Whether segments[i..] match s[j..] exactly (a component has a few segments: backtracking is cheap). */
function matches(segments: readonly Segment[], i: number, s: string, j: number): boolean {
  if (i === segments.length) return j === s.length;
  const seg = segments[i] as Segment;
  switch (seg.kind) {
    case "text":
      return s.startsWith(seg.text, j) && matches(segments, i + 1, s, j + seg.text.length);
    case "one":
      return j < s.length && inSet(seg.set, s.charCodeAt(j)) && matches(segments, i + 1, s, j + 1);
    default:
      for (let k = j; k <= s.length; k++) {
        if (matches(segments, i + 1, s, k)) return true;
        if (k < s.length && seg.kind === "many" && !inSet(seg.set, s.charCodeAt(k))) return false;
      }
      return false;
  }
}

/** Budget for expanding one glob against the file system. */
const MAX_GLOB_ENTRIES = 4_096;
const MAX_GLOB_MATCHES = 256;

export function patternForms(p: RawPathPattern, cwd: string): PathPatternCandidate {
  const forms: Segment[][] = [];
  const externalForms: Segment[][] = [];
  const inside = cwd.endsWith("/") ? cwd : cwd + "/";
  for (const alt of p.alternatives) {
    const first = alt[0];
    const absolute = first !== undefined && first.kind === "text" && first.text.startsWith("/");
    if (absolute) {
      forms.push([...alt]);
      if (!(first as { text: string }).text.startsWith(inside)) externalForms.push([...alt]);
      const aliases = procAliases(alt);
      forms.push(...aliases);
      externalForms.push(...aliases);
    } else if (first !== undefined && first.kind === "any") {
      // `$x/y`: the value may be absolute or relative to wherever the command runs.
      forms.push([...alt]);
      externalForms.push([...alt]);
      if (p.base.known) forms.push([text(withSlash(p.base.dir)), ...alt]);
    } else if (p.base.known) {
      const abs = [text(withSlash(p.base.dir)), ...alt];
      forms.push(abs, [...alt]);
      if (!withSlash(p.base.dir).startsWith(inside) || dotDot(alt)) externalForms.push(abs);
    } else {
      // After a `cd` permc could not follow, a relative path may be anywhere.
      const anywhere = [ANY, text("/"), ...alt];
      forms.push(anywhere, [...alt]);
      externalForms.push(anywhere);
    }
  }
  return { token: p.token, kind: p.kind, forms, externalForms, role: p.role ?? "both" };
}

/**
 * `/proc/PID/root/etc/passwd` with the PID unknown or a glob (`/proc/$$/…`,
 * `/proc/*` …) is `/etc/passwd` in that process's root, and
 * `/proc/PID/cwd/x` is `x` in some directory: the spellings a path rule is
 * written against (a literal PID is resolved by canonicalPath).
 */
function procAliases(alt: readonly Segment[]): Segment[][] {
  const first = alt[0];
  if (first === undefined || first.kind !== "text" || !first.text.startsWith("/proc/") || alt.every((s) => s.kind === "text")) return [];
  for (let i = 1; i < alt.length; i++) {
    const s = alt[i] as Segment;
    if (s.kind !== "text") continue;
    const m = /\/(root|cwd)(?=\/|$)/.exec(s.text);
    if (m === null) continue;
    const after = s.text.slice(m.index + m[0].length);
    const rest = [text(after === "" ? "/" : after), ...alt.slice(i + 1)];
    return [m[1] === "root" ? rest : [ANY, ...rest]];
  }
  return [];
}

function withSlash(dir: string): string {
  return dir.endsWith("/") ? dir : dir + "/";
}

/** A `..` in a known part may leave the directory. */
function dotDot(alt: readonly Segment[]): boolean {
  return alt.some((s) => s.kind === "text" && /(^|\/)\.\.(\/|$)/.test(s.text));
}

/**
 * The existing files a glob names, as bash would expand it: with
 * `dotfiles: "included"` (the default), a name that starts with `.` matches
 * a pattern that does not start with one too (`shopt -s dotglob` may be on);
 * with `"as bash"` (dotglob known off: globs-now.ts), it does not, as in
 * bash (`*` leaves out `.env`). Null when the alternative holds an unknown
 * value, the directory is not known, or the budget runs out.
 */
export function expandOnDisk(alt: readonly Segment[], base: PathBase, dotfiles: "included" | "as bash" = "included"): string[] | null {
  if (alt.some((s) => s.kind === "any")) return null;
  const parts = splitComponents(alt);
  const first = alt[0];
  const absolute = first !== undefined && first.kind === "text" && first.text.startsWith("/");
  if (!absolute && !base.known) return null;
  let current: string[] = [absolute ? "/" : base.known ? base.dir : "."];
  // `*/`: bash matches directories only (and symlinks to one), and keeps the slash.
  const last = alt[alt.length - 1];
  const directoriesOnly = last !== undefined && last.kind === "text" && last.text.endsWith("/");
  let visited = 0;
  for (const component of parts) {
    if (component.length === 0) continue;
    const literal = component.every((s) => s.kind === "text");
    const next: string[] = [];
    for (const dir of current) {
      if (literal) {
        next.push(path.join(dir, component.map((s) => (s as { text: string }).text).join("")));
        continue;
      }
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      visited += names.length;
      if (visited > MAX_GLOB_ENTRIES) return null;
      const re = componentRegExp(component);
      const first = component[0];
      const hidesDotfiles = dotfiles === "as bash" && !(first !== undefined && first.kind === "text" && first.text.startsWith("."));
      for (const n of names) if (re.test(n) && !(hidesDotfiles && n.startsWith("."))) next.push(path.join(dir, n));
    }
    current = next;
    if (current.length > MAX_GLOB_MATCHES) return null;
  }
  return directoriesOnly ? current.filter(isDirectoryNow).map((d) => `${d}/`) : current;
}

/** Segments split into path components at `/` (which globs never match). */
function splitComponents(alt: readonly Segment[]): Segment[][] {
  const out: Segment[][] = [[]];
  for (const s of alt) {
    if (s.kind !== "text") {
      (out[out.length - 1] as Segment[]).push(s);
      continue;
    }
    const pieces = s.text.split("/");
    pieces.forEach((piece, i) => {
      if (i > 0) out.push([]);
      if (piece !== "") (out[out.length - 1] as Segment[]).push(text(piece));
    });
  }
  return out;
}

function componentRegExp(component: readonly Segment[]): RegExp {
  let source = "";
  for (const s of component) {
    if (s.kind === "text") source += s.text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (s.kind === "many") source += "[^/]*";
    else if (s.kind === "one") {
      const set =
        s.set === NOT_SLASH
          ? "[^/]"
          : `[${s.set.negated ? "^" : ""}${s.set.ranges.map(([lo, hi]) => `\\u${lo.toString(16).padStart(4, "0")}-\\u${hi.toString(16).padStart(4, "0")}`).join("")}]`;
      source += set;
    } else source += ".*";
  }
  return new RegExp(`^${source}$`, "s");
}
