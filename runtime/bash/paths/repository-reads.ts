/** The files whose content a git command prints from its repository (`git diff`, `git log -p`), as candidates. */
import { resolve } from "node:path";
import type { Segment } from "../../explore.js";
import type { RepositoryRead } from "../programs/findings.js";
import type { ClassifyCall } from "./classify-call.js";
import { cleanToken } from "./clean-token.js";
import { repositoryReach } from "./repository-content.js";
import type { RawPathToken } from "./types.js";
import { indexTrusted } from "./walk-trust.js";

/**
 * `git diff`, `git log -p`: the repository files whose content git prints
 * (repository-content.ts). Listed files are touched, not named (a deny
 * there asks); git opens each below the top without following links, so
 * its aliases are the lexical path and the canonical top's.
 */
export function noteRepositoryRead(call: ClassifyCall, t: RawPathToken, read: RepositoryRead): void {
  // Under each directory (a pathspec naming a file is a path operand of its own already).
  const any = (dirs: readonly string[]): Segment[][] => dirs.map((d) => [{ kind: "text", text: d === "/" ? "/" : `${d}/` }, { kind: "any" }]);
  if (!t.base.known) {
    call.rawPatterns.push({ token: `${t.token} (git's repository)`, alternatives: [[{ kind: "any" }]], base: t.base, kind: "unknown", role: "read" });
    return;
  }
  // The index git diff reads may not be today's: another git command of the call, or a write that may reach a `.git`, changes it first.
  const indexKept = indexTrusted(call);
  const reach = repositoryReach(resolve(t.base.dir, cleanToken(t, call.opts.home)), indexKept ? read : { ...read, workTree: null }, call.repositoryRoots);
  const dirs = reach.kind === "under" ? reach.dirs : reach.under;
  if (dirs.length > 0) {
    const canonical = dirs.map((d) => call.canon(d)).filter((d) => !dirs.includes(d));
    call.rawPatterns.push({
      token: `files the repository keeps under ${dirs.join(", ")} (its history or index)`,
      alternatives: any([...dirs, ...canonical]),
      base: { known: true, dir: "/" },
      kind: "unknown",
      role: "read",
    });
  }
  if (reach.kind !== "files" || reach.files.length === 0) return;
  noteRepositoryFiles(call, reach.root, reach.files, reach.unchanged);
}

/** Each listed file of the repository under `root`, as a read candidate, unless a rule reads it no stricter than those kept. */
function noteRepositoryFiles(call: ClassifyCall, root: string, files: readonly string[], unchanged: ((k: number) => boolean) | undefined): void {
  const canonicalRoot = call.canon(root);
  let keptPath = 0;
  let keptOutside = 0;
  // Thousands of normalised paths under one top: inside-ness by prefix, not by path.relative per file.
  const lexicalInside = call.cwdResolved === "/" ? "/" : `${call.cwdResolved}/`;
  const canonicalCwd = call.cwdCanonical();
  const canonicalInside = canonicalCwd === "/" ? "/" : `${canonicalCwd}/`;
  for (let k = 0; k < files.length; k++) {
    const file = files[k] as string;
    const values = [file];
    if (call.opts.cwd !== "" && file.startsWith(lexicalInside)) values.push(file.slice(lexicalInside.length));
    const canonical = canonicalRoot === root ? file : canonicalRoot + file.slice(root.length);
    if (canonical !== file) values.push(canonical);
    const external = canonicalCwd !== "" && !canonical.startsWith(canonicalInside) && canonical !== canonicalCwd;
    // Thousands of tracked files, most of which no rule reads stricter: a file is a candidate only when a rule
    // reads it stricter than the files kept so far (only the most restrictive counts), and git reads it
    // (changed since the index cached it: one lstat, for the few files that get this far).
    const strictness = call.opts.readStrictness?.(values, external);
    if (strictness !== undefined) {
      const path = Math.floor(strictness / 3);
      const outside = strictness % 3;
      if (path <= keptPath && outside <= keptOutside) continue;
      if (unchanged?.(k) === true) continue;
      keptPath = Math.max(keptPath, path);
      keptOutside = Math.max(keptOutside, outside);
    } else if (unchanged?.(k) === true) continue;
    call.ruleCandidates.push({ token: file, value: file, values, external, derived: true, underTree: true, role: "read" });
    if (external && !call.seenExternal.has(canonical)) {
      call.seenExternal.set(canonical, call.externalPaths.length);
      call.externalPaths.push(file);
      call.externalRoles.push("read");
    }
  }
}
