/**
 * Where a `cd` may not have moved the shell. The path collection follows
 * `cd DIR` to DIR for what comes after it; bash stays where it was when the
 * `cd` fails (a directory that is not there, too many operands, an option
 * it does not know), when `&&` or `||` skip it, or when the command defines
 * a function named `cd`. `cd /nope; cat ../home/.ssh/id_rsa` read the key
 * from the old directory (real bash: test/bash/paths/uncertain-directory.test.ts).
 *
 * A statement (what a `;`, a newline or `&` ends) that changed the directory
 * is sure only when each `cd` in it comes first in its `&&` chain (none after
 * another command, none beside a `||`), reads as one well-formed operand,
 * and names a directory that is there. Else what follows the statement runs
 * in either directory: its paths are kept in the new one and checked in each
 * old one too (`alternatives`). Nothing is asked of the file system until a
 * statement follows one that changed the directory: `cd /srv/app && git push
 * | tee log.txt` costs no system call here. The split checks each path the
 * command names in every directory its base may stand for (`withAlternatives`);
 * where a write lands (split/link-landing.ts) is asked of one directory, and
 * of an uncertain one is unknown.
 *
 * Code bash runs again in another directory is read in none it knows: a
 * function's body when the command changes directory anywhere (it runs where
 * it is called), and a loop's body and condition when they change it (the
 * next round starts where the last one left).
 */
import { decodeAnsiC } from "../words/words.js";
import { UNKNOWN } from "./cd.js";
import { canEnterNow } from "./entry-exists.js";
import type { PathBase } from "./types.js";

/** What one statement did to the directory, noted while it is collected. */
export interface StatementDirectory {
  /** The base the statement started in (set when it starts). */
  start: PathBase;
  /**
   * The bases its folded `cd`s went to, in order, whether each reads as a `cd` bash can run to its end, and its
   * operand as bash passes it to the kernel (`nope/../x` needs `nope` to be there, though it resolves to `x`).
   */
  readonly changes: Array<{ readonly base: PathBase & { readonly known: true }; readonly wellFormed: boolean; readonly operand: string | null }>;
  /** A `cd` came after another command of its chain: that command may have failed. */
  mayBeSkipped: boolean;
  /** A `||` in the statement, other than a last `|| exit`: what it joins may run whether or not a `cd` did. */
  orMaySkip: boolean;
  /** The statement ends `|| exit` (or `|| return`): it goes on only where every command before it succeeded. */
  exitsOnFailure: boolean;
  /** A command other than a directory change has run in the statement before its first `cd`. */
  ranCommand: boolean;
  /** One has run after it: it ran only if the `cd`s before it did. */
  ranAfterChange: boolean;
  /** One of those may have written (it is no proven reader). */
  mayWriteAfterChange: boolean;
}

export function statementDirectory(start: PathBase): StatementDirectory {
  return {
    start,
    changes: [],
    mayBeSkipped: false,
    orMaySkip: false,
    exitsOnFailure: false,
    ranCommand: false,
    ranAfterChange: false,
    mayWriteAfterChange: false,
  };
}

/**
 * `cd`, `pushd`, `popd` anywhere in the text, quoted too (`bash -c 'cd ~/.ssh; f'` calls f there): a function or
 * loop body that holds one changes its own directory.
 */
const DIRECTORY_CHANGE = /(?:^|[^\w.-])(?:cd|pushd|popd)(?![\w.-])/;
/** A function that stands for a builtin that changes the directory, runs one, or leaves the shell after one fails. */
// `function NAME` takes any compound command as its body (`function cd ( : )`, `function cd [[ 1 ]]`).
const SHADOWED_CHANGE =
  /(?:^|[\s;&|({])(?:function\s+(?:cd|pushd|popd|builtin|command|exit|return)(?![\w.-])|(?:cd|pushd|popd|builtin|command|exit|return)\s*\(\s*\))/;

/** A command that leaves the shell: what `||` runs it after never goes on (`return` outside a function fails, and bash goes on). */
// Its status a number or `$?` (`exit --help` prints help and bash goes on).
// In a block, only statements before the exit, none joined by `&&`, `||` or `|` (`{ false && exit 1; }` may not leave).
const LEAVES = /^exit(?:\s+(?:\d+|"?\$\?"?))?$|^\{[^{}&|]*[\s;]exit(?:\s+(?:\d+|"?\$\?"?))?\s*;?\s*\}$/;

export function leavesShell(text: string): boolean {
  return LEAVES.test(text.trim());
}

/** Quotes and backslashes removed first: `c''d`, `c\\d` are cd to bash, and so are `c$'d'` and `$'c\\x64'`. */
export function changesDirectoryIn(text: string): boolean {
  return spellingsForSearch(text).some((t) => DIRECTORY_CHANGE.test(t));
}

/** `cd` anywhere, or find's `-execdir`/`-okdir`: the shell, or a program it runs, may leave the directory it starts in. */
export function mayLeaveStartDirectory(text: string): boolean {
  return spellingsForSearch(text).some((t) => DIRECTORY_CHANGE.test(t) || RUNS_IN_FOUND_DIRECTORY.test(t));
}

const RUNS_IN_FOUND_DIRECTORY = /(?:^|[^\w-])-(?:execdir|okdir)(?![\w-])/;

/**
 * The text as a search for a builtin's name must read it: quotes and backslashes removed, and, when it holds
 * `$'…'`, also with each such string decoded first (an escape permc cannot decode stands for `cd`). Both readings:
 * a `$'` that is no string's start (inside double quotes) may be followed by `\cd`, which bash reads as `cd`.
 */
export function spellingsForSearch(text: string): readonly string[] {
  const plain = text.replace(/['"\\]/g, "");
  if (!text.includes("$'")) return [plain];
  const decoded = text.replace(/\$'(?:[^'\\]|\\[\s\S])*'?/g, (string) => decodeAnsiC(string) ?? " cd ");
  return [plain, decoded.replace(/['"\\]/g, "")];
}

/**
 * The other directories a base may stand for, by base object (a base is made once per `cd` or statement), and,
 * where a `cd` surely failed, the one the shell is in: the base itself then stays where the `cd` named, as the
 * reference reads it (its paths are checked there too, so permc is never weaker), and the shell's place is its
 * one alternative.
 */
export class DirectoryAlternatives {
  // Made when a first statement is uncertain: most commands never are.
  private others: Map<PathBase, readonly PathBase[]> | undefined;
  /** Of a base a surely failed `cd` named, where the shell is. */
  private actual: Map<PathBase, PathBase> | undefined;
  private shadowed: boolean | undefined;
  /**
   * A command other than a directory change and a proven reader may have run so far: it may have made the directory
   * a `cd` names, or removed, renamed or locked one that is there now (`rmdir src; cd src; cat ../.ssh/id_rsa`).
   */
  private mayHaveWritten = false;

  /** `src`: the whole command, where a function may stand for `cd`. */
  constructor(private readonly src: string) {}

  /** The other directories `base` may be (none: it is sure). */
  of(base: PathBase): readonly PathBase[] {
    return this.others?.get(base) ?? NONE;
  }

  /** Where the shell is when its base is `base`: itself, the place a failed `cd` left it in, or null when it may be in several. */
  placeOf(base: PathBase): PathBase | null {
    const actual = this.actual?.get(base);
    if (actual !== undefined) return actual;
    return this.of(base).length === 0 ? base : null;
  }

  /** `items` (tokens, patterns), each also in every other directory its base may stand for: permc's own candidates. */
  withAlternatives<T extends { readonly base: PathBase; readonly derived?: boolean }>(items: T[]): T[] {
    if (this.others === undefined) return items;
    const out = items.slice();
    for (const item of items) for (const base of this.of(item.base)) out.push("derived" in item ? { ...item, base, derived: true } : { ...item, base });
    return out;
  }

  /** A new base for `folded`, where a `cd` from `from` landed: each alternative of `from` followed by the same `cd`. */
  folded(from: PathBase, folded: PathBase, fold: (base: PathBase) => PathBase): PathBase {
    const alternatives = this.others?.get(from);
    if (alternatives === undefined || !folded.known) return folded;
    const actual = this.actual?.get(from);
    if (actual !== undefined) return this.failedInto(folded, fold(actual));
    return this.uncertain(folded, alternatives.map(fold));
  }

  /**
   * A command other than a directory change is met (`s`: the statement it runs in, if it is a statement's own):
   * after a `cd` in its statement it runs only if the `cd` did, which the statement's end settles.
   */
  noteRun(s: StatementDirectory | undefined, readsOnly = false): void {
    if (s === undefined) this.mayHaveWritten ||= !readsOnly;
    else if (s.changes.length > 0) {
      s.ranAfterChange = true;
      s.mayWriteAfterChange ||= !readsOnly;
    } else {
      s.ranCommand = true;
      this.mayHaveWritten ||= !readsOnly;
    }
  }

  /** A command runs in the background: it may make a directory at any time. */
  noteBackground(): void {
    this.mayHaveWritten = true;
  }

  /**
   * The base after a statement that started in `s.start` and left the shell in `current`: `current` when its `cd`s
   * surely ran, or when any failure leaves the shell (`cd x || exit`); when one surely failed (the directory is not
   * there and nothing that ran before could have made it, so the rest of its `&&` chain did not run either, as in
   * `cd pkg0 && npm run build; cd pkg1 && …` where no pkgN is there), `current` with the shell's real place beside
   * it; else a copy of `current` that may also be where the statement started, or anywhere.
   */
  afterStatement(s: StatementDirectory, current: PathBase): PathBase {
    // The shell is surely where the statement started (a pipeline's stage moved only the reference's reading).
    if (current === s.start || !current.known || this.stillAt(current, s.start)) return this.ran(s, current);
    const shadowed = this.isShadowed();
    // `cd x || exit`, `a && cd x || exit 1`: any failure before the end leaves the shell.
    if (s.exitsOnFailure && !s.orMaySkip && !shadowed) return this.ran(s, current);
    // The directory changed in a block (`{ cd x; }`), whose own statements settled it: sure unless the block may not run.
    if (s.changes.length === 0) {
      if (!s.ranCommand && !s.orMaySkip && !shadowed) return this.ran(s, current);
      this.ran(s, current);
      return this.uncertain({ known: true, dir: current.dir }, [s.start, ...this.of(s.start), ...this.of(current)]);
    }
    let at = this.placeOf(s.start);
    if (!shadowed && !s.orMaySkip && !s.mayBeSkipped && at !== null) {
      for (const change of s.changes) {
        const to = this.placeOf(change.base);
        if (to === null || !to.known) break;
        // A directory a `cd` can enter: one there that this process may search (a file, nothing, or one permc
        // cannot reach or enter makes the `cd` fail: `cd /root` as another user), through every name its operand
        // walks (`nope/..`); sure only when nothing before it may have removed, renamed or locked it.
        const walked =
          change.operand === null || !change.operand.includes("..")
            ? null
            : change.operand.startsWith("/")
              ? change.operand
              : `${at?.known === true ? at.dir : ""}/${change.operand}`;
        if (change.wellFormed && canEnterNow(to.dir) && (walked === null || canEnterNow(walked))) {
          if (this.mayHaveWritten) break;
          at = to;
          continue;
        }
        // It fails: the shell stays, and what the statement runs after it does not run.
        if (!this.mayHaveWritten || !change.wellFormed) return at === current ? current : this.failedInto(current, at);
        break;
      }
      if (at === this.placeOf(current)) return this.ran(s, current);
    }
    this.ran(s, current);
    // Anywhere a `cd` of it left the shell before a later one failed (`cd a && cd nope; …` stays in a).
    const passed = s.changes.flatMap((c) => [c.base, ...this.of(c.base)]);
    return this.uncertain({ known: true, dir: current.dir }, [s.start, ...this.of(s.start), ...passed, ...this.of(current)]);
  }

  /**
   * After a pipeline whose first stage changed directory to `folded` in its subshell: the shell is still in `start`,
   * and what follows is also read in `folded`, as the reference reads it.
   */
  stayedIn(folded: PathBase, start: PathBase): PathBase {
    if (folded === start) return start;
    const place = this.placeOf(start);
    if (place !== null) return this.failedInto(folded, place);
    return folded.known ? this.uncertain({ known: true, dir: folded.dir }, [start, ...this.of(start)]) : UNKNOWN;
  }

  /** `current` is another reading of the place the shell surely still is in, `start`'s. */
  private stillAt(current: PathBase, start: PathBase): boolean {
    const actual = this.actual?.get(current);
    return actual !== undefined && actual === this.placeOf(start);
  }

  /** Either `current` or `other`: the right side of `||` runs where the left one may have failed. */
  either(current: PathBase, other: PathBase): PathBase {
    if (current === other || !current.known) return current;
    return this.uncertain({ known: true, dir: current.dir }, [other, ...this.of(other), ...this.of(current)]);
  }

  /** The statement ran to its end: what it ran after a `cd` may have written. */
  private ran(s: StatementDirectory, current: PathBase): PathBase {
    if (s.mayWriteAfterChange) this.mayHaveWritten = true;
    return current;
  }

  /** `named`, where a `cd` that surely failed pointed, with the shell surely in `actual`. */
  private failedInto(named: PathBase, actual: PathBase): PathBase {
    if (!named.known || !actual.known) return UNKNOWN;
    if (actual.dir === named.dir) return actual;
    const copy: PathBase = { known: true, dir: named.dir };
    (this.others ??= new Map()).set(copy, [actual]);
    (this.actual ??= new Map()).set(copy, actual);
    return copy;
  }

  private uncertain(base: PathBase, alternatives: readonly PathBase[]): PathBase {
    const distinct: PathBase[] = [];
    for (const a of alternatives) {
      if (!a.known) return UNKNOWN;
      if (a.known && base.known && a.dir === base.dir) continue;
      if (!distinct.some((d) => d.known && d.dir === a.dir)) distinct.push(a);
      // Each uncertain relative `cd` may double the places (`cd a; cd b; …`: 2^n): past a few, the shell may be anywhere.
      if (distinct.length > MAX_ALTERNATIVES) return UNKNOWN;
    }
    if (distinct.length === 0) return base;
    const copy: PathBase = base.known ? { known: true, dir: base.dir } : base;
    (this.others ??= new Map()).set(copy, distinct);
    return copy;
  }

  /** The command defines a function named `cd` (or one that runs it): no `cd` is sure to be bash's. */
  private isShadowed(): boolean {
    this.shadowed ??= SHADOWED_CHANGE.test(this.src.replace(/['"\\]/g, ""));
    return this.shadowed;
  }
}

const NONE: readonly PathBase[] = [];
/** Directories a base may stand for besides its own, at most; more is anywhere (UNKNOWN). */
const MAX_ALTERNATIVES = 8;
