/**
 * What the discoveries (discover-env.ts, discover-startup.ts) ask: every
 * program with a record, every leaf program, every program a walker table
 * names (ctags has no record, but knowledge/recursive.ts knows its `-R`),
 * and the unmodelled programs agents run (data/unmodelled-programs.ts), or
 * the ones `--programs a,b` names; and the system they were asked on, for
 * the cache's stamp.
 */
import { readFileSync } from "node:fs";
import { allRecords } from "../runtime/bash/programs/knowledge/index.js";
import { LEAF_PROGRAMS } from "../runtime/bash/programs/knowledge/leaf-programs.js";
import {
  DIRECTORY_EXCLUSIONS,
  FOLLOWS_LINKS_WITH,
  LISTS_NAMES_ONLY,
  RECURSIVE_BY_VALUE,
  RECURSIVE_READERS,
  WALK_FILTERS,
  WALKS_WORKING_DIRECTORY,
} from "../runtime/bash/programs/knowledge/recursive.js";
import { OPENS_EVERY_FILE_WALKED } from "../runtime/bash/programs/knowledge/walk-opens-files.js";
import { UNMODELLED_PROGRAMS } from "./data/unmodelled-programs.js";
import { FixturePaths, readFixtureSpec } from "./fixture.js";

/**
 * The programs the walker tables name. A program permc knows only from them
 * was asked by no discovery before: ctags reads options files from
 * `.ctags.d/` where it runs, and one holding `-f.env` made `ctags src/a.ts`
 * write .env.
 */
export function walkerTableNames(): readonly string[] {
  const tables = [
    RECURSIVE_READERS,
    WALKS_WORKING_DIRECTORY,
    WALK_FILTERS,
    FOLLOWS_LINKS_WITH,
    LISTS_NAMES_ONLY,
    RECURSIVE_BY_VALUE,
    DIRECTORY_EXCLUSIONS,
    OPENS_EVERY_FILE_WALKED,
  ];
  return [...new Set(tables.flatMap((t) => Object.keys(t)))];
}

/** The programs to ask, and whether that is a partial refresh; exits with a message when `--programs` names one no list has. */
export function discoveryPrograms(argv: readonly string[], tool: string): { readonly programs: readonly string[]; readonly partial: boolean } {
  const every = [...new Set([...allRecords().flatMap((r) => r.names), ...LEAF_PROGRAMS, ...walkerTableNames(), ...UNMODELLED_PROGRAMS])];
  const only = argv.indexOf("--programs");
  if (only === -1) return { programs: every, partial: false };
  const chosen = (argv[only + 1] ?? "").split(",").filter((n) => n !== "");
  const unknown = chosen.filter((n) => !every.includes(n));
  if (unknown.length > 0) {
    process.stderr.write(`${tool}: no record or leaf entry names ${unknown.join(", ")}\n`);
    process.exit(2);
  }
  return { programs: chosen, partial: true };
}

/**
 * The PATH the programs are found on and run with: the hunt's (its fixture's), then the directories `--path a:b`
 * names. Programs a version manager installs (pyenv's aws, pytest, ipython, flask) are on no system PATH: give their
 * real directory (`--path "$(pyenv prefix)/bin"`; a shim needs the home the sandbox replaces).
 */
export function discoveryPath(argv: readonly string[]): string {
  const hunt = new FixturePaths("/nonexistent").sub(readFixtureSpec().env.PATH);
  const at = argv.indexOf("--path");
  const extra = at === -1 ? "" : (argv[at + 1] ?? "");
  return extra === "" ? hunt : `${hunt}:${extra}`;
}

/** The system's name (os-release's PRETTY_NAME). */
export function systemRelease(): string {
  try {
    return /^PRETTY_NAME="?([^"\n]*)/m.exec(readFileSync("/etc/os-release", "utf8"))?.[1] ?? "an unknown system";
  } catch {
    return "an unknown system";
  }
}
