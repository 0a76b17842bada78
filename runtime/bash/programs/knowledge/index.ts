/**
 * Every program record, by name. A name without a record is a leaf program.
 *
 * Records are built per group on first use (record-group.ts says why);
 * `record-names.ts` lists each group's names, and a test keeps it equal to
 * the records (PERMC_UPDATE_GOLDEN=1 rewrites it). A group whose records do
 * not carry exactly the names listed for it throws when it is built: the
 * decision fails closed rather than read a name as a leaf program.
 */
import { isKeyed, type ProgramRecord } from "../program-record.js";
import { BUILD_TOOLS } from "./build-tools.js";
import { BUILTINS } from "./builtins.js";
import { CHECKSUMS } from "./checksums.js";
import { COMPRESSORS } from "./compressors.js";
import { DEV_ENVIRONMENTS } from "./dev-environments.js";
import { EXTRACTORS } from "./extractors.js";
import { FILE_MAKERS } from "./file-makers.js";
import { GIT, GIT_DASHED_PREFIX } from "./git.js";
import { GTFOBINS_INTERACTIVE } from "./gtfobins-interactive.js";
import { GTFOBINS_LANGUAGES } from "./gtfobins-languages.js";
import { GTFOBINS_LAUNCHERS } from "./gtfobins-launchers.js";
import { CODING_AGENTS } from "./coding-agents.js";
import { GTFOBINS_TOOLS } from "./gtfobins-tools.js";
import { INTERPRETERS } from "./interpreters.js";
import { ELSEWHERE_RUNNERS, LAUNCHERS, TERMINALS } from "./launchers.js";
import { MINI_LANGUAGES } from "./mini-languages.js";
import { PACKAGE_RUNNERS } from "./package-runners.js";
import { QUERY_ENGINES } from "./query-engines.js";
import { type RecordGroup, recordGroup } from "./record-group.js";
import { RECORD_NAMES, type RecordGroupName } from "./record-names.js";
import { SHELLS } from "./shells.js";
import { TOOLCHAIN_VARIANT, TOOLCHAINS } from "./toolchains.js";
import { TOOLS } from "./tools.js";
import { VERSION_CONTROL } from "./version-control.js";
import { WRAPPERS } from "./wrappers.js";

/** Each group of records, under the name `record-names.ts` lists its programs by. */
export const RECORD_GROUPS: Readonly<Record<RecordGroupName, RecordGroup>> = {
  wrappers: WRAPPERS,
  launchers: LAUNCHERS,
  terminals: TERMINALS,
  "elsewhere-runners": ELSEWHERE_RUNNERS,
  shells: SHELLS,
  interpreters: INTERPRETERS,
  git: recordGroup(() => [GIT()]),
  "package-runners": PACKAGE_RUNNERS,
  "dev-environments": DEV_ENVIRONMENTS,
  "build-tools": BUILD_TOOLS,
  extractors: EXTRACTORS,
  "mini-languages": MINI_LANGUAGES,
  builtins: BUILTINS,
  tools: TOOLS,
  "gtfobins-launchers": GTFOBINS_LAUNCHERS,
  "gtfobins-interactive": GTFOBINS_INTERACTIVE,
  "gtfobins-languages": GTFOBINS_LANGUAGES,
  "gtfobins-tools": GTFOBINS_TOOLS,
  "query-engines": QUERY_ENGINES,
  "version-control": VERSION_CONTROL,
  checksums: CHECKSUMS,
  "file-makers": FILE_MAKERS,
  compressors: COMPRESSORS,
  toolchains: TOOLCHAINS,
  "coding-agents": CODING_AGENTS,
};

/** Which group holds each name (a few hundred strings: cheap to index at load). */
const GROUP_OF: ReadonlyMap<string, RecordGroupName> = (() => {
  const m = new Map<string, RecordGroupName>();
  for (const group of Object.keys(RECORD_NAMES) as RecordGroupName[]) {
    for (const n of RECORD_NAMES[group]) m.set(n, group);
  }
  return m;
})();

const builtGroups = new Map<RecordGroupName, ReadonlyMap<string, ProgramRecord>>();

/** A group's records by name, checked against the names listed for it. */
function groupByName(group: RecordGroupName): ReadonlyMap<string, ProgramRecord> {
  let m = builtGroups.get(group);
  if (m !== undefined) return m;
  const built = new Map<string, ProgramRecord>();
  for (const r of RECORD_GROUPS[group]()) {
    for (const n of r.names) {
      if (built.has(n)) throw new Error(`program knowledge: ${n} has two records`);
      built.set(n, r);
    }
  }
  const listed = RECORD_NAMES[group];
  if (built.size !== listed.length || listed.some((n) => !built.has(n))) {
    throw new Error(`program knowledge: record-names.ts does not list the names of group ${group}`);
  }
  m = built;
  builtGroups.set(group, m);
  return m;
}

function recordNamed(name: string): ProgramRecord | undefined {
  const group = GROUP_OF.get(name);
  return group === undefined ? undefined : groupByName(group).get(name);
}

/** Every record (tests; a decision builds only the groups it looks up). */
export function allRecords(): readonly ProgramRecord[] {
  return Object.values(RECORD_GROUPS).flatMap((group) => group());
}

/**
 * `python3.12`, `python3.11-dbg`, `perl5.36`, `perl5.36-x86_64-linux-gnu`, `node18`, `pdb3.11`, LLVM's `lli-14`:
 * versioned names map to their family.
 */
const VERSIONED = /^(?:(python|pypy|ruby|perl|php|lua|node|tclsh|wish|pdb)[0-9][0-9.]*(?:-[\w.-]+)?|(lli|clang-repl)-[0-9][0-9.]*)$/;

export interface Found {
  readonly record: ProgramRecord;
  /** The subcommand a dashed name implies (`git-push` → `push`). */
  readonly impliedSubcommand?: string;
}

/** The answer for each record's own names, made once: a command asks for its program's record several times. */
const FOUND_BY_NAME = new Map<string, Found>();

export function findRecord(name: string): Found | null {
  const known = FOUND_BY_NAME.get(name);
  if (known !== undefined) return known;
  const exact = recordNamed(name);
  if (exact !== undefined) {
    const found: Found = { record: exact };
    FOUND_BY_NAME.set(name, found);
    return found;
  }
  const m = VERSIONED.exec(name);
  if (m !== null) {
    const name = (m[1] ?? m[2]) as string;
    const family = recordNamed(name) ?? recordNamed(`${name}3`);
    if (family !== undefined) return { record: family };
  }
  // `gcc-12`, `x86_64-linux-gnu-gcc-12`, `arm-none-eabi-ld`: the toolchain program of that family.
  const variant = TOOLCHAIN_VARIANT.exec(name)?.[1];
  const family = variant === undefined ? undefined : recordNamed(variant);
  if (family !== undefined) return { record: family };
  if (name.startsWith(GIT_DASHED_PREFIX)) {
    const sub = name.slice(GIT_DASHED_PREFIX.length);
    const git = GIT();
    if (git.subcommands !== undefined && Object.hasOwn(git.subcommands, sub)) return { record: git, impliedSubcommand: sub };
  }
  return null;
}

/**
 * Whether a program called by this name takes revisions and pathspecs as
 * operands (ProgramRecord.operandsAreGitWords: `git`, not `git-push`, which
 * is judged through its respelling), as analyse-program.ts reads it.
 */
export function operandsAreGitWords(name: string): boolean {
  const r = findRecord(name)?.record;
  return r !== undefined && r.operandsAreGitWords === true && r.names.includes(name);
}

/**
 * Whether a program's operands may name files. `echo`, `printf`, `true`…
 * never open theirs, so a glob or unknown value there is not a path.
 */
export function operandsMayBePaths(name: string): boolean {
  const r = findRecord(name)?.record;
  const ops = r?.operands;
  // A keyed operand (make's NAME=VALUE) is a setting, not a path.
  return !(r !== undefined && r.subcommands === undefined && ops !== undefined && ops.length > 0 && ops.every((m) => m === "value" || isKeyed(m)));
}
