/**
 * The shapes paths travel in through the bash analysis: a path token as the
 * collector finds it (`RawPathToken`, with the directory it resolves
 * against) and as the gates match it (`PathCandidate`, every alias a path
 * rule may be written against).
 */

import type { Prune } from "./prune-test.js";
import type { RepositoryRead } from "../programs/findings.js";
import type { ArchiveFormat } from "../programs/knowledge/extractors.js";
import type { OpensOnly } from "../programs/knowledge/recursive.js";

/** The directory relative tokens resolve against: known, or unknown after `cd $X`. */
export type PathBase = { readonly known: true; readonly dir: string } | { readonly known: false };

/** What a command proves it does with a path (reference 27.1.0): read, write, or either (unproven). */
export type PathRole = "read" | "write" | "both";

export interface RawPathToken {
  readonly token: string;
  readonly base: PathBase;
  /** Default "both": consult both directional members. */
  readonly role?: PathRole;
  /** permc's addition: the reference does not see this token. */
  readonly derived: boolean;
  /** The word exactly as bash passes it: not cleaned as the reference cleans tokens (`cat @s/k` opens `@s/k`). */
  readonly exact?: true;
  /** A word the program's record says is a file (an option's value, a path operand): one the reference's shapes reject is one still (`sort -o -x.env`). */
  readonly fromGrammar?: true;
  /** Not an option although spelt like one: a word after `--` (`cat -- -a.env`), a `key=value` word's value (`dd of=-x`): token-shape.ts operandShape. */
  readonly notAnOption?: true;
  /** The command walks it when it is a directory (`grep -r`, `find`, `zip -r`): everything under it counts. */
  readonly tree?: true;
  /** The walk skips hidden entries below the directory (`rg`, `fd`, `tree`, `ls -R` without their show-hidden options). */
  readonly skipsHidden?: true;
  /** Of the hidden entries skipped, the ones whose name one of these globs matches are walked (rg's `--glob`: knowledge/recursive.ts WalkFilter.showingGlobs). */
  readonly shownHidden?: readonly { readonly glob: string; readonly caseless: boolean }[];
  /** The walk neither follows nor reads the symlinks it meets below the directory (the same walkers, without their follow options). */
  readonly skipsLinks?: true;
  /** The walk leaves out the directories its ignore files leave out (`rg`, `fd` without their no-ignore options: paths/ignore-files.ts). */
  readonly skipsIgnored?: true;
  /** The walk does not enter a directory below the walked one whose name one of these globs matches (`grep -r --exclude-dir=GLOB`: paths/name-glob.ts). */
  readonly excludedDirectories?: readonly string[];
  /** Files below the walked directory the walk does not open: globs over their names (`grep -r --exclude=.env`). */
  readonly excludedFiles?: readonly string[];
  /** The walk opens only files of these names below the walked directory (`shfmt`, `gofmt`: knowledge/recursive.ts WALK_OPENS_ONLY). */
  readonly opensOnly?: OpensOnly;
  /** find's `X -prune`: the walk does not enter a directory below the walked one that X surely selects (paths/prune-test.ts). */
  readonly prune?: Prune;
  /** The walker follows the symlinks it meets below the directory (`grep -R`, `zip -r`): each names the tree it points to too. */
  readonly followsLinks?: true;
  /** find's `-maxdepth N`: the walk reads N levels below the directory. */
  readonly maxDepth?: number;
  /** The walk reads only the files the git index tracks (`git grep` without `--untracked`, `--no-index`). */
  readonly trackedOnly?: true;
  /** Found under a directory a recursive command walks: touched, not named (a deny there asks). */
  readonly underTree?: true;
  /** A symlink the walk meets and does not follow (`grep -r`, `tar c`): its target is not read through it. */
  readonly linkNotFollowed?: true;
  /** The walk is git's (`git add .`): `.gitignore` leaves entries out, but never the files the index tracks. */
  readonly keepsTracked?: true;
  /** No git command before this one in the call may change the index (its own change comes after it reads). */
  readonly indexSteady?: true;
  /** The walk opens every regular file it reaches (knowledge/walk-opens-files.ts OPENS_EVERY_FILE_WALKED): a deny there holds. */
  readonly opensEveryFile?: true;
  /** The variable the walker also reads options from (`TAR_OPTIONS`): the command assigning it, the walk may not open every file (split.ts). */
  readonly walkOptionsVariable?: string;
  /**
   * The command copies or moves this tree into the directory named here
   * (`cp -r x/.ssh ~/`, `rsync -a x/ /`, `mv x ~/`): each name under it lands under that directory.
   */
  readonly copyInto?: string;
  /** Where a copied tree lands: written, though not named by the command (a deny there asks). */
  readonly landed?: true;
  /** Relative to the top of the repository its base directory is in (`git show HEAD:src/.env`), not to the base. */
  readonly inRepository?: true;
  /** The command writes files under this directory (`cp -t DIR`, `git clone URL DIR`): any path under it counts. */
  readonly writesUnder?: true;
  /** The command writes files whose names are this path and a suffix of letters and digits (`split f PREFIX`). */
  readonly writesPrefix?: true;
  /** …namely the members of this archive (relative to `base`), when permc can read them (`tar xf a.tar`, `unzip a.zip`). */
  readonly archive?: ExtractedArchive;
  /** A word of a git command as written (not a file the program knowledge says git opens): git never follows a work-tree symlink. */
  readonly gitWord?: true;
  /** Certainly a file, even without a path's shape: a redirect target (the reference since 34.0.0). */
  readonly isFile?: true;
  /** Read only if it exists (a file a program loads when it is there: `.env` for dotenv, bun). */
  readonly ifExists?: true;
  /** git works in this directory and prints the content of these repository files (repository-content.ts); the directory itself is not read. */
  readonly repository?: RepositoryRead;
}

/**
 * A place where the command may make a symlink permc cannot see (`ln -s`,
 * `cp -s`, an archive it extracts, a tree it copies): a path at or under it
 * may reach anywhere.
 */
export interface MadeRoot {
  readonly token: string;
  readonly base: PathBase;
  /** The words of the command that makes them (`tar xf a.tar`'s archive, `ln`'s operands): not reached through them. */
  readonly own: readonly string[];
  /**
   * A copy's sources (`cp -a SRC… DEST`): the copy makes links only when one
   * of them is not there to look at (made by the same command) or holds a symlink.
   */
  readonly copiedFrom?: readonly string[];
  /** An extraction of this archive (relative to `base`): it makes links only when the archive holds one or cannot be read. */
  readonly archive?: ExtractedArchive;
  /**
   * The top of a work tree git writes (`git checkout BRANCH`): links are made
   * only below it, never as it, and the words of git commands
   * (`RawPathToken.gitWord`) are not read through them.
   */
  readonly gitWorkTree?: true;
}

export interface PathCandidate {
  /** The token as written, after quote removal. */
  token: string;
  /** Lexical, cd-aware absolute path; the literal when the base is unknown. */
  value: string;
  /** Every value a path rule is matched against: absolute, cwd-relative, literal, canonical. */
  values: string[];
  /** Lies outside the cwd (canonical check). */
  external: boolean;
  /** permc's addition. */
  derived?: true;
  /** Reached by walking a directory operand, not named by the command: a deny on it asks… */
  underTree?: true;
  /** …unless the walk surely opens it (`grep -r`, `gzip -r`): then it is the command's own. */
  opened?: true;
  /** What the command proves it does with the path; "both" when unproven. */
  role: PathRole;
}

/** The members of an archive an extraction writes, when permc can read them (archive-members.ts). */
export interface ArchiveMembers {
  readonly names: readonly string[];
  /** A member is a symlink, hard link or special file: paths under where it lands may reach anywhere. */
  readonly links: boolean;
}

/** An archive a command extracts, and the program's format. */
export interface ExtractedArchive {
  readonly file: string;
  readonly format: ArchiveFormat;
}
