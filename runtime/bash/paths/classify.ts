/**
 * Classification and resolution of the collected path tokens: each becomes
 * a candidate with every alias a path rule may be written against (lexical
 * absolute, cwd-relative, as written, canonical, through a symlink the
 * command makes), flagged external when it lies outside the working
 * directory; bare names that exist on disk are promoted to paths; globs are
 * expanded on disk; a directory a recursive command walks is listed.
 */
import { basename, dirname, isAbsolute, resolve } from "node:path";
import type { CharSet, Segment } from "../../explore.js";
import { canonicalPath } from "../../paths/canonical.js";
import { kernelResolve } from "../../paths/kernel-resolve.js";
import { MAX_ARCHIVES_READ, archiveMembers as readArchiveMembers } from "./archive-members.js";
import { isOutsideCwd, relativeInside } from "../../paths/inside.js";
import { entryExists } from "./entry-exists.js";
import { globsNameWhatIsThere, starsOnly } from "./globs-now.js";
import { expandOnDisk, patternForms, type PathPatternCandidate, type RawPathPattern } from "./patterns.js";
import { isNormalAbsolute, isPlainName } from "./normal-path.js";
import { landingNames } from "./copy-into.js";
import { BareNameProbes } from "./probes.js";
import { repositoryReach } from "./repository-content.js";
import { repositoryRoot, workTreeTop } from "./repository-root.js";
import { storeReach } from "./repository-store.js";
import { isIgnoreFileName } from "./ignore-files.js";
import { fileShape, operandShape, tokenShape } from "./token-shape.js";
import { copyMayMakeLinks, isDirectory, listTree, MAX_TREE_ENTRIES, mayMeetDirectoryLinks, type TreeSkips } from "./tree.js";
import type { RepositoryRead } from "../programs/findings.js";
import type { ArchiveMembers, ExtractedArchive, MadeRoot, PathBase, PathCandidate, PathRole, RawPathToken } from "./types.js";

export interface ClassifyOptions {
  cwd: string;
  home: string;
  /** Probe bare words on disk (default true). */
  probeBareNames?: boolean;
  realpath?: ((absolute: string, likelyExists?: boolean) => string) | undefined;
  /** Another command of the call may change a git index (split/state.ts Env.indexMayChange). */
  indexMayChange?: boolean;
  /**
   * Nothing runs before bash expands the command's globs, and GLOBIGNORE is
   * unset (split.ts): a glob of `*` names exactly the files there (globs-now.ts).
   */
  globsExpandNow?: boolean;
  /** SplitOptions.readStrictness: a listed file no stricter than the ones kept before it is not a candidate. */
  readStrictness?: ((values: readonly string[], external: boolean) => number) | undefined;
}

export interface ClassifiedPaths {
  ruleCandidates: PathCandidate[];
  externalPaths: string[];
  /** What the command does with each external path (parallel to `externalPaths`). */
  externalRoles: PathRole[];
  bareTokens: PathCandidate[];
  /** Words that are not one known path (patterns.ts). */
  patterns: PathPatternCandidate[];
}

/**
 * `@FILE` is a response file to many programs (gcc and binutils, ld, java,
 * javac, c++filt, …): they read FILE and take its text as arguments, or
 * print it in their errors (`c++filt @envlink.txt`). The reference rejects
 * every `@` word as a path (npm scopes: `@types/node`); permc keeps that and
 * also checks FILE as a path read by any program, so a response file that
 * names a denied file meets the rule (an npm scope names no file there:
 * nothing to decide). Closed world: no list of programs that read them.
 * A relative FILE that does not exist cannot be read, so only one whose
 * first name is there counts.
 */
function responseFileAlias(t: RawPathToken): RawPathToken[] {
  if (t.token.length < 2 || t.token[0] !== "@" || t.token[1] === "@") return [];
  const file = t.token.slice(1);
  // A relative name is read only if it is there; its first name decides (`@sshlink/k` through a link, not `@types/node`).
  const first = file.split("/")[0]!;
  const mayName = !t.base.known || /^(?:\/|~)/.test(file) || file.includes("..") || entryExists(resolve(t.base.dir, first));
  return mayName ? [{ token: file, base: t.base, derived: true, role: "read" }] : [];
}

/** The work tree's `.git` is a directory without an index file (`git init` and nothing added since). */
function noIndexYet(top: string): boolean {
  const git = top.endsWith("/") ? `${top}.git` : `${top}/.git`;
  return isDirectory(git) && !entryExists(`${git}/index`);
}

/** The suffixes split and csplit make: letters and digits (`xaa`, `x00`, `x0a`). */
const SUFFIX_CHARACTERS: CharSet = {
  negated: false,
  ranges: [
    [48, 57],
    [65, 90],
    [97, 122],
  ],
};

export function classifyPaths(
  tokens0: readonly RawPathToken[],
  opts: ClassifyOptions,
  patterns0: readonly RawPathPattern[] = [],
  symlinks: ReadonlyArray<{ readonly name: string; readonly target: string }> = [],
  madeRoots: readonly MadeRoot[] = [],
): ClassifiedPaths {
  const tokens: RawPathToken[] = [...tokens0];
  // The files a glob names today are checked as paths too, by their canonical form (a symlink among them). Where
  // nothing can change what it names before bash expands it (globs-now.ts), they are all it names: the glob itself
  // no longer meets the rules.
  const now = opts.globsExpandNow === true && globsNameWhatIsThere(tokens0, madeRoots, symlinks);
  const expanded = new Set<RawPathPattern>();
  for (const p of patterns0) {
    if (p.kind !== "glob") continue;
    let complete = now;
    for (const alt of p.alternatives) {
      // Where the expansion is all a glob names, it is bash's: `*` leaves out dotfiles (dotglob is known off).
      const matches = expandOnDisk(alt, p.base, now ? "as bash" : "included");
      if (matches === null || !starsOnly(alt)) complete = false;
      for (const match of matches ?? []) tokens.push({ token: match, base: p.base, derived: true, ...(p.role !== undefined ? { role: p.role } : {}) });
    }
    if (complete) expanded.add(p);
  }
  const rawPatterns: RawPathPattern[] = patterns0.filter((p) => !expanded.has(p));
  // One memo of file-system observations for this call (never across calls: the file system may change between
  // tool calls). A bare-name probe that finds no entry answers the canonical walk too (probes.ts).
  const memo = new Map<string, string | null>();
  const hook = opts.realpath;
  const canon = (p: string, likely = false): string => (hook !== undefined ? hook(p, likely) : canonicalPath(p, memo, likely));
  // Asked for only when some candidate needs it: a plain command whose words are not files touches no directory.
  let canonicalCwd: string | undefined;
  const cwdCanonical = (): string => (canonicalCwd ??= opts.cwd === "" ? "" : canon(resolve(opts.cwd), true));
  const ruleCandidates: PathCandidate[] = [];
  const bareTokens: PathCandidate[] = [];
  const externalPaths: string[] = [];
  const seenExternal = new Map<string, number>();
  const externalRoles: PathRole[] = [];
  const seenCandidate = new Set<string>();
  const seenBare = new Set<string>();
  const cwdResolved = resolve(opts.cwd);
  // Every argument word is a token, so a long command resolves hundreds of
  // plain names against a few bases: normalise each base once.
  const resolvedBases = new Map<string, string>();
  const normalised = (dir: string): string => {
    let d = resolvedBases.get(dir);
    if (d === undefined) resolvedBases.set(dir, (d = isNormalAbsolute(dir) ? dir : resolve(dir)));
    return d;
  };
  tokens.push(...tokens0.flatMap(responseFileAlias));
  const under = (dir: string, rel: string): string => {
    if (!isPlainName(rel)) return resolve(dir, rel);
    const d = normalised(dir);
    return d.endsWith("/") ? d + rel : d + "/" + rel;
  };
  /** Normalised base directory → bare words kept in it (the two-level twin of `seenBare`, see below). */
  const seenBareIn = new Map<string, Set<string>>();
  const probes = new BareNameProbes(memo);
  let emptyBaseExists: boolean | undefined;
  // The links this command makes, by name: a path asks about its few ancestors, not about every link.
  const linksByName = new Map<string, string[]>();
  for (const link of symlinks) {
    const targets = linksByName.get(link.name);
    if (targets === undefined) linksByName.set(link.name, [link.target]);
    else targets.push(link.target);
  }
  const repositoryRoots = new Map<string, string>();
  // Each archive is read once per call (the extraction's token and its made root both ask), and a few per call:
  // past MAX_ARCHIVES_READ the rest keep their prefix query (inflating one costs up to tens of milliseconds).
  const archives = new Map<string, ArchiveMembers | null>();
  const archiveMembers = (archive: ExtractedArchive, base: PathBase): ArchiveMembers | null => {
    if (!base.known) return null;
    const file = resolve(base.dir, clean(archive.file, opts.home));
    const key = `${archive.format}:${file}`;
    let found = archives.get(key);
    if (found === undefined) archives.set(key, (found = archives.size < MAX_ARCHIVES_READ ? readArchiveMembers(file, archive.format) : null));
    return found;
  };
  const reachedThroughMade = throughMadeLinks(madeRoots, opts.home, archiveMembers);
  /**
   * The git index is what git reads when the command runs: no other git command and no write that may reach a `.git`
   * changes it first (`steady`: no git command before this one in the call may change it: RawPathToken.indexSteady).
   */
  const indexTrusted = (steady = false): boolean =>
    (steady || opts.indexMayChange !== true) && !tokens0.some(writesGitDirectory) && !patterns0.some((p) => p.role !== "read");
  /**
   * `git grep KEY`: the files the index tracks under `dir` (absolute), which
   * are all git reads, ignored or not; null when the index cannot be trusted
   * or read, or lists more than a walk would (then the walk or the prefix query).
   */
  const trackedUnder = (dir: string, steady = false): string[] | null => {
    if (!indexTrusted(steady)) return null;
    const reach = repositoryReach(dir, { workTree: "index", revisions: [], pathspecs: [dir] }, repositoryRoots);
    if (reach.kind !== "files" || reach.under.length > 0 || reach.files.length > MAX_TREE_ENTRIES) return null;
    return [...reach.files];
  };
  /**
   * How a walker that honours ignore files walks `dir`: from the top of its work tree; for git, never without the
   * files its index tracks there (when the index cannot say, nothing is left out).
   */
  const ignoreSkips = (dir: string, keepsTracked: boolean, steady: boolean): Pick<TreeSkips, "ignored"> => {
    const top = workTreeTop(dir, repositoryRoots);
    if (!keepsTracked) return { ignored: { top } };
    // A repository with no commit and nothing added yet has no index file: nothing is tracked.
    const tracked = top === null || noIndexYet(top) ? [] : trackedUnder(dir, steady);
    return tracked === null ? {} : { ignored: { top, tracked: new Set(tracked) } };
  };
  /** A git command of the call writes files under `dir` or around it (a work tree's top, or anywhere: MadeRoot.gitWorkTree). */
  const gitWritesInto = (dir: string): boolean =>
    madeRoots.some((r) => {
      if (!r.base.known || r.token === "") return true;
      if (r.gitWorkTree !== true) return false;
      const top = resolve(r.base.dir, r.token);
      return dir === top || dir.startsWith(top === "/" ? "/" : `${top}/`) || top.startsWith(`${dir}/`);
    });
  /**
   * The command may change an ignore file before a walker reads it (`echo '!node_modules' >> .gitignore && rg key`):
   * a write or an unproven role on a path named like one (or whose real path is), a write permc cannot name
   * (an unknown destination, a copied or extracted tree, links it makes), or another git command.
   */
  let ignoreFilesChange: boolean | undefined;
  const ignoreFilesMayChange = (steady = false): boolean =>
    (opts.indexMayChange === true && !steady) ||
    (ignoreFilesChange ??=
      madeRoots.length > 0 ||
      patterns0.some((p) => p.role !== "read") ||
      tokens0.some((t) => {
        if (t.role === "read") return false;
        if (t.copyInto !== undefined || t.writesUnder === true || t.archive !== undefined) return true;
        const cleaned = cleanToken(t, opts.home);
        if (isIgnoreFileName(basename(cleaned))) return true;
        return t.base.known && cleaned !== "" && isIgnoreFileName(basename(canon(resolve(normalised(t.base.dir), cleaned))));
      }));
  /**
   * `git diff`, `git log -p`: the repository files whose content git prints
   * (repository-content.ts). Listed files are touched, not named (a deny
   * there asks); git opens each below the top without following links, so
   * its aliases are the lexical path and the canonical top's.
   */
  const noteRepository = (t: RawPathToken, read: RepositoryRead): void => {
    // Under each directory (a pathspec naming a file is a path operand of its own already).
    const any = (dirs: readonly string[]): Segment[][] => dirs.map((d) => [{ kind: "text", text: d === "/" ? "/" : `${d}/` }, { kind: "any" }]);
    if (!t.base.known) {
      rawPatterns.push({ token: `${t.token} (git's repository)`, alternatives: [[{ kind: "any" }]], base: t.base, kind: "unknown", role: "read" });
      return;
    }
    // The index git diff reads may not be today's: another git command of the call, or a write that may reach a `.git`, changes it first.
    const indexKept = indexTrusted();
    const reach = repositoryReach(resolve(t.base.dir, cleanToken(t, opts.home)), indexKept ? read : { ...read, workTree: null }, repositoryRoots);
    const dirs = reach.kind === "under" ? reach.dirs : reach.under;
    if (dirs.length > 0) {
      const canonical = dirs.map((d) => canon(d)).filter((d) => !dirs.includes(d));
      rawPatterns.push({
        token: `files the repository keeps under ${dirs.join(", ")} (its history or index)`,
        alternatives: any([...dirs, ...canonical]),
        base: { known: true, dir: "/" },
        kind: "unknown",
        role: "read",
      });
    }
    if (reach.kind !== "files" || reach.files.length === 0) return;
    const root = reach.root;
    const canonicalRoot = canon(root);
    let keptPath = 0;
    let keptOutside = 0;
    // Thousands of normalised paths under one top: inside-ness by prefix, not by path.relative per file.
    const lexicalInside = cwdResolved === "/" ? "/" : `${cwdResolved}/`;
    const canonicalCwd = cwdCanonical();
    const canonicalInside = canonicalCwd === "/" ? "/" : `${canonicalCwd}/`;
    for (let k = 0; k < reach.files.length; k++) {
      const file = reach.files[k] as string;
      const values = [file];
      if (opts.cwd !== "" && file.startsWith(lexicalInside)) values.push(file.slice(lexicalInside.length));
      const canonical = canonicalRoot === root ? file : canonicalRoot + file.slice(root.length);
      if (canonical !== file) values.push(canonical);
      const external = canonicalCwd !== "" && !canonical.startsWith(canonicalInside) && canonical !== canonicalCwd;
      // Thousands of tracked files, most of which no rule reads stricter: a file is a candidate only when a rule
      // reads it stricter than the files kept so far (only the most restrictive counts), and git reads it
      // (changed since the index cached it: one lstat, for the few files that get this far).
      const strictness = opts.readStrictness?.(values, external);
      if (strictness !== undefined) {
        const path = Math.floor(strictness / 3);
        const outside = strictness % 3;
        if (path <= keptPath && outside <= keptOutside) continue;
        if (reach.unchanged?.(k) === true) continue;
        keptPath = Math.max(keptPath, path);
        keptOutside = Math.max(keptOutside, outside);
      } else if (reach.unchanged?.(k) === true) continue;
      ruleCandidates.push({ token: file, value: file, values, external, derived: true, underTree: true, role: "read" });
      if (external && !seenExternal.has(canonical)) {
        seenExternal.set(canonical, externalPaths.length);
        externalPaths.push(file);
        externalRoles.push("read");
      }
    }
  };
  /** Each absolute form of a path read in a repository's store: what the store may hold, by prefix (repository-store.ts). */
  const noteStore = (token: string, values: readonly string[], walked: boolean): void => {
    for (const v of values) {
      const reach = v.startsWith("/") ? storeReach(v, walked) : null;
      // A directory not walked is listed, not read (`ls .git/objects`, `cd .git/objects`).
      if (reach === null || (!walked && isDirectory(v))) continue;
      rawPatterns.push({
        token: reach.kind === "under" ? `files the repository keeps under ${reach.top} (${token} is its store)` : `${token} (a repository's store)`,
        alternatives: reach.kind === "under" ? [[{ kind: "text", text: reach.top === "/" ? "/" : `${reach.top}/` }, { kind: "any" }]] : [[{ kind: "any" }]],
        base: { known: true, dir: "/" },
        kind: "unknown",
        role: "read",
      });
    }
  };
  for (const t0 of tokens) {
    if (t0.repository !== undefined) {
      noteRepository(t0, t0.repository);
      continue;
    }
    // A file the program loads only when it is there (`.env`): none there, nothing read.
    if (t0.ifExists === true && t0.base.known && !entryExists(resolve(normalised(t0.base.dir), clean(t0.token, opts.home)))) continue;
    // `git show HEAD:src/.env` names a path from the top of the repository, not from where it runs.
    const t =
      t0.inRepository === true && t0.base.known ? { ...t0, base: { known: true as const, dir: repositoryRoot(normalised(t0.base.dir), repositoryRoots) } } : t0;
    const referenceShape = tokenShape(t.token);
    // permc: a redirect target is a file whatever it looks like (`> -x`, `< a=b`); so is a word a record says is a file
    // (`sort -o -x.env`; `-` is standard input or output there), and an exact word whose first name is there
    // (`cat @s/k` with a link `@s`; `npm i @types/node` names none); a word after `--` is an operand (`cat -- -a.env`).
    let shape =
      t.isFile === true ||
      (t.fromGrammar === true && referenceShape === "reject" && t.token !== "-") ||
      (t.exact === true && referenceShape === "reject" && t.base.known && entryExists(resolve(normalised(t.base.dir), t.token.split("/")[0] as string)))
        ? fileShape(t.token)
        : t.notAnOption === true && t.token.startsWith("-")
          ? operandShape(t.token)
          : referenceShape;
    // permc: `~user/…` is another user's home, outside by definition.
    const tildeUser = t.derived && /^~[A-Za-z0-9_.-]+(\/|$)/.test(t.token);
    if (tildeUser) shape = "external";
    if (shape === "reject") continue;
    const cleaned = cleanToken(t, opts.home);
    // A shape the reference does not give the token (`> copy.md`, which the 20.7.2 reference skipped): permc's own candidate.
    const ownShape = shape !== referenceShape;
    // permc: a relative path after a `cd` permc could not follow may be anywhere.
    if (!t.base.known && !isAbsolute(cleaned) && !tildeUser) {
      rawPatterns.push({ token: t.token, alternatives: [[{ kind: "text", text: cleaned }]], base: t.base, kind: "unknown" });
    }
    // permc (as the reference since 23.0.0): a bare name that exists on disk is a path, checked by its canonical form.
    // A long command repeats its bare words (`npm`, `run`, `build`): one probe per word and directory.
    // A plain name in a known directory (most words): its path is the directory and the name, keyed in two levels.
    const inBase = t.base.known && !tildeUser && !isAbsolute(cleaned) && isPlainName(cleaned) ? normalised(t.base.dir) : null;
    let promoted = false;
    if (shape === "bare" && t.base.known && opts.probeBareNames !== false) {
      if (t.base.dir === "") {
        // No working directory given: the empty base exists only once a canonical walk went through the
        // process's own directory before the first bare word in it (the system cannot look up "").
        if (emptyBaseExists === undefined) {
          const real = memo.get(cwdResolved);
          emptyBaseExists = real !== undefined && real !== null;
        }
        promoted = emptyBaseExists && probes.existsAt(cwdResolved, under("", cleaned));
      } else if (inBase !== null) promoted = probes.existsIn(inBase, cleaned);
      else {
        // The working directory's real path answers for it, as it did when it was always resolved first.
        const dir = normalised(t.base.dir);
        if (dir === cwdResolved) cwdCanonical();
        promoted = probes.existsAt(dir, under(t.base.dir, cleaned));
      }
    }
    if (promoted) shape = "rule";
    // A git word is read through no link a checkout makes: the same name of another command is checked on its own.
    if (shape === "bare" && t.writesUnder !== true && t.copyInto === undefined && t.gitWord !== true) {
      // The same name against the same base yields the same aliases, so the
      // same path decision: keep the first (a long command repeats `npm`, `run`…).
      // Keyed by the token and its absolute value; in a known base the value is the base and the name, so the
      // pair (base, token) is the same key without joining a long path per word.
      if (inBase !== null) {
        let kept = seenBareIn.get(inBase);
        if (kept === undefined) seenBareIn.set(inBase, (kept = new Set()));
        if (kept.has(t.token)) continue;
        kept.add(t.token);
      } else {
        const bareKey =
          t.token + "\u0000" + (tildeUser ? t.token : isAbsolute(cleaned) ? resolve(cleaned) : t.base.known ? under(t.base.dir, cleaned) : t.token);
        if (seenBare.has(bareKey)) continue;
        seenBare.add(bareKey);
      }
    }
    let absolute: string | null = null;
    if (tildeUser)
      absolute = null; // the other user's home is unknown here: keep the literal
    else if (isAbsolute(cleaned)) absolute = resolve(cleaned);
    else if (inBase !== null) absolute = inBase.endsWith("/") ? inBase + cleaned : inBase + "/" + cleaned;
    else if (t.base.known) absolute = under(t.base.dir, cleaned);
    const value = absolute ?? t.token;
    const values: string[] = [];
    const addValue = (v: string): void => {
      if (!values.includes(v)) values.push(v);
    };
    let canonical: string | null = null;
    if (absolute !== null) {
      addValue(absolute);
      const rel =
        absolute.startsWith(cwdResolved) && absolute.length > cwdResolved.length + 1 && absolute[cwdResolved.length] === "/" && cwdResolved !== "/"
          ? absolute.slice(cwdResolved.length + 1) // a normalised path strictly inside cwd: the same as path.relative
          : relativeInside(cwdResolved, absolute);
      if (opts.cwd !== "" && rel !== null && rel !== "") addValue(rel);
      addValue(t.token);
      // Bare names are only checked when a path rule promotes them; skip the file system. A link a walk meets and
      // does not follow is its own name only.
      if (shape !== "bare" && t.linkNotFollowed !== true) {
        // A base directory the probes know is missing tells the canonical walk so (no system call under it).
        if (t.base.known && hook === undefined) probes.directoryMissing(normalised(t.base.dir));
        // A promoted name exists (its probe said so), and so does the working directory (`ls`, `find .`): ask
        // for its real path directly, one system call instead of two.
        // As the kernel opens it (`link/../x` steps up from the link's target; `/proc/self/cwd` is where the command runs).
        const opener = t.base.known && t.base.dir !== "" ? normalised(t.base.dir) : undefined;
        const opened = cleaned.includes("..") || cleaned.startsWith("/proc/") ? kernelResolve(opener ?? cwdResolved, cleaned, canon, opener) : absolute;
        canonical = canon(opened, promoted || opened === cwdResolved);
        addValue(canonical);
        // A symlink this command makes before it uses it: the path reaches its target.
        if (linksByName.size > 0) {
          for (let d = absolute; ; ) {
            for (const target of linksByName.get(d) ?? []) {
              const through = target + absolute.slice(d.length);
              addValue(through);
              addValue(canon(through));
            }
            const up = dirname(d);
            if (up === d) break;
            d = up;
          }
        }
      }
    } else {
      addValue(t.token);
    }
    let external = false;
    // A walk does not follow the symlinks it meets: what it reaches lies where it was found.
    if (t.underTree === true) {
      external = false;
    } else if (tildeUser) {
      external = true; // another user's home: outside by definition
    } else if (shape !== "bare") {
      // permc: any path-shaped token is checked, not only the reference's external shapes
      // (`cd /tmp && cat x/y` reads /tmp/x/y).
      if (canonical !== null) {
        external = isOutsideCwd(canonical, cwdCanonical());
      } else if (cleaned.includes("..")) {
        external = true; // unknown base: flagged conservatively
      }
    }
    // A file of a repository's store (`cat .git/objects/65/ec…`): the content of files the repository holds or held.
    if (absolute !== null && t.role !== "write" && t.underTree !== true) noteStore(t.token, values, t.tree === true);
    // A directory a recursive command walks: what is under it today is checked file by file; a tree
    // too large to list is a prefix query on the automaton (a rule that can match anything under it).
    let walked: { dir: string; listed: string[] | null } | null = null;
    if (t.tree === true && absolute !== null && isDirectory(canonical ?? absolute)) {
      const dir = (canonical ?? absolute).replace(/\/+$/, "");
      const steady = t.indexSteady === true;
      const ignored = t.skipsIgnored === true && !ignoreFilesMayChange(steady) ? ignoreSkips(dir, t.keepsTracked === true, steady) : {};
      // What git writes from another branch or a remote is not there to list yet (`git checkout b && rg key`): the prefix query.
      const tracked = t.trackedOnly === true && !gitWritesInto(dir) ? trackedUnder(dir) : null;
      // The symlinks met, for a walker that follows them: each names the tree it points to too.
      const links: string[] | undefined = t.followsLinks === true && tracked === null ? [] : undefined;
      const skips: TreeSkips = {
        hidden: t.skipsHidden === true,
        links: t.skipsLinks === true,
        ...ignored,
        ...(t.excludedDirectories !== undefined ? { excludedDirectories: t.excludedDirectories } : {}),
        ...(t.excludedFiles !== undefined ? { excludedFiles: t.excludedFiles } : {}),
        ...(t.prune !== undefined ? { prune: t.prune } : {}),
        ...(t.maxDepth !== undefined ? { maxDepth: t.maxDepth } : {}),
      };
      // git's own walk reads what is untracked or changed, which no git command of the call brings (it writes tracked files).
      // The symlinks a walk that does not follow them meets (`grep -r`, `tar c`, `cp -r`): never opened, so no
      // target of theirs is read; the link's own name still meets the rules.
      const unfollowed: string[] | undefined = links === undefined ? [] : undefined;
      const listed = tracked ?? (gitWritesInto(dir) && t.keepsTracked !== true ? null : listTree(dir, skips, links ?? unfollowed));
      const notFollowed = unfollowed === undefined || unfollowed.length === 0 ? null : new Set(unfollowed);
      walked = { dir, listed };
      // A walk of a directory whose every path one rule denies (`rgrep x sshlink/`, `jar -C sshlink .`) reads
      // nothing that rule allows: it is decided by that rule, not as files touched on the way.
      rawPatterns.push({
        token: `${t.token} (walked)`,
        alternatives: [[{ kind: "text", text: dir === "/" ? "/" : `${dir.replace(/\/+$/, "")}/` }, { kind: "any" }]],
        base: { known: true, dir: "/" },
        kind: "whole",
        role: t.role ?? "both",
      });
      if (links !== undefined) {
        // Past the budget the links are not known: unless a scan finds no link to a directory (and git writes none first),
        // what they point to may be anywhere.
        const targets =
          listed !== null ? links.map((l) => canon(l)).filter((c) => isDirectory(c)) : gitWritesInto(dir) || mayMeetDirectoryLinks(dir, skips) ? null : [];
        const forms: Segment[][] =
          targets === null ? [[{ kind: "any" }]] : targets.map((c) => [{ kind: "text", text: c.replace(/\/+$/, "") + "/" }, { kind: "any" }]);
        if (forms.length > 0)
          rawPatterns.push({
            token: `${t.token} (through its links)`,
            alternatives: forms,
            base: { known: true, dir: "/" },
            kind: "unknown",
            role: t.role ?? "both",
          });
      }
      if (listed !== null) {
        for (const entry of listed)
          tokens.push({
            token: entry,
            base: t.base,
            derived: true,
            underTree: true,
            ...(t.opensEveryFile === true ? { opensEveryFile: true } : {}),
            ...(t.keepsTracked === true ? { gitWord: true } : {}),
            ...(notFollowed?.has(entry) === true ? { linkNotFollowed: true } : {}),
            role: t.role ?? "both",
          });
      } else {
        const forms: Segment[][] = [[{ kind: "text", text: dir + "/" }, { kind: "any" }]];
        if (absolute !== canonical) forms.push([{ kind: "text", text: absolute.replace(/\/+$/, "") + "/" }, { kind: "any" }]);
        rawPatterns.push({ token: t.token, alternatives: forms, base: { known: true, dir: "/" }, kind: "unknown" });
      }
    }
    // A tree copied or moved into a directory (`cp -r x/.ssh ~/`): the names it lands as are written.
    const copyDest = t.copyInto === undefined || !t.base.known ? null : resolve(t.base.dir, clean(t.copyInto, opts.home));
    // A file (not a walked tree) lands under the destination only when that is a directory: else it is the file written.
    if (t.copyInto !== undefined && (t.tree === true || copyDest === null || t.copyInto.endsWith("/") || isDirectory(copyDest))) {
      const dest = copyDest;
      if (t.tree !== true && dest !== null) {
        // A file copy lands as exactly its own name, there or not yet (`echo > x && cp x /etc`): the file written.
        tokens.push({ token: `${dest.replace(/\/+$/, "")}/${basename(cleanToken(t, opts.home))}`, base: t.base, derived: true, role: "write" });
      } else {
        const landing = dest === null || absolute === null ? null : landingNames(absolute, walked, dest);
        if (landing === null || landing.anywhere) {
          const forms: Segment[][] = dest === null ? [[{ kind: "any" }]] : [[{ kind: "text", text: dest.replace(/\/+$/, "") + "/" }, { kind: "any" }]];
          rawPatterns.push({ token: t.copyInto, alternatives: forms, base: { known: true, dir: "/" }, kind: "unknown", role: "write" });
        } else {
          for (const name of landing.names) tokens.push({ token: name, base: t.base, derived: true, landed: true, role: "write" });
        }
      }
    }
    // A directory the command writes files under (`cp -t DIR`, `git clone URL DIR`): any path under it, by prefix.
    if (t.writesUnder === true) {
      const under = (p: string): Segment[] => [{ kind: "text", text: p.replace(/\/+$/, "") + "/" }, { kind: "any" }];
      // A bare name is not resolved above unless it exists; a directory about to be made is resolved here.
      const dir = absolute ?? (t.base.known ? resolve(t.base.dir, t.token) : null);
      // `tar xf a.tar`: the archive's members, when permc can read them, are the files written; else any name under the directory.
      const members = dir === null || t.archive === undefined ? null : archiveMembers(t.archive, t.base);
      if (members !== null && dir !== null) {
        for (const name of members.names) tokens.push({ token: `${dir.replace(/\/+$/, "")}/${name}`, base: t.base, derived: true, role: "write" });
      } else {
        const forms = dir === null ? [[{ kind: "any" } as Segment]] : [under(dir), ...(canonical !== null && canonical !== dir ? [under(canonical)] : [])];
        rawPatterns.push({ token: t.token, alternatives: forms, base: { known: true, dir: "/" }, kind: "unknown", role: "write" });
      }
    }
    // `split f PREFIX`, `csplit -f sshlink/`: the files are PREFIX and a suffix of letters and digits (in PREFIX's directory).
    if (t.writesPrefix === true && absolute !== null) {
      // A prefix ending in `/` (`split f sshlink/`) names a directory, which the resolved path no longer shows.
      const slash = /\/$/.test(t.token) ? "/" : "";
      const named = (p: string): Segment[] => [
        { kind: "text", text: p.replace(/\/+$/, "") + slash },
        { kind: "many", set: SUFFIX_CHARACTERS },
      ];
      // Each spelling judged apart: the names land where the resolved one says, and the one as written meets its own rules.
      for (const p of canonical !== null && canonical !== absolute ? [absolute, canonical] : [absolute])
        rawPatterns.push({
          token: `${p === absolute ? t.token : canonical} (and a suffix)`,
          alternatives: [named(p)],
          base: { known: true, dir: "/" },
          kind: "unknown",
          role: "write",
        });
    }
    // Under where the command makes links permc cannot see (`tar xf a.tar && cat x/passwd`): any path.
    if (
      absolute !== null &&
      t.landed !== true &&
      t.underTree !== true &&
      t.writesUnder !== true &&
      reachedThroughMade(t.token, t.base, absolute, t.gitWord === true)
    ) {
      rawPatterns.push({
        token: `${t.token} (through a link the command may make)`,
        alternatives: [[{ kind: "any" }]],
        base: { known: true, dir: "/" },
        kind: "unknown",
        role: t.role ?? "both",
      });
    }
    const candidate: PathCandidate = { token: t.token, value, values, external, role: t.role ?? "both" };
    if (t.derived || promoted || ownShape) candidate.derived = true;
    if (t.underTree === true || t.landed === true) candidate.underTree = true;
    if (t.underTree === true && t.opensEveryFile === true) candidate.opened = true;
    if (shape === "bare") {
      bareTokens.push(candidate);
      continue;
    }
    const key = t.token + "\u0000" + value;
    if (t.derived && seenCandidate.has(key)) continue;
    seenCandidate.add(key);
    ruleCandidates.push(candidate);
    if (external) {
      const lexical = absolute ?? (tildeUser ? t.token : resolve(opts.cwd, cleaned));
      const dedupe = canonical ?? lexical;
      const at = seenExternal.get(dedupe);
      if (at !== undefined) {
        if (externalRoles[at] !== candidate.role) externalRoles[at] = "both";
      } else {
        seenExternal.set(dedupe, externalPaths.length);
        externalPaths.push(lexical);
        externalRoles.push(candidate.role);
      }
    }
  }
  // The same word against an unknown base has the same forms: explore it once.
  const seenPattern = new Set<string>();
  // One path reached with disagreeing proofs (`cat a.txt > a.txt`) is unproven.
  const roles = new Map<string, PathRole>();
  for (const c of ruleCandidates) {
    const seen = roles.get(c.value);
    roles.set(c.value, seen === undefined || seen === c.role ? c.role : "both");
  }
  for (const c of ruleCandidates) c.role = roles.get(c.value) ?? c.role;
  const patterns = rawPatterns
    .filter((p) => {
      const key = `${p.base.known ? p.base.dir : ""}\u0000${p.token}`;
      if (seenPattern.has(key)) return false;
      seenPattern.add(key);
      return true;
    })
    .map((p) => patternForms(p, cwdResolved));
  return { ruleCandidates, externalPaths, externalRoles, bareTokens, patterns };
}

/** A token that may write in a `.git` directory (its index): any not proven a read that names one. */
function writesGitDirectory(t: RawPathToken): boolean {
  return t.role !== "read" && /(?:^|\/)\.git(?:\/|$)/.test(t.token);
}

/** A token as it names a path: an exact word as bash passes it, any other cleaned as the reference cleans it. */
function cleanToken(t: RawPathToken, home: string): string {
  return t.exact === true ? t.token : clean(t.token, home, t.isFile === true);
}

/** The reference's cleaning of a token; a redirect target (`file`) keeps a leading `@`: bash opens `@k` itself. */
function clean(token: string, home: string, file = false): string {
  let s = token.trim();
  if (s.startsWith("'") || s.startsWith('"')) s = s.slice(1);
  if (s.endsWith("'") || s.endsWith('"')) s = s.slice(0, -1);
  if (s.startsWith("@") && !file) s = s.slice(1);
  if (s === "~") return home;
  // `~//.ssh/k` is under the home too: the rest is not an absolute path of its own (`resolve(home, "/.ssh/k")` would be).
  if (s.startsWith("~/")) return resolve(home, s.slice(2).replace(/^\/+/, ""));
  return s;
}

/**
 * Whether a token (its text, base and absolute path) lies at or under a place
 * where the command makes links permc cannot see, other than the words of the
 * command that makes them. A place whose directory permc cannot know may be
 * anywhere.
 */
function throughMadeLinks(
  roots: readonly MadeRoot[],
  home: string,
  archiveMembers: (archive: ExtractedArchive, base: PathBase) => ArchiveMembers | null,
): (token: string, base: PathBase, absolute: string, gitWord: boolean) => boolean {
  if (roots.length === 0) return () => false;
  // Keyed by directory, so a token asks about its few ancestors, not about every root.
  const byDirectory = new Map<string, MadeRoot[]>();
  const anywhere: MadeRoot[] = [];
  for (const r of roots) {
    // An extracted archive makes links only when it holds one (or cannot be read).
    if (r.archive !== undefined && archiveMembers(r.archive, r.base)?.links === false) continue;
    // A copy makes links only from sources that hold them, or that are not there to look at.
    if (r.copiedFrom !== undefined && r.base.known && !r.copiedFrom.some((s) => copyMayMakeLinks(resolve((r.base as { dir: string }).dir, clean(s, home)))))
      continue;
    if (!r.base.known || r.token === "") {
      anywhere.push(r);
      continue;
    }
    const dir = resolve(r.base.dir, clean(r.token, home));
    const list = byDirectory.get(dir);
    if (list === undefined) byDirectory.set(dir, [r]);
    else list.push(r);
  }
  return (token, base, absolute, gitWord) => {
    const exempt = (r: MadeRoot): boolean =>
      (r.gitWorkTree === true && gitWord) || (r.own.includes(token) && (!r.base.known || (base.known && base.dir === r.base.dir)));
    if (anywhere.some((r) => !exempt(r))) return true;
    if (byDirectory.size === 0) return false;
    for (let d = absolute; ; ) {
      if (byDirectory.get(d)?.some((r) => !exempt(r) && !(r.gitWorkTree === true && d === absolute)) === true) return true;
      const up = dirname(d);
      if (up === d) return false;
      d = up;
    }
  };
}
