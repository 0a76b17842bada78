/**
 * `sandboxProfile(policy, {cwd, home, grants})`: the kernel profile compiled
 * from a policy's path rules. Every path is decided by the policy's own
 * check(), so the kernel and the analysis read one set of rules. Throws on
 * anything unexpected (a policy that failed to load, a missing working
 * directory): a caller must then run nothing.
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expandHome } from "../expand-home.js";
import { DIRECTIONAL_SURFACES } from "../path-surfaces.js";
import { isInside } from "../paths/inside.js";
import type { Policy } from "../policy.js";
import { isCatchAll, restrictingRule } from "./decide-path.js";
import { type Liftable, MountPlan, RANK } from "./plan-mounts.js";
import type { Enforcement, Placeholder, ProfileOptions, RuleReport, SandboxProfile, ScanReport } from "./profile-types.js";
import { GitConfigUnreadable, type GitIndirections, gitIndirections } from "./git-indirections.js";
import { isDirectory, isFileEntry, isLink, isThere, listDir } from "./fs-probes.js";
import { scanTrees } from "./scan-tree.js";
import {
  ABSENT_FORMS,
  type AbsentForm,
  BUILD_CACHES,
  CACHED_CODE,
  PROTECTED_HOME_PATHS,
  PROTECTED_PROJECT_PATHS,
  SCAN_SKIPPED_HOME_DIRS,
  SESSION_SOCKET_DIRS,
  SESSION_SOCKET_VARIABLES,
  SYSTEM_ROOTS,
} from "./writable-defaults.js";

export const DEFAULT_SCAN_LIMIT = 20_000;
/** A name no rule is written for: probing a directory's rule decides "everything inside it". */
const PROBE = ".permc-sandbox-probe";

export const NOTES: readonly string[] = [
  "rules about programs (`rm *`, `git push *`) are the analysis's alone: the kernel sees files, not commands",
  "a rule with wildcards is enforced for the files that exist under the working tree and the home when the command starts; files created during the command, or elsewhere, are not covered",
  "a new file whose name a write rule denies can still be created in a writable directory",
  "the network is left as it is",
];

interface Context {
  readonly policy: Policy;
  readonly cwd: string;
  readonly home: string;
  readonly tmpDir: string;
  readonly plan: MountPlan;
  /** Directories the command may write (for the write rules' reports and the scan). */
  readonly writableRoots: string[];
  /** Rules the scan decides, by index: the files it hid or protected for them. */
  readonly scanned: Map<number, number>;
  /** Protected defaults that are links in a writable directory (a note of the profile). */
  readonly protectedLinks: string[];
  /** What else the profile says it does not cover. */
  readonly notes: string[];
}

export function sandboxProfile(policy: Policy, options: ProfileOptions): SandboxProfile {
  if (policy.error !== null || policy.info === null) throw new Error(`the policy did not load: ${policy.error ?? "no module information"}`);
  if (policy.info.platform !== "posix") throw new Error(`the module was compiled for ${policy.info.platform}; the kernel layer needs a posix module`);
  const cwd = existingDir(options.cwd, "working directory");
  const home = existingDir(options.home, "home directory");
  const tmpDir = existingDir(options.tmpDir ?? process.env.TMPDIR ?? os.tmpdir(), "temp directory");
  const ctx: Context = { policy, cwd, home, tmpDir, plan: new MountPlan(), writableRoots: [], scanned: new Map(), protectedLinks: [], notes: [] };
  const allReports: RuleReport[] = [];

  // The home is read-only (a temp dir or working tree holding it would make it writable); then the default roots.
  ctx.plan.add("read-only", home, "the home is read-only but for its build caches", RANK.homeReadOnly);
  addWritable(ctx, cwd, "the working tree", RANK.defaultWritable);
  addWritable(ctx, tmpDir, "the temp directory", RANK.defaultWritable);
  for (const c of BUILD_CACHES) {
    const p = path.join(home, c);
    // A cache that is a link, or lies under one, stays read-only: a command could plant `~/.m2/repository -> /`
    // and make its target writable for every command after it.
    if (isDirectory(p) && canonical(p) !== p)
      ctx.notes.push(`${p} is a link: this build cache stays read-only (a path_write allow rule for its target makes it writable)`);
    else addWritable(ctx, p, "a build cache", RANK.defaultWritable);
  }
  for (const p of PROTECTED_HOME_PATHS)
    addExisting(ctx, "read-only", path.join(home, p), "protected: keys, PATH, shell start-up or agent config", RANK.protectedReadOnly);
  for (const p of cachedCode(home, options.env ?? process.env))
    addExisting(ctx, "read-only", p, "protected: code a cache holds, run later as it is", RANK.protectedReadOnly);
  for (const { kind, at } of sessionSockets(options.env ?? process.env))
    ctx.plan.add(kind, at, "the sockets of terminal sessions (commands sent there run outside)", RANK.hidden);
  // The working tree's, and those of the repositories holding it (a command in `clone/pkg/web` reaches `../../.git`).
  const repositories = [cwd, ...enclosingRepositories(cwd)];
  for (const root of repositories)
    for (const p of [...PROTECTED_PROJECT_PATHS, ...gitPointers(root)])
      addExisting(ctx, "read-only", path.resolve(root, p), "protected: agent config or git hooks", RANK.protectedReadOnly);
  // permc itself: the installation running now and the project's own (its hook and `permc run` are run from there,
  // outside the sandbox, at the next call: a command that rewrote them would decide every call after it).
  for (const p of permcInstallations(cwd, ctx.writableRoots)) addExisting(ctx, "read-only", p, "protected: permc itself", RANK.protectedReadOnly);
  // Where git's configuration sends it (`core.hooksPath`, includes, the scripts its commands name): git runs or
  // reads them outside the sandbox at the person's next git command.
  const gitPlaces = configuredGitPlaces(repositories, home, ctx.notes);
  for (const p of [...gitPlaces.directories, ...gitPlaces.files])
    addExisting(ctx, "read-only", p, "protected: git's configuration names it", RANK.protectedReadOnly);
  for (const d of (options.pathEnv ?? process.env.PATH ?? "").split(path.delimiter)) {
    if (path.isAbsolute(d)) addExisting(ctx, "read-only", d, "a directory on PATH", RANK.protectedReadOnly);
  }

  let needsScan = false;
  // Rules that make a directory writable first: a deny or ask written before one (`external_directory_write` before
  // `path_write`) must still see the writable root it lies in. Reports keep the policy's order.
  const order = policy.rules.map((rule, index) => ({ rule, index }));
  const widens = ({ rule }: { rule: (typeof policy.rules)[number] }): boolean => rule.action === "allow" && !rule.surface.endsWith("_read");
  const ordered = [...order.filter(widens), ...order.filter((r) => !widens(r))];
  const reportAt = new Map<number, RuleReport[]>();
  for (const { rule, index } of ordered) {
    if (!DIRECTIONAL_SURFACES.includes(rule.surface) || rule.layer === "default") continue;
    const reports: RuleReport[] = [];
    reportAt.set(index, reports);
    const expanded = expandHome(rule.pattern, policy.info?.home ?? home, "posix");
    const r = (enforcement: Enforcement, detail: string): void => {
      reports.push({
        surface: rule.surface,
        pattern: rule.pattern,
        expanded,
        action: rule.action,
        ...(rule.source ? { source: rule.source } : {}),
        enforcement,
        detail,
      });
    };
    const read = rule.surface.endsWith("_read");
    if (rule.action === "allow") {
      if (!read) allowWriteRule(ctx, index, expanded, r);
      continue;
    }
    const scan = read ? readRule(ctx, index, expanded, r) : writeRule(ctx, index, expanded, r);
    needsScan ||= scan;
  }
  for (const index of [...reportAt.keys()].sort((a, b) => a - b)) allReports.push(...(reportAt.get(index) ?? []));

  let scanReport: ScanReport = { roots: [], visited: 0, limit: options.scanLimit ?? DEFAULT_SCAN_LIMIT, complete: true };
  // Repositories below the working tree (every project below the home, when it is the working tree): their hooks
  // and configuration, met by the walk wildcard rules need, or by one of the working tree for them alone.
  let met: { readonly repositories: readonly string[]; readonly bareRepositories: readonly string[]; readonly complete: boolean };
  if (needsScan) {
    const scanned = scanFiles(ctx, scanReport.limit);
    scanReport = scanned.report;
    met = { repositories: scanned.repositories, bareRepositories: scanned.bareRepositories, complete: scanned.report.complete };
  } else met = scanTrees([cwd], new Set(), scanReport.limit, REPOSITORY_SEARCH_SKIPS, Number.POSITIVE_INFINITY, true);
  const below = [...new Set(met.repositories)].filter((r) => r !== cwd && isInside(cwd, r));
  // Bare repositories (the working tree one too): git runs their hooks at a push into them, and reads their config.
  const bare = [...new Set(met.bareRepositories)].filter((r) => isInside(cwd, r));
  if (!met.complete) ctx.notes.push("the walk for repositories below the working tree stopped at its bound: the hooks of ones beyond it are not protected");

  const { grants, readGrants } = applyGrants(ctx, options);
  // A directory a grant or a `path_write` allow rule opens may hold projects too (approving `mv a.txt ../other` grants
  // `~/other`, a repository): what they protect is protected there as in the working tree.
  // The temp dir too (`git init /tmp/x`, then its hooks run when the person commits there); not the caches, whose
  // clones no person commits in.
  const opened = [...ctx.writableRoots, ...grants].filter((w) => w !== cwd && !BUILD_CACHES.some((c) => path.join(home, c) === w));
  const inOpened = opened.flatMap((w) => {
    // Repositories people make there sit near its top (`/tmp/x`, `~/other/sub`): a full walk of a temp dir at every
    // command would cost what the machine's other temp files are.
    const found = scanTrees([w], new Set(), scanReport.limit, REPOSITORY_SEARCH_SKIPS, OPENED_REPOSITORY_DEPTH, true);
    // Past the bound a repository may stay unprotected (a note says so): stopping every run would hand a command that
    // fills the temp dir, or a busy machine's temp dir, the end of the agent's work. Files cost the walk nothing.
    if (!found.complete) ctx.notes.push(`the walk for repositories in ${w} stopped at its bound: the hooks of ones beyond it are not protected`);
    bare.push(...found.bareRepositories);
    return found.repositories;
  });
  // A writable root that holds the home (the working tree, a temp dir that is the home, a `path_write` allow rule); a
  // grant of it is a person's answer about one command they read, and leaves the home writable but for the
  // protected paths.
  if (ctx.writableRoots.some((w) => isInside(w, home))) homeEntriesOnly(ctx);
  const belowPlaces = protectRepositories(ctx, [...new Set([...below, ...inOpened])]);
  const barePlaces = protectBareRepositories(ctx, [...new Set(bare)]);
  const allGitPlaces: GitIndirections = {
    directories: [...gitPlaces.directories, ...belowPlaces.directories, ...barePlaces.directories],
    files: [...gitPlaces.files, ...belowPlaces.files, ...barePlaces.files],
  };

  protectLinkTargets(ctx, [...ctx.writableRoots, ...grants]);
  const absent = absentProtected(ctx, [...ctx.writableRoots, ...grants], options.pathEnv ?? process.env.PATH ?? "", allGitPlaces, options.env ?? process.env);
  const mounts = ctx.plan.mounts();
  // Only where the plan mounts it: inside a hidden directory or a read-only one there is nothing to make.
  const placeholders = absent.placeholders.filter((p) => mounts.some((m) => m.path === p.path && m.kind === "read-only"));
  const finished = allReports.map((rep) => withScanCount(rep, ctx));
  return {
    engine: "bubblewrap",
    cwd,
    home,
    tmpDir,
    mounts,
    rules: finished,
    scan: scanReport,
    grants,
    readGrants,
    placeholders,
    watched: absent.watched,
    notes: [
      ...NOTES,
      ...linkNotes(ctx),
      ...ctx.notes,
      ...placeholders.map((p) => `${p.path} is not there: permc run makes it an empty ${p.kind}, read-only for the command, and leaves it`),
      ...absent.watched.map((p) => `${p} is not there, and an empty one would change what reads it: permc run moves aside one the command makes`),
    ],
  };
}

/**
 * The protected paths that are not there in a directory the command may write (a rule's or a grant's included):
 * each becomes a placeholder, mounted read-only, or is watched (writable-defaults.ts ABSENT_FORMS). A home path or
 * a directory on PATH is made with its parents (`~/.config/fish`); a project's only in a directory that is there
 * (`.git/hooks` in a `.git` directory, not a `.git` a command's `git init` is about to make).
 */
function absentProtected(
  ctx: Context,
  writable: readonly string[],
  pathEnv: string,
  gitPlaces: GitIndirections,
  env: NodeJS.ProcessEnv,
): { placeholders: Placeholder[]; watched: string[] } {
  const candidates: Array<{ p: string; form: AbsentForm; withParents: boolean }> = [
    ...PROTECTED_HOME_PATHS.map((h) => ({ p: path.join(ctx.home, h), form: absentForm(h), withParents: true })),
    ...cachedCode(ctx.home, env).map((p) => ({ p, form: "directory" as const, withParents: true })),
    ...PROTECTED_PROJECT_PATHS.map((h) => ({ p: path.join(ctx.cwd, h), form: absentForm(h), withParents: false })),
    // A directory on PATH only where its own directory is there: npm puts every ancestor's `node_modules/.bin` on the
    // PATH of what it runs, and their parents need not be made to keep those names from being planted.
    ...pathEnv
      .split(path.delimiter)
      .filter((d) => path.isAbsolute(d))
      .map((d) => ({ p: path.resolve(d), form: "directory" as const, withParents: false })),
    // An empty configuration sets nothing, and an empty script does nothing.
    ...gitPlaces.directories.map((p) => ({ p, form: "directory" as const, withParents: true })),
    ...gitPlaces.files.map((p) => ({ p, form: "empty-file" as const, withParents: false })),
  ];
  const placeholders: Placeholder[] = [];
  const watched: string[] = [];
  for (const { p, form, withParents } of candidates) {
    // Anything there is the existing paths' business (addExisting, linkNotes); a link that leads nowhere yet, too,
    // though what a command makes at its target is not protected.
    if (isThere(p)) {
      if (!existsSync(p) && writable.some((w) => isInside(w, canonical(path.dirname(p)))))
        ctx.notes.push(`${p} is a link to nothing: what the command makes where it leads is not protected`);
      continue;
    }
    const c = canonical(p);
    if (!writable.some((w) => isInside(w, c)) || widenedByRule(ctx, c) || placeholders.some((h) => h.path === c) || watched.includes(c)) continue;
    if (!withParents && !isDirectory(path.dirname(c))) {
      ctx.notes.push(`${c} is not there: it is protected only once it exists, and this command may create it`);
      continue;
    }
    if (form === "watched") {
      watched.push(c);
      continue;
    }
    placeholders.push({ path: c, kind: form === "directory" ? "directory" : "file" });
    ctx.plan.add("read-only", c, "protected, not there: made empty for the command", RANK.protectedReadOnly);
  }
  return { placeholders, watched };
}

function absentForm(relative: string): AbsentForm {
  const form = ABSENT_FORMS[relative];
  if (form === undefined) throw new Error(`no absent form for the protected path ${relative} (writable-defaults.ts)`);
  return form;
}

type Report = (enforcement: Enforcement, detail: string) => void;

/**
 * The paths a person approved for this command: a grant answers the ask about its own path (approving `ls /`
 * answers no ask inside `/`). It lifts what ask rules of its direction hold there; a write grant makes the path
 * writable, a read grant binds it back where a hidden directory holds it. What a deny rule or a protected default
 * holds stays, at the path and inside it, and what deny rules name inside a directory the grant opens keeps a mount
 * of its own (past the scan's bound the grant is not made: the approved command may fail, it does not leak).
 * Returns the grants made.
 */
function applyGrants(ctx: Context, options: ProfileOptions): { grants: string[]; readGrants: string[] } {
  const limit = options.scanLimit ?? DEFAULT_SCAN_LIMIT;
  const readGranted = new Set<string>();
  const grant = (g: string, direction: "read" | "write"): string | null => {
    const p = canonical(path.resolve(ctx.cwd, g));
    if (!existsSync(p)) throw new Error(`the granted path ${g} does not exist`);
    const rule = restrictingRule(ctx.policy, direction, p, ctx.cwd);
    if (ctx.plan.lockedAt(p, direction) || (rule >= 0 && ctx.policy.rules[rule]?.action === "deny")) return null;
    // A directory opened wider than the profile had it (made writable, or shown where a hidden directory held it,
    // its own hiding lifted): its denied files get mounts of their own first, before anything is lifted.
    const opens = direction === "write" ? !ctx.writableRoots.some((w) => isInside(w, p)) : ctx.plan.hiddenAt(p);
    if (opens && isDirectory(p) && !denyInside(ctx, p, limit)) return null;
    ctx.plan.liftAt(p, direction);
    if (direction === "read") {
      // Inside a directory an ask rule hides that the grant does not lift (`~/.ssh/*`, granted `~/.ssh/config`).
      if (ctx.plan.hiddenAt(p)) ctx.plan.add("read-only", p, "granted for reading, for this command", RANK.granted);
      readGranted.add(p);
      return p;
    }
    // Where a read ask still hides the path (`~/proj/cfg.json: ask`, approved `echo x >> cfg.json`), a writable
    // mount would show it: not made, unless reading it was granted too.
    if (ctx.plan.hiddenStill(p) && !readGranted.has(p)) return null;
    ctx.plan.add("writable", p, "granted for this command", RANK.granted);
    return p;
  };
  const readGrants = (options.readGrants ?? []).map((g) => grant(g, "read")).filter((p) => p !== null);
  const grants = (options.grants ?? []).map((g) => grant(g, "write")).filter((p) => p !== null);
  return { grants, readGrants };
}

/** A read rule (deny or ask): hide what it names. Returns whether the scan must decide it. */
function readRule(ctx: Context, index: number, pattern: string, report: Report): boolean {
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
function exposeExceptions(ctx: Context, index: number, dir: string): string[] {
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
function writeRule(ctx: Context, index: number, pattern: string, report: Report): boolean {
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

/**
 * A writable root holds the home (the working tree after `cd ~`, a `path_write` allow rule): the home's own entries stay
 * read-only, its dotfiles and dot-directories among them (start-up files, keys, the configuration programs run code
 * from: every one is a way out of the sandbox the next time something outside reads it, and no list names them
 * all), and the entries that are no dotfiles (projects, documents) are writable. A new name directly in the home
 * cannot be made, nor an entry there renamed (each is a mount point); a link is not followed to a place it would
 * make writable.
 */
function homeEntriesOnly(ctx: Context): void {
  ctx.plan.add("read-only", ctx.home, "the home's own entries: a writable root holds the home", RANK.homeEntries);
  for (const name of listDir(ctx.home)) {
    const p = path.join(ctx.home, name);
    if (name.startsWith(".") || isLink(p)) continue;
    if (isDirectory(p)) addWritable(ctx, p, "the working tree (an entry of the home)", RANK.defaultWritable);
    else if (isFileEntry(p)) ctx.plan.add("writable", p, "the working tree (an entry of the home)", RANK.defaultWritable);
  }
}

/** A `path_write` allow for a directory (`D/*` or `D`): D becomes writable, unless a later rule takes it back. */
function allowWriteRule(ctx: Context, index: number, pattern: string, report: Report): void {
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

/**
 * Decides each scanned file: hide what a read rule denies, keep read-only what a write rule denies. Returns the
 * report and the repositories the walk met.
 */
function scanFiles(ctx: Context, limit: number): { report: ScanReport; repositories: readonly string[]; bareRepositories: readonly string[] } {
  const skip = new Set(SCAN_SKIPPED_HOME_DIRS.map((d) => path.join(ctx.home, d)));
  const roots = [ctx.cwd, ctx.home];
  const result = scanTrees(roots, skip, limit);
  for (const f of result.files) {
    const c = f.canonical;
    // Inside a directory an ask rule hides the file still gets its own mount: a grant may lift the directory's.
    if (isSystemFile(ctx, c) || ctx.plan.hiddenAt(c, true)) continue;
    const read = restrictingRule(ctx.policy, "read", c, ctx.cwd);
    // Inside a directory an ask rule hides, only what a deny rule names needs a mount of its own: the directory's
    // hiding holds the rest, and a grant of the directory answers that ask as a whole.
    if (read >= 0 && ctx.policy.rules[read]?.action !== "deny" && ctx.plan.hiddenAt(c)) continue;
    if (read >= 0) {
      // A link to a file already hidden; another mount planned there (a protected default's, a write rule's
      // read-only bind) hides nothing, so the hiding is planned above it.
      if (ctx.plan.hidesFile(c)) continue;
      ctx.plan.add("hide-file", c, `read rule ${ctx.policy.rules[read]?.pattern}`, RANK.hidden, liftableBy(ctx, read, "read"));
      ctx.scanned.set(read, (ctx.scanned.get(read) ?? 0) + 1);
      continue;
    }
    if (!ctx.writableRoots.some((w) => isInside(w, c))) continue;
    const write = restrictingRule(ctx.policy, "write", c, ctx.cwd);
    if (write >= 0) {
      ctx.plan.add("read-only", c, `write rule ${ctx.policy.rules[write]?.pattern}`, RANK.ruleReadOnly, liftableBy(ctx, write, "write"));
      ctx.scanned.set(write, (ctx.scanned.get(write) ?? 0) + 1);
    }
  }
  return {
    report: { roots, visited: result.visited, limit, complete: result.complete },
    repositories: result.repositories,
    bareRepositories: result.bareRepositories,
  };
}

/** How deep below a granted directory, a rule's or the temp dir repositories are looked for. */
const OPENED_REPOSITORY_DEPTH = 3;
/** Directories the walk for repositories alone does not enter: installed packages hold none a person commits in. */
const REPOSITORY_SEARCH_SKIPS: ReadonlySet<string> = new Set(["node_modules"]);

/**
 * The files under `dir` that deny rules name, each with a mount no grant lifts (a directory a grant or an exception
 * opens). False past the scan's bound: the caller then does not open it.
 */
function denyInside(ctx: Context, dir: string, limit: number): boolean {
  const skip = new Set(SCAN_SKIPPED_HOME_DIRS.map((d) => path.join(ctx.home, d)));
  const result = scanTrees([dir], skip, limit);
  if (!result.complete) return false;
  for (const f of result.files) {
    const c = f.canonical;
    if (isSystemFile(ctx, c)) continue;
    const read = restrictingRule(ctx.policy, "read", c, ctx.cwd);
    if (read >= 0 && ctx.policy.rules[read]?.action === "deny") ctx.plan.add("hide-file", c, `read rule ${ctx.policy.rules[read]?.pattern}`, RANK.hidden);
    const write = restrictingRule(ctx.policy, "write", c, ctx.cwd);
    if (write >= 0 && ctx.policy.rules[write]?.action === "deny")
      ctx.plan.add("read-only", c, `write rule ${ctx.policy.rules[write]?.pattern}`, RANK.ruleReadOnly);
  }
  return true;
}

/** An `existing-files` report says how many files the scan found for it. */
function withScanCount(rep: RuleReport, ctx: Context): RuleReport {
  if (rep.enforcement !== "existing-files") return rep;
  const index = ctx.policy.rules.findIndex((r) => r.surface === rep.surface && r.pattern === rep.pattern);
  const n = ctx.scanned.get(index) ?? 0;
  return { ...rep, detail: `${rep.detail} (${n} file${n === 1 ? "" : "s"} now)` };
}

/**
 * Files through which git finds hooks and configuration other than `.git/hooks` and `.git/config`, where they exist
 * when the command starts (working-tree-relative): `.git` itself when it is a file (a linked worktree's or a
 * submodule's `gitdir:` line), each submodule's own `hooks` and `config` under `.git/modules`, and a linked
 * worktree's `commondir` and `gitdir`. Ones a command creates are not covered (docs/sandbox.md).
 */
function gitPointers(cwd: string): string[] {
  const out: string[] = [];
  const dotGit = path.join(cwd, ".git");
  // A linked worktree or a submodule's checkout: the pointer, and the git directories it names (absolute: a linked
  // worktree's hooks and configuration are its main repository's, wherever that is).
  if (isFileEntry(dotGit)) return [".git", ...linkedGitDirectories(cwd, dotGit)];
  // A submodule's name may hold slashes (`.git/modules/libs/foo`): a directory with a HEAD is a git directory.
  let visited = 0;
  const walk = (dir: string, rel: string, depth: number): void => {
    for (const name of listDir(dir)) {
      const sub = path.join(dir, name);
      if (++visited > MAX_GIT_DIRECTORIES) {
        // Too many to look through (a command may pad it): all of it stays read-only.
        out.push(".git/modules");
        return;
      }
      if (!isDirectory(sub)) continue;
      if (!existsSync(path.join(sub, "HEAD"))) {
        if (depth < MAX_SUBMODULE_DEPTH) walk(sub, `${rel}/${name}`, depth + 1);
        continue;
      }
      out.push(`${rel}/${name}/hooks`, `${rel}/${name}/config`);
      if (depth < MAX_SUBMODULE_DEPTH) walk(path.join(sub, "modules"), `${rel}/${name}/modules`, depth + 1);
    }
  };
  walk(path.join(dotGit, "modules"), ".git/modules", 1);
  for (const name of listDir(path.join(dotGit, "worktrees"))) out.push(...WORKTREE_FILES.map((f) => `.git/worktrees/${name}/${f}`));
  return out;
}

/**
 * Repositories besides the working tree's own and those holding it (below it, in a directory a grant or a rule
 * opens): their agent config, hooks, configuration and git pointers are read-only, and so is what their
 * configuration names. Returns the places that may not be there yet (a placeholder each): what their configuration
 * names, and a hooks directory in a `.git` directory that is (a `.git` file's hooks are its git directory's).
 */
function protectRepositories(ctx: Context, roots: readonly string[]): GitIndirections {
  for (const root of roots)
    for (const p of [...PROTECTED_PROJECT_PATHS, ...gitPointers(root)])
      addExisting(ctx, "read-only", path.resolve(root, p), "protected: agent config or git hooks of a repository there", RANK.protectedReadOnly);
  const places = configuredGitPlaces(roots, ctx.home, ctx.notes);
  for (const p of [...places.directories, ...places.files]) addExisting(ctx, "read-only", p, "protected: git's configuration names it", RANK.protectedReadOnly);
  const hooks = roots.filter((r) => isDirectory(path.join(r, ".git"))).map((r) => path.join(r, ".git", "hooks"));
  return { directories: [...places.directories, ...hooks], files: places.files };
}

/** CACHED_CODE's places in the home, and npx's where the environment moves npm's cache (`npm_config_cache`). */
function cachedCode(home: string, env: NodeJS.ProcessEnv): string[] {
  const npmCache = env.npm_config_cache ?? env.NPM_CONFIG_CACHE;
  const moved = npmCache !== undefined && path.isAbsolute(npmCache) ? [path.join(npmCache, "_npx")] : [];
  return [...CACHED_CODE.map((p) => path.join(home, p)), ...moved];
}

/** Entries looked at, at most, inside one protected directory for links that lead out of it. */
const MAX_LINK_SCAN = 500;

/**
 * Links inside a read-only directory lead out of its bind: `.git/hooks/pre-commit -> ../../scripts/pre-commit`
 * written through the link writes the script, which git runs. What such a link leads to in a writable place is
 * read-only too.
 */
function protectLinkTargets(ctx: Context, writable: readonly string[]): void {
  for (const dir of ctx.plan.protectedPaths()) {
    if (!isDirectory(dir) || !writable.some((w) => isInside(w, dir))) continue;
    let seen = 0;
    const walk = (d: string, depth: number): void => {
      for (const name of listDir(d)) {
        if (++seen > MAX_LINK_SCAN) return;
        const p = path.join(d, name);
        if (isLink(p)) {
          const target = canonical(p);
          if (writable.some((w) => isInside(w, target)) && !isInside(dir, target))
            addExisting(ctx, "read-only", target, `protected: a link in ${dir} leads here`, RANK.protectedReadOnly);
        } else if (depth < 3 && isDirectory(p)) walk(p, depth + 1);
      }
    };
    walk(dir, 0);
  }
}

/** What a linked worktree's entry in its repository's `worktrees/` holds that sends git elsewhere or configures it. */
const WORKTREE_FILES: readonly string[] = ["commondir", "gitdir", "config.worktree"];

/**
 * A bare repository's hooks and configuration (and what that configuration names), as a `.git` directory's, and its
 * linked worktrees' entries (a worktree's `commondir` names the repository whose hooks git runs there).
 */
function protectBareRepositories(ctx: Context, gitDirs: readonly string[]): GitIndirections {
  const out: GitIndirections = { directories: [], files: [] };
  for (const dir of gitDirs) {
    const worktrees = listDir(path.join(dir, "worktrees")).flatMap((name) => WORKTREE_FILES.map((f) => path.join("worktrees", name, f)));
    for (const p of ["hooks", "config", "config.worktree", ...worktrees])
      addExisting(ctx, "read-only", path.join(dir, p), "protected: a bare repository's hooks and configuration", RANK.protectedReadOnly);
    const places = gitIndirectionsOr([path.join(dir, "config")], [], dir, ctx.home, dir, ctx.notes);
    for (const p of [...places.directories, ...places.files])
      addExisting(ctx, "read-only", p, "protected: git's configuration names it", RANK.protectedReadOnly);
    out.directories.push(...places.directories, path.join(dir, "hooks"));
    out.files.push(...places.files);
  }
  return out;
}

/**
 * What the configuration of each repository (its `.git/config` and `config.worktree`, a linked worktree's and its
 * main repository's) and the person's global configuration send git to (git-indirections.ts).
 */
function configuredGitPlaces(repositories: readonly string[], home: string, notes: string[]): GitIndirections {
  const out: GitIndirections = { directories: [], files: [] };
  const xdg = process.env.XDG_CONFIG_HOME;
  // The person's global configuration, where git finds it (`GIT_CONFIG_GLOBAL` names another file).
  const named = process.env.GIT_CONFIG_GLOBAL;
  const global = [
    path.join(home, ".gitconfig"),
    path.join(xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(home, ".config"), "git", "config"),
    ...(named !== undefined && path.isAbsolute(named) ? [named] : []),
  ];
  if (named !== undefined && path.isAbsolute(named)) out.files.push(named);
  // The person's own configuration first: where permc cannot follow it, nothing runs (GitConfigUnreadable).
  gitIndirections(global, home, home);
  for (const root of repositories) {
    const dotGit = path.join(root, ".git");
    const own = isFileEntry(dotGit)
      ? linkedGitDirectories(root, dotGit).filter((p) => /\/config(?:\.worktree)?$/.test(p))
      : [path.join(dotGit, "config"), path.join(dotGit, "config.worktree")];
    const found = gitIndirectionsOr(own, global, root, home, dotGit, notes);
    out.directories.push(...found.directories);
    out.files.push(...found.files);
  }
  return { directories: [...new Set(out.directories)], files: [...new Set(out.files)] };
}

/**
 * What a repository's configuration names; where permc cannot follow it (a FIFO or an endless file included, more
 * includes than it reads), the repository's whole git directory stays read-only, and a note says so: one repository
 * a command set up that way (in the temp dir, say) must not stop every later run.
 */
function gitIndirectionsOr(own: readonly string[], global: readonly string[], root: string, home: string, gitDir: string, notes: string[]): GitIndirections {
  try {
    return gitIndirections([...own, ...global], root, home);
  } catch (e) {
    if (!(e instanceof GitConfigUnreadable)) throw e;
    notes.push(`${e.message}: all of ${gitDir} stays read-only`);
    return { directories: [gitDir], files: [] };
  }
}

/**
 * The permc packages a host runs: this installation (the folder holding `dist/`, found from this file in the built
 * package, or from the sources) and the working tree's `node_modules/permc` (a link to a store is followed by
 * addExisting).
 */
function permcInstallations(cwd: string, writable: readonly string[]): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const found = [path.join(here, "..", "..", ".."), path.join(here, "..", "..")].find((d) => packageName(path.join(d, "package.json")) === "permc");
  const own = found === undefined ? [] : [path.resolve(found)];
  // permc's own repository as the working tree: what runs (the build, its dependencies), not the sources.
  const runs = own.flatMap((root) => (isInside(root, cwd) ? ["dist", "node_modules", "package.json"].map((p) => path.join(root, p)) : [root]));
  const local = path.join(cwd, "node_modules", "permc");
  // And the packages each loads, wherever npm put them (`web-tree-sitter` hoisted into the project's node_modules):
  // looked up from an installation a command may write in (one elsewhere finds them beside itself).
  const open = [...own, ...(isDirectory(local) ? [local] : [])].filter((root) => writable.some((w) => isInside(w, root)));
  return [...runs, local, ...dependencyDirectories(open)];
}

/** Packages looked up from permc's, at most (its dependencies and theirs, as node finds them). */
const MAX_DEPENDENCIES = 400;

/** The directories of the packages `roots` depend on, and theirs, resolved as node does (each `node_modules` up). */
function dependencyDirectories(roots: readonly string[]): string[] {
  const found = new Set<string>();
  const queue = [...roots];
  for (let i = 0; i < queue.length && found.size < MAX_DEPENDENCIES; i++) {
    const from = queue[i] as string;
    for (const name of dependencyNames(path.join(from, "package.json"))) {
      for (let d = from; ; d = path.dirname(d)) {
        const candidate = path.join(d, "node_modules", name);
        if (isDirectory(candidate)) {
          const c = canonical(candidate);
          if (!found.has(c)) {
            found.add(c);
            queue.push(c);
          }
          break;
        }
        if (path.dirname(d) === d) break;
      }
    }
  }
  return [...found];
}

function dependencyNames(file: string): string[] {
  try {
    const deps = (JSON.parse(readFileSync(file, "utf8")) as { dependencies?: unknown }).dependencies;
    return typeof deps === "object" && deps !== null ? Object.keys(deps) : [];
  } catch {
    return [];
  }
}

function packageName(file: string): unknown {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}

/**
 * Terminal sessions' sockets there now (writable-defaults.ts SESSION_SOCKET_DIRS, SESSION_SOCKET_VARIABLES): a
 * directory of them hidden wholesale, a socket a variable names covered (a `connect` to it is refused).
 */
function sessionSockets(env: NodeJS.ProcessEnv): Array<{ kind: "hide-dir" | "hide-file"; at: string }> {
  const dirs = new Set<string>();
  const sockets = new Set<string>();
  for (const { in: where, names } of SESSION_SOCKET_DIRS) {
    const dir = where.startsWith("$") ? env[where.slice(1)] : where;
    if (dir === undefined || !path.isAbsolute(dir)) continue;
    for (const name of listDir(dir)) {
      const p = canonical(path.join(dir, name));
      if (names.test(name) && isDirectory(p)) dirs.add(p);
    }
  }
  for (const { name, names } of SESSION_SOCKET_VARIABLES) {
    const value = env[name]?.split(",")[0];
    if (value === undefined || !path.isAbsolute(value) || !isThere(value)) continue;
    const p = canonical(value);
    if (names === "directory" && isDirectory(p)) dirs.add(p);
    else if (names === "socket" && !isDirectory(p)) sockets.add(p);
  }
  return [...[...dirs].map((at) => ({ kind: "hide-dir" as const, at })), ...[...sockets].map((at) => ({ kind: "hide-file" as const, at }))];
}

/** The ancestors of `cwd` that hold a `.git` (the repositories a command in a subdirectory works in). */
function enclosingRepositories(cwd: string): string[] {
  const out: string[] = [];
  for (let d = path.dirname(cwd); d !== path.dirname(d); d = path.dirname(d)) if (existsSync(path.join(d, ".git"))) out.push(d);
  return out;
}

/**
 * What a `.git` file (`gitdir: …`) hands git: its git directory's `config.worktree`, and the common directory's
 * (`commondir`, a linked worktree's main repository) hooks and configuration. Absolute paths.
 */
function linkedGitDirectories(cwd: string, dotGit: string): string[] {
  const gitdir = /^gitdir:\s*(.+?)\s*$/m.exec(readText(dotGit))?.[1];
  if (gitdir === undefined) return [];
  const dir = path.resolve(cwd, gitdir);
  const common = readText(path.join(dir, "commondir")).trim();
  const commonDir = common === "" ? dir : path.resolve(dir, common);
  return [
    path.join(dir, "config.worktree"),
    path.join(dir, "config"),
    path.join(commonDir, "hooks"),
    path.join(commonDir, "config"),
    path.join(commonDir, "config.worktree"),
  ];
}

function readText(p: string): string {
  try {
    return readFileSync(p, "utf8");
  } catch {
    return "";
  }
}

/** Directories under `.git/modules` looked into, at most, and how deep (names and submodules inside submodules). */
const MAX_SUBMODULE_DEPTH = 6;
const MAX_GIT_DIRECTORIES = 500;

/** Which grant may lift what the rule at `index` holds: one about `direction` when the rule asks; none when it denies. */
function liftableBy(ctx: Context, index: number, direction: "read" | "write"): Liftable {
  return ctx.policy.rules[index]?.action === "ask" ? direction : false;
}

/** A file name the pattern's last part `rest` (after its fixed directory) matches: `*` and `?` filled in. */
function probeName(rest: string): string {
  return rest === "*" ? PROBE : rest.replaceAll("*", "permc-probe").replaceAll("?", "p");
}

/** Protected paths that are links in a writable directory: the kernel keeps their targets, not the links. */
function linkNotes(ctx: Context): string[] {
  return ctx.protectedLinks.map((l) => `${l} is a link in a writable directory: its target is read-only, but the link itself can be replaced`);
}

function notNeeded(report: Report): false {
  report("not-needed", "a later rule allows what it names");
  return false;
}

/**
 * A file the scan leaves alone: one under a system directory (the loader, libc and every program read there), unless
 * it lies in a home or working tree inside one (`/var/lib/jenkins`, `/var/www/site`, `/opt/app`), whose files are
 * the person's; not when the home or working tree is a system directory or holds one (`/etc`, `/`).
 */
function isSystemFile(ctx: Context, c: string): boolean {
  if (!SYSTEM_ROOTS.some((s) => isInside(s, c))) return false;
  const owned = (root: string): boolean => isInside(root, c) && !SYSTEM_ROOTS.some((s) => isInside(root, s));
  return !owned(ctx.home) && !owned(ctx.cwd);
}

/** Why a directory cannot be hidden wholesale, or null. */
function unhideable(ctx: Context, dir: string): string | null {
  if (SYSTEM_ROOTS.some((s) => isInside(s, dir) || isInside(dir, s)))
    return `${dir} is or holds a system directory: the loader, libc, the shell and every program read files there`;
  if (isInside(dir, ctx.cwd)) return `${dir} holds the working tree`;
  if (isInside(dir, ctx.home)) return `${dir} holds the home directory`;
  if (isInside(dir, ctx.tmpDir)) return `${dir} holds the temp directory`;
  return null;
}

function addWritable(ctx: Context, p: string, why: string, rank: number): void {
  if (!isDirectory(p)) return;
  const c = canonical(p);
  // A root a specific write rule denies stays as it is (read-only unless a wider root holds it).
  if (restrictingRule(ctx.policy, "write", path.join(c, PROBE), ctx.cwd) >= 0) return;
  ctx.writableRoots.push(c);
  ctx.plan.add("writable", c, why, rank);
}

function addExisting(ctx: Context, kind: "read-only", p: string, why: string, rank: number): void {
  if (!existsSync(p)) return;
  const c = canonical(p);
  if (c !== p && isLink(p) && ctx.writableRoots.some((w) => isInside(w, canonical(path.dirname(p))))) ctx.protectedLinks.push(p);
  if (widenedByRule(ctx, c)) return;
  ctx.plan.add(kind, c, why, rank);
}

/** A path_write allow rule that names the protected path `c` widens the default. */
function widenedByRule(ctx: Context, c: string): boolean {
  return ctx.policy.check("path_write", path.join(c, PROBE)).action === "allow" && ruleWritableCovers(ctx, c);
}

/**
 * A `path_write` allow rule names the protected path `p` itself or a path inside it (`~/.local/bin/*`): the person
 * widened that default on purpose. A rule on a directory holding it (`~/work/*`) does not: every project's
 * `.git/hooks` below it would lose its protection unasked.
 */
function ruleWritableCovers(ctx: Context, p: string): boolean {
  return ctx.policy.rules.some(
    (r) =>
      r.surface === "path_write" &&
      r.action === "allow" &&
      r.layer !== "default" &&
      !isCatchAll(r.pattern) &&
      isInside(p, canonical(expandHome(r.pattern.replace(/\/\*$/, ""), ctx.home, "posix"))),
  );
}

function existingDir(p: string, what: string): string {
  if (typeof p !== "string" || p === "") throw new Error(`no ${what} given`);
  const abs = path.resolve(p);
  if (!isDirectory(abs)) throw new Error(`the ${what} ${abs} does not exist`);
  return realpathSync(abs);
}

/** realpath of the path, or of its longest existing prefix plus the rest. */
function canonical(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    const parent = path.dirname(p);
    return parent === p ? p : path.join(canonical(parent), path.basename(p));
  }
}
