/**
 * One collected token decided: its shape, a bare name promoted when it
 * exists, its aliases (lexical absolute, cwd-relative, as written,
 * canonical, through a symlink the command makes), whether it lies outside
 * the working directory, and what it brings (a walk, a copy's landing, a
 * write under a directory or after a prefix, links the command makes).
 */
import { isAbsolute, resolve } from "node:path";
import { isOutsideCwd } from "../../paths/inside.js";
import { UNKNOWN } from "./cd.js";
import type { ClassifyCall } from "./classify-call.js";
import { clean, cleanToken } from "./clean-token.js";
import { noteCopyLanding } from "./copy-landing.js";
import { entryExists } from "./entry-exists.js";
import { noteThroughMadeLinks } from "./made-link-patterns.js";
import { OWN_CWD } from "../../paths/kernel-resolve.js";
import { isPlainName } from "../../paths/normal-path.js";
import { noteRepositoryRead } from "./repository-reads.js";
import { repositoryRoot } from "./repository-root.js";
import { noteStoreRead } from "./store-reads.js";
import { pathValues } from "./token-values.js";
import { fileShape, operandShape, tokenShape } from "./token-shape.js";
import type { PathCandidate, RawPathToken } from "./types.js";
import { walkDirectory } from "./walked-directory.js";
import { noteWrittenPrefix, noteWrittenUnder } from "./write-places.js";

type Shape = ReturnType<typeof tokenShape>;

export function classifyToken(call: ClassifyCall, t0: RawPathToken): void {
  if (t0.repository !== undefined) {
    noteRepositoryRead(call, t0, t0.repository);
    return;
  }
  // A file the program loads only when it is there (`.env`): none there, nothing read.
  if (t0.ifExists === true && t0.base.known && !entryExists(resolve(call.normalised(t0.base.dir), clean(t0.token, call.opts.home)))) return;
  // `git show HEAD:src/.env` names a path from the top of the repository, not from where it runs.
  const t1 =
    t0.inRepository === true && t0.base.known
      ? { ...t0, base: { known: true as const, dir: repositoryRoot(call.normalised(t0.base.dir), call.repositoryRoots) } }
      : t0;
  const t = t1.derived && t1.token.startsWith("~") ? throughDirectoryStack(t1) : t1;
  const referenceShape = tokenShape(t.token);
  let shape = permcShape(call, t, referenceShape);
  // permc: `~user/…` is another user's home, outside by definition.
  const tildeUser = t.derived && /^~[A-Za-z0-9_.-]+(\/|$)/.test(t.token);
  if (tildeUser) shape = "external";
  if (shape === "reject") return;
  const cleaned = cleanToken(t, call.opts.home);
  // A shape the reference does not give the token (`> copy.md`, which the 20.7.2 reference skipped): permc's own candidate.
  const ownShape = shape !== referenceShape;
  // A directory a descriptor holds, or a process's own, reached by a spelling permc does not follow
  // (`cat /dev/stdin/.ssh/id_rsa <..`, `/proc//self/cwd/x`, `/dev/fd/../cwd/x`): may be anywhere.
  if (isAbsolute(cleaned) && throughDescriptorOrProcess(cleaned))
    call.rawPatterns.push({ token: t.token, alternatives: [[{ kind: "any" }]], base: t.base, kind: "unknown" });
  // permc: a relative path after a `cd` permc could not follow may be anywhere.
  if (!t.base.known && !isAbsolute(cleaned) && !tildeUser) {
    call.rawPatterns.push({ token: t.token, alternatives: [[{ kind: "text", text: cleaned }]], base: t.base, kind: "unknown" });
  }
  // A plain name in a known directory (most words): its path is the directory and the name, keyed in two levels.
  const inBase = t.base.known && !tildeUser && !isAbsolute(cleaned) && isPlainName(cleaned) ? call.normalised(t.base.dir) : null;
  const promoted = shape === "bare" && promoteBareName(call, t, cleaned, inBase);
  if (promoted) shape = "rule";
  // A git word is read through no link a checkout makes: the same name of another command is checked on its own.
  // A prefix a program adds a suffix to (`split y a.en` writes `a.env`) is checked with that suffix whatever its shape.
  if (
    shape === "bare" &&
    t.writesUnder !== true &&
    t.writesPrefix !== true &&
    t.copyInto === undefined &&
    t.gitWord !== true &&
    !firstBareWord(call, t, cleaned, inBase, tildeUser)
  )
    return;
  let absolute: string | null = null;
  if (tildeUser)
    absolute = null; // the other user's home is unknown here: keep the literal
  else if (isAbsolute(cleaned)) absolute = resolve(cleaned);
  else if (inBase !== null) absolute = inBase.endsWith("/") ? inBase + cleaned : inBase + "/" + cleaned;
  else if (t.base.known) absolute = call.under(t.base.dir, cleaned);
  const value = absolute ?? t.token;
  const { values, canonical } = pathValues(call, t, cleaned, absolute, shape === "bare", promoted);
  const external = isExternal(call, t, shape, tildeUser, cleaned, canonical);
  // A file of a repository's store (`cat .git/objects/65/ec…`): the content of files the repository holds or held.
  if (absolute !== null && t.role !== "write" && t.underTree !== true) noteStoreRead(call, t.token, values, t.tree === true);
  const walked = walkDirectory(call, t, absolute, canonical);
  // A tree copied or moved into a directory (`cp -r x/.ssh ~/`): the names it lands as are written.
  noteCopyLanding(call, t, absolute, walked);
  if (t.writesUnder === true) noteWrittenUnder(call, t, absolute, canonical);
  if (t.writesPrefix === true && absolute !== null) noteWrittenPrefix(call, t, absolute, canonical);
  if (absolute !== null) noteThroughMadeLinks(call, t, absolute);
  const candidate: PathCandidate = { token: t.token, value, values, external, role: t.role ?? "both" };
  if (t.derived || promoted || ownShape) candidate.derived = true;
  if (t.underTree === true || t.landed === true) candidate.underTree = true;
  if (t.underTree === true && t.opensEveryFile === true) candidate.opened = true;
  if (shape === "bare") {
    call.bareTokens.push(candidate);
    return;
  }
  keepCandidate(call, t, candidate, () => absolute ?? (tildeUser ? t.token : resolve(call.opts.cwd, cleaned)), canonical);
}

/** `~+`, `~-`, `~N`, `~+N`, `~-N` at a word's start: a directory of bash's directory stack (`~+` and `~0` the current one). */
const DIRECTORY_STACK_TILDE = /^~([+-]?)(\d*)(?:\/|$)/;

/**
 * A token bash starts with a directory of its stack (`dd if=~-/id_rsa`, after `if=` too): the rest of it in the
 * directory the command stands in (`~+`), or in one permc does not follow (`~-` is OLDPWD, the directory before the
 * last `cd`, or the caller's; `~N` the stack's), so anywhere.
 */
function throughDirectoryStack(t: RawPathToken): RawPathToken {
  const m = DIRECTORY_STACK_TILDE.exec(t.token);
  if (m === null || (m[1] === "" && m[2] === "")) return t;
  const rest = t.token.slice(m[0].length) || ".";
  const current = m[1] !== "-" && (m[2] === "" || Number(m[2]) === 0);
  return current && t.base.known ? { ...t, token: t.base.dir === "" ? rest : `${t.base.dir}/${rest}` } : { ...t, token: rest, base: UNKNOWN };
}

/**
 * permc: a redirect target is a file whatever it looks like (`> -x`, `< a=b`); so is a word a record says is a file
 * (`sort -o -x.env`; `-` is standard input or output there), and an exact word whose first name is there
 * (`cat @s/k` with a link `@s`; `npm i @types/node` names none); a word after `--` is an operand (`cat -- -a.env`).
 */
function permcShape(call: ClassifyCall, t: RawPathToken, referenceShape: Shape): Shape {
  return t.isFile === true ||
    (t.fromGrammar === true && referenceShape === "reject" && t.token !== "-") ||
    (t.exact === true && referenceShape === "reject" && t.base.known && entryExists(resolve(call.normalised(t.base.dir), t.token.split("/")[0] as string)))
    ? fileShape(t.token)
    : t.notAnOption === true && t.token.startsWith("-")
      ? operandShape(t.token)
      : referenceShape;
}

/**
 * permc (as the reference since 23.0.0): a bare name that exists on disk is a path, checked by its canonical form.
 * A long command repeats its bare words (`npm`, `run`, `build`): one probe per word and directory.
 */
function promoteBareName(call: ClassifyCall, t: RawPathToken, cleaned: string, inBase: string | null): boolean {
  if (!t.base.known || call.opts.probeBareNames === false) return false;
  if (t.base.dir === "") {
    // No working directory given: the empty base exists only once a canonical walk went through the
    // process's own directory before the first bare word in it (the system cannot look up "").
    if (call.emptyBaseExists === undefined) {
      const real = call.memo.get(call.cwdResolved);
      call.emptyBaseExists = real !== undefined && real !== null;
    }
    return call.emptyBaseExists && call.probes.existsAt(call.cwdResolved, call.under("", cleaned));
  }
  if (inBase !== null) return call.probes.existsIn(inBase, cleaned);
  // The working directory's real path answers for it, as it did when it was always resolved first.
  const dir = call.normalised(t.base.dir);
  if (dir === call.cwdResolved) call.cwdCanonical();
  return call.probes.existsAt(dir, call.under(t.base.dir, cleaned));
}

/**
 * The same name against the same base yields the same aliases, so the
 * same path decision: keep the first (a long command repeats `npm`, `run`…).
 * Keyed by the token and its absolute value; in a known base the value is the base and the name, so the
 * pair (base, token) is the same key without joining a long path per word.
 */
function firstBareWord(call: ClassifyCall, t: RawPathToken, cleaned: string, inBase: string | null, tildeUser: boolean): boolean {
  if (inBase !== null) {
    let kept = call.seenBareIn.get(inBase);
    if (kept === undefined) call.seenBareIn.set(inBase, (kept = new Set()));
    if (kept.has(t.token)) return false;
    kept.add(t.token);
    return true;
  }
  const bareKey =
    t.token + "\u0000" + (tildeUser ? t.token : isAbsolute(cleaned) ? resolve(cleaned) : t.base.known ? call.under(t.base.dir, cleaned) : t.token);
  if (call.seenBare.has(bareKey)) return false;
  call.seenBare.add(bareKey);
  return true;
}

/** Whether the token lies outside the working directory. */
function isExternal(call: ClassifyCall, t: RawPathToken, shape: Shape, tildeUser: boolean, cleaned: string, canonical: string | null): boolean {
  // A walk does not follow the symlinks it meets: what it reaches lies where it was found.
  if (t.underTree === true) return false;
  if (tildeUser) return true; // another user's home: outside by definition
  if (shape === "bare") return false;
  // permc: any path-shaped token is checked, not only the reference's external shapes
  // (`cd /tmp && cat x/y` reads /tmp/x/y).
  if (canonical !== null) return isOutsideCwd(canonical, call.cwdCanonical());
  return cleaned.includes(".."); // unknown base: flagged conservatively
}

/** A path candidate kept once per token and value; an external one listed once per real path (`lexicalPath` its lexical form). */
function keepCandidate(call: ClassifyCall, t: RawPathToken, candidate: PathCandidate, lexicalPath: () => string, canonical: string | null): void {
  const key = t.token + "\u0000" + candidate.value;
  if (t.derived && call.seenCandidate.has(key)) return;
  call.seenCandidate.add(key);
  call.ruleCandidates.push(candidate);
  if (!candidate.external) return;
  const lexical = lexicalPath();
  const dedupe = canonical ?? lexical;
  const at = call.seenExternal.get(dedupe);
  if (at !== undefined) {
    if (call.externalRoles[at] !== candidate.role) call.externalRoles[at] = "both";
  } else {
    call.seenExternal.set(dedupe, call.externalPaths.length);
    call.externalPaths.push(lexical);
    call.externalRoles.push(candidate.role);
  }
}

/**
 * A path under a descriptor's directory (`/dev/stdin/…`, `/dev/fd/N/…`) or under a process's entry in /proc that
 * the kernel-path reading does not map (`/proc//self/cwd`, `/proc/./self/cwd`, `/proc/self/fd/../cwd`, `/proc/PID/…`
 * with more after it, any `..` under /proc).
 */
function throughDescriptorOrProcess(p: string): boolean {
  if (/^\/+dev\/+(?:fd|stdin|stdout|stderr)\/+[^/]/.test(p)) return true;
  if (!/^\/+proc\//.test(p)) return false;
  if (/(?:^|\/)\.\.(?:\/|$)/.test(p)) return true;
  // The spelling the kernel-path reading maps to the command's own directory.
  if (OWN_CWD.test(p)) return false;
  return /^\/+proc(?:\/+\.?)*\/+(?:self|thread-self|\d+)\/+(?:cwd|root|fd|task|map_files)(?:\/|$)/.test(p) || /\/\/|\/\.\//.test(p);
}
