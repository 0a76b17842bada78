/**
 * `sandboxProfile(policy, {cwd, home, grants})`: the kernel profile compiled
 * from a policy's path rules. Every path is decided by the policy's own
 * check(), so the kernel and the analysis read one set of rules. Throws on
 * anything unexpected (a policy that failed to load, a missing working
 * directory): a caller must then run nothing.
 */
import os from "node:os";
import path from "node:path";
import { expandHome } from "../expand-home.js";
import { DIRECTIONAL_SURFACES } from "../path-surfaces.js";
import { isInside } from "../paths/inside.js";
import type { Policy } from "../policy.js";
import { MountPlan, RANK } from "./plan-mounts.js";
import type { Enforcement, ProfileOptions, RuleReport, SandboxProfile, ScanReport } from "./profile-types.js";
import type { GitIndirections } from "./git-indirections.js";
import { isDirectory } from "./fs-probes.js";
import { scanTrees } from "./scan-tree.js";
import { BUILD_CACHES, PROTECTED_HOME_PATHS, PROTECTED_PROJECT_PATHS } from "./writable-defaults.js";
import { absentProtected } from "./absent-protected.js";
import { applyGrants } from "./apply-grants.js";
import { cachedCode } from "./cached-code.js";
import {
  OPENED_REPOSITORY_DEPTH,
  REPOSITORY_SEARCH_SKIPS,
  configuredGitPlaces,
  enclosingRepositories,
  gitPointers,
  protectBareRepositories,
  protectRepositories,
} from "./git-repositories.js";
import { homeEntriesOnly } from "./home-entries.js";
import { linkNotes, protectLinkTargets } from "./link-targets.js";
import { allowWriteRule, readRule, withScanCount, writeRule } from "./path-rules.js";
import { pathDirectories } from "../paths/path-directories.js";
import { permcInstallations } from "./permc-installations.js";
import { type Context, DEFAULT_SCAN_LIMIT, addExisting, addWritable, canonical, existingDir } from "./profile-context.js";
import { scanFiles } from "./rule-scan.js";
import { serviceSockets } from "./service-sockets.js";
import { sessionSockets } from "./session-sockets.js";
import { protectHardLinks } from "./hard-links.js";

export const NOTES: readonly string[] = [
  "rules about programs (`rm *`, `git push *`) are the analysis's alone: the kernel sees files, not commands",
  "a rule with wildcards is enforced for the files that exist under the working tree and the home when the command starts; files created during the command, or elsewhere, are not covered",
  "a new file whose name a write rule denies can still be created in a writable directory",
  "the network is left as it is",
];

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
  for (const p of cachedCode(home, options.env ?? process.env, tmpDir))
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
  const permcItself = permcInstallations(cwd, ctx.writableRoots);
  for (const p of permcItself) addExisting(ctx, "read-only", p, "protected: permc itself", RANK.protectedReadOnly);
  // Where git's configuration sends it (`core.hooksPath`, includes, the scripts its commands name): git runs or
  // reads them outside the sandbox at the person's next git command.
  const gitPlaces = configuredGitPlaces(repositories, home, ctx.notes);
  for (const p of [...gitPlaces.directories, ...gitPlaces.files])
    addExisting(ctx, "read-only", p, "protected: git's configuration names it", RANK.protectedReadOnly);
  // What the agent and its hook search outside, from where the command runs (a relative entry is a directory under it;
  // an empty one or `.`, the tree itself). An unset PATH searches the system's default directories, read-only anyway.
  const pathEnv = options.pathEnv ?? process.env.PATH;
  const onPath = pathEnv === undefined ? [] : [...new Set(pathDirectories(pathEnv, cwd))];
  for (const d of onPath) addExisting(ctx, "read-only", d, "a directory on PATH", RANK.protectedReadOnly);

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
  let met: {
    readonly repositories: readonly string[];
    readonly bareRepositories: readonly string[];
    readonly sockets: readonly string[];
    readonly complete: boolean;
  };
  if (needsScan) {
    const scanned = scanFiles(ctx, scanReport.limit);
    scanReport = scanned.report;
    met = { repositories: scanned.repositories, bareRepositories: scanned.bareRepositories, sockets: scanned.sockets, complete: scanned.report.complete };
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
  const walkedSockets: string[] = [];
  const inOpened = opened.flatMap((w) => {
    // Repositories people make there sit near its top (`/tmp/x`, `~/other/sub`): a full walk of a temp dir at every
    // command would cost what the machine's other temp files are.
    const found = scanTrees([w], new Set(), scanReport.limit, REPOSITORY_SEARCH_SKIPS, OPENED_REPOSITORY_DEPTH, true);
    // Past the bound a repository may stay unprotected (a note says so): stopping every run would hand a command that
    // fills the temp dir, or a busy machine's temp dir, the end of the agent's work. Files cost the walk nothing.
    if (!found.complete) ctx.notes.push(`the walk for repositories in ${w} stopped at its bound: the hooks of ones beyond it are not protected`);
    bare.push(...found.bareRepositories);
    walkedSockets.push(...found.sockets);
    return found.repositories;
  });
  // The host's services: every socket the kernel lists as bound, and every one the walks met (a socket renamed or
  // linked since its bind is listed under a name that is not there).
  const services = serviceSockets(ctx, options.env ?? process.env, options.socketTable, [...met.sockets, ...walkedSockets]);
  for (const at of services.covered) ctx.plan.add("hide-file", at, "a service's socket (what it is asked to do, it does outside)", RANK.hidden);
  ctx.notes.push(...services.notes);
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
  protectHardLinks(ctx, [...ctx.writableRoots, ...grants], scanReport.limit, permcItself);
  const absent = absentProtected(ctx, [...ctx.writableRoots, ...grants], onPath, allGitPlaces, options.env ?? process.env);
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
