/**
 * The policy's path rules as mounts: a read rule hides, a write rule keeps read-only, a `path_write` allow
 * makes a directory writable; each says how exactly the kernel holds it (a RuleReport).
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { expandHome } from "../expand-home.js";
import { isInside } from "../paths/inside.js";
import { isCatchAll, restrictingRule } from "./decide-path.js";
import { RANK } from "./plan-mounts.js";
import type { RuleReport } from "./profile-types.js";
import { isDirectory, isLink } from "./fs-probes.js";
import { SYSTEM_ROOTS } from "./writable-defaults.js";
import { type Context, DEFAULT_SCAN_LIMIT, PROBE, type Report, addWritable, canonical, liftableBy } from "./profile-context.js";
import { denyInside } from "./rule-scan.js";

/** A read rule (deny or ask): hide what it names. Returns whether the scan must decide it. */
export function readRule(ctx: Context, index: number, pattern: string, report: Report): boolean {
  if (isCatchAll(pattern)) {
    report("cannot", "a rule on every path: the loader, libc, the shell and every program read files everywhere");
    return false;
  }
  const wild = pattern.search(/[*?]/);
  if (!pattern.startsWith("/")) {
    report("existing-files", "enforced for matching files under the working tree and the home");
    return true;
  }
  const fixed = wild === -1 ? pattern : pattern.slice(0, pattern.lastIndexOf("/", wild));
  const rest = wild === -1 ? "" : pattern.slice(fixed.length + 1);
  if (fixed === "") {
    report("cannot", "the pattern's first directory is a wildcard: no directory can be hidden for it");
    return false;
  }
  const dir = canonical(fixed);
  const why = unhideable(ctx, dir);
  if (why !== null) {
    if (isInside(ctx.cwd, dir) || isInside(ctx.home, dir)) {
      report("existing-files", `${why}; enforced for the matching files that exist under it`);
      return true;
    }
    report("cannot", why);
    return false;
  }
  if (!existsSync(dir)) {
    report("exact", `${dir} does not exist when the command starts`);
    return false;
  }
  const liftable = liftableBy(ctx, index, "read");
  // The rule decides the path as written and its canonical form alike (`~/proj/data/secret.txt` through a link
  // `data -> /mnt/data`: the analysis denies the spelling, and the kernel hides what it opens).
  const decides = (written: string, opened: string): boolean =>
    restrictingRule(ctx.policy, "read", opened, ctx.cwd) === index || restrictingRule(ctx.policy, "read", written, ctx.cwd) === index;
  if (wild === -1) {
    if (!decides(fixed, dir)) return notNeeded(report);
    const isDir = statSync(dir).isDirectory();
    ctx.plan.add(isDir ? "hide-dir" : "hide-file", dir, `read rule ${pattern}`, RANK.hidden, liftable);
    if (isDir) report("over-approximate", `${dir} is a directory: the kernel hides its contents too`);
    else report("exact", `${dir} is hidden`);
    return false;
  }
  // A name the rule itself matches (`*.txt`: `permc-probe.txt`): whether a later rule takes back what it names.
  if (!decides(path.join(fixed, probeName(rest)), path.join(dir, probeName(rest)))) return notNeeded(report);
  if (rest !== "*" && (isInside(ctx.cwd, dir) || isInside(ctx.home, dir))) {
    report("existing-files", "enforced for the matching files that exist under it");
    return true;
  }
  ctx.plan.add("hide-dir", dir, `read rule ${pattern}`, RANK.hidden, liftable);
  if (rest !== "*") {
    report("over-approximate", `the kernel hides all of ${dir}; the rule names part of it`);
    return false;
  }
  const lost = exposeExceptions(ctx, index, dir);
  if (lost.length > 0) report("over-approximate", `${dir} is hidden; allow exceptions the kernel cannot express stay hidden: ${lost.join(", ")}`);
  else report("exact", `${dir} is hidden`);
  return false;
}

/** Later allow rules inside a hidden directory: a literal existing path is bound back read-only; a wildcard one is lost (returned). */
export function exposeExceptions(ctx: Context, index: number, dir: string): string[] {
  const lost: string[] = [];
  const surface = ctx.policy.rules[index]?.surface;
  ctx.policy.rules.forEach((rule, i) => {
    if (i <= index || rule.surface !== surface || rule.action !== "allow") return;
    const expanded = expandHome(rule.pattern, ctx.policy.info?.home ?? ctx.home, "posix");
    if (!expanded.startsWith(dir + "/")) return;
    if (/[*?]/.test(expanded)) lost.push(expanded);
    // Bound back only when what it opens is allowed too: `~/.ssh/config -> id_rsa` would show the key under its name.
    // A directory only when what lies inside it is allowed too (`~/secrets/public: allow` names the directory, not
    // `~/secrets/public/id_rsa`, which `~/secrets/*` still denies).
    // A link is bound back as what it opens, which the rules decide elsewhere: not bound. A directory's denied files
    // keep mounts of their own (`~/secrets/public/x.key` under `*.key: deny`).
    else if (
      existsSync(expanded) &&
      canonical(expanded) === expanded &&
      restrictingRule(ctx.policy, "read", expanded, ctx.cwd) < 0 &&
      (!isDirectory(expanded) ||
        (restrictingRule(ctx.policy, "read", path.join(expanded, PROBE), ctx.cwd) < 0 && denyInside(ctx, expanded, DEFAULT_SCAN_LIMIT)))
    )
      ctx.plan.add("read-only", expanded, `allowed by ${rule.pattern}`, RANK.exposed, "any");
    else if (existsSync(expanded)) lost.push(expanded);
  });
  return lost;
}

/** A write rule (deny or ask): keep what it names read-only where it lies in a writable root. */
export function writeRule(ctx: Context, index: number, pattern: string, report: Report): boolean {
  if (isCatchAll(pattern)) {
    report(
      "cannot",
      "a rule on every path: the working tree, the temp directory and the build caches stay writable (docs/sandbox.md); the analysis still decides the paths a command names",
    );
    return false;
  }
  const wild = pattern.search(/[*?]/);
  const fixed = !pattern.startsWith("/") ? "" : wild === -1 ? pattern : pattern.slice(0, pattern.lastIndexOf("/", wild));
  if (fixed !== "") {
    const dir = canonical(fixed);
    const touches = ctx.writableRoots.some((w) => isInside(w, dir) || isInside(dir, w));
    if (!touches) {
      report("exact", "read-only already: it lies in no writable root");
      return false;
    }
    const rest = wild === -1 ? "" : pattern.slice(fixed.length + 1);
    if (rest === "" || rest === "*") {
      if (!existsSync(dir)) {
        report("existing-files", `${dir} does not exist when the command starts: the command can create it`);
        return false;
      }
      ctx.plan.add("read-only", dir, `write rule ${pattern}`, RANK.ruleReadOnly, liftableBy(ctx, index, "write"));
      // A link in a writable directory: its target is read-only, but the link itself can be removed and a new file
      // made under its name, as any new file a write rule names can.
      if (isLink(fixed) && ctx.writableRoots.some((w) => isInside(w, canonical(path.dirname(fixed))))) {
        report("existing-files", `${fixed} is a link: its target ${dir} is read-only; the link can be replaced by a new ${rest === "" ? "file" : "directory"}`);
        return false;
      }
      report("exact", `${dir} is read-only`);
      return false;
    }
  }
  report("existing-files", "existing matching files in the writable roots are read-only; a new file with such a name can still be created");
  return true;
}

/** A `path_write` allow for a directory (`D/*` or `D`): D becomes writable, unless a later rule takes it back. */
export function allowWriteRule(ctx: Context, index: number, pattern: string, report: Report): void {
  if (isCatchAll(pattern) || !pattern.startsWith("/")) return;
  const dir = pattern.endsWith("/*") ? pattern.slice(0, -2) : pattern;
  if (/[*?]/.test(dir) || dir === "" || !existsSync(dir) || !statSync(dir).isDirectory()) return;
  const c = canonical(dir);
  if (SYSTEM_ROOTS.some((s) => isInside(c, s))) {
    report("cannot", `${c} holds system directories: the kernel keeps them read-only`);
    return;
  }
  const decided = ctx.policy.check(ctx.policy.rules[index]?.surface ?? "path_write", path.join(c, PROBE));
  if (decided.rule !== index) return;
  addWritable(ctx, c, `allowed by ${pattern}`, RANK.ruleWritable);
  report("exact", `${c} is writable`);
}

/** An `existing-files` report says how many files the scan found for it. */
export function withScanCount(rep: RuleReport, ctx: Context): RuleReport {
  if (rep.enforcement !== "existing-files") return rep;
  const index = ctx.policy.rules.findIndex((r) => r.surface === rep.surface && r.pattern === rep.pattern);
  const n = ctx.scanned.get(index) ?? 0;
  return { ...rep, detail: `${rep.detail} (${n} file${n === 1 ? "" : "s"} now)` };
}

/** A file name the pattern's last part `rest` (after its fixed directory) matches: `*` and `?` filled in. */
export function probeName(rest: string): string {
  return rest === "*" ? PROBE : rest.replaceAll("*", "permc-probe").replaceAll("?", "p");
}

export function notNeeded(report: Report): false {
  report("not-needed", "a later rule allows what it names");
  return false;
}

/** Why a directory cannot be hidden wholesale, or null. */
export function unhideable(ctx: Context, dir: string): string | null {
  if (SYSTEM_ROOTS.some((s) => isInside(s, dir) || isInside(dir, s)))
    return `${dir} is or holds a system directory: the loader, libc, the shell and every program read files there`;
  if (isInside(dir, ctx.cwd)) return `${dir} holds the working tree`;
  if (isInside(dir, ctx.home)) return `${dir} holds the home directory`;
  if (isInside(dir, ctx.tmpDir)) return `${dir} holds the temp directory`;
  return null;
}
