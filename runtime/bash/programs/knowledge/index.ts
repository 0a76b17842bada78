/**
 * Every program record, by name. A name without a record is a leaf program.
 */
import { isKeyed, type ProgramRecord } from "../program-record.js";
import { BUILD_TOOLS } from "./build-tools.js";
import { BUILTINS } from "./builtins.js";
import { DEV_ENVIRONMENTS } from "./dev-environments.js";
import { EXTRACTORS } from "./extractors.js";
import { GIT, GIT_COMMANDS, GIT_DASHED_PREFIX, GIT_SUBCOMMANDS } from "./git.js";
import { GTFOBINS_INTERACTIVE } from "./gtfobins-interactive.js";
import { GTFOBINS_LANGUAGES } from "./gtfobins-languages.js";
import { GTFOBINS_LAUNCHERS } from "./gtfobins-launchers.js";
import { GTFOBINS_TOOLS } from "./gtfobins-tools.js";
import { INTERPRETERS } from "./interpreters.js";
import { ELSEWHERE_RUNNERS, LAUNCHERS, TERMINALS } from "./launchers.js";
import { MINI_LANGUAGES } from "./mini-languages.js";
import { PACKAGE_RUNNERS } from "./package-runners.js";
import { QUERY_ENGINES } from "./query-engines.js";
import { SHELLS } from "./shells.js";
import { TOOLS } from "./tools.js";
import { VERSION_CONTROL } from "./version-control.js";
import { WRAPPERS } from "./wrappers.js";

export const ALL_RECORDS: readonly ProgramRecord[] = [
  ...WRAPPERS,
  ...LAUNCHERS,
  ...TERMINALS,
  ...ELSEWHERE_RUNNERS,
  ...SHELLS,
  ...INTERPRETERS,
  GIT,
  ...PACKAGE_RUNNERS,
  ...DEV_ENVIRONMENTS,
  ...BUILD_TOOLS,
  ...EXTRACTORS,
  ...MINI_LANGUAGES,
  ...BUILTINS,
  ...TOOLS,
  ...GTFOBINS_LAUNCHERS,
  ...GTFOBINS_INTERACTIVE,
  ...GTFOBINS_LANGUAGES,
  ...GTFOBINS_TOOLS,
  ...QUERY_ENGINES,
  ...VERSION_CONTROL,
];

const BY_NAME: ReadonlyMap<string, ProgramRecord> = (() => {
  const m = new Map<string, ProgramRecord>();
  for (const r of ALL_RECORDS) {
    for (const n of r.names) {
      if (m.has(n)) throw new Error(`program knowledge: ${n} has two records`);
      m.set(n, r);
    }
  }
  return m;
})();

/** `python3.12`, `python3.11-dbg`, `perl5.36`, `node18`: versioned names map to their family. */
const VERSIONED = /^(python|pypy|ruby|perl|php|lua|node|tclsh|wish)[0-9][0-9.]*(?:-[a-z]+)?$/;

export interface Found {
  readonly record: ProgramRecord;
  /** The subcommand a dashed name implies (`git-push` → `push`). */
  readonly impliedSubcommand?: string;
}

export function findRecord(name: string): Found | null {
  const exact = BY_NAME.get(name);
  if (exact !== undefined) return { record: exact };
  const m = VERSIONED.exec(name);
  if (m !== null) {
    const family = BY_NAME.get(m[1] as string) ?? BY_NAME.get(`${m[1]}3`);
    if (family !== undefined) return { record: family };
  }
  if (name.startsWith(GIT_DASHED_PREFIX)) {
    const sub = name.slice(GIT_DASHED_PREFIX.length);
    if (Object.hasOwn(GIT_SUBCOMMANDS, sub) || GIT_COMMANDS.has(sub)) return { record: GIT, impliedSubcommand: sub };
  }
  return null;
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
