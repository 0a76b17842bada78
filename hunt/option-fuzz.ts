/**
 * The option fuzz (`npm run hunt -- --generator options`): the classic
 * generator draws from hand-written readers and writers, so it finds what
 * someone thought of. This one draws from the knowledge base itself: for
 * every program with a record that is installed here, every option whose
 * value permc does not take for a file (a `value`, a `flag`, `at-file`'s
 * data, a URL, …) and every operand that is not a path is handed a file P2
 * denies, in each spelling the option has (`-xF`, `-x F`, `--name=F`,
 * `--name F`, `-name F`, `@F`), bare and before an everyday operand, under
 * each subcommand. The targets include the fixture's links with harmless
 * names (`envlink.txt` → `.env`, `sshlink/id_rsa`), which no path-shaped
 * guess catches. A finding is an option that really opens its value: the
 * record says `value` where the program reads.
 *
 * Bounded and seeded: each (program, subcommand, option) is a group of
 * variants in a seeded order (target, spelling and operands drawn together:
 * `rg --glob=.env notes.txt` needs all three), groups are shuffled by the
 * seed, and cases are dealt round-robin (every group's first variant before
 * any second), so a small budget touches many options once and a large one
 * every spelling.
 * In each round the options with a value come before the flags, which get
 * one spelling each (`-xF`, `--name=F`): a flag handed a file is mostly a
 * usage error, and still worth one try (a record may call a flag what takes a value).
 */
import { spawnSync } from "node:child_process";
import { allRecords } from "../runtime/bash/programs/knowledge/index.js";
import { isKeyed, isPasses, type Meaning, type OptionGrammar, type OptionSpec, type ProgramRecord } from "../runtime/bash/programs/program-record.js";
import type { Case, PolicyName } from "./generate.js";
import { Prng } from "./prng.js";

/** A word a fuzz hands an option (a denied file of the P2 fixture, spelt from the project; a command P1 denies), and the aim the judge holds the case to. */
export interface FuzzTarget {
  readonly word: string;
  readonly aim: string;
  readonly label: string;
}

/** The links: a name that does not look like the secret is what a guess by shape misses; the secret's own name: what a glob or a suffix matches. */
export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  { word: "envlink.txt", aim: "env", label: "envlink" },
  { word: "sshlink/id_rsa", aim: "ssh", label: "sshlink" },
  { word: ".env", aim: "env", label: "env" },
  { word: "etclink/shells", aim: "etc:shells", label: "etclink" },
  // A glob the program matches itself (`rg -g`, `tar --wildcards`, `zip -i`): no word names the file.
  { word: "'*.env'", aim: "env", label: "glob" },
];

/**
 * Directories: an option that walks what it is given reads every file under it (`sshlink` is a link to `~/.ssh`,
 * `.` holds `.env`). Dealt after every file target (fuzzGroups' `later`), with their own seeded order, so the first
 * rounds (CI's slice) hand each option a file as before, and the whole space both.
 */
export const DIRECTORY_TARGETS: readonly FuzzTarget[] = [
  { word: "sshlink", aim: "ssh", label: "sshdir" },
  { word: ".", aim: "env", label: "dot" },
];

/**
 * Everyday operands after the option: many programs do nothing with their
 * options until they have one. `x notes.txt` also suits a program whose
 * first operand is a pattern or a script (`x` is a sed command, an awk
 * pattern and a regular expression).
 */
const OPERANDS = ["notes.txt", "x notes.txt"];

/**
 * What a fuzz hands every option: the words (dealt first), the words dealt
 * after every first word (`later`), which options get them (by the meaning
 * their record gives them), and the policy and aim each case is judged under.
 */
export interface FuzzPlan {
  readonly policy: PolicyName;
  readonly targets: readonly FuzzTarget[];
  readonly later: readonly FuzzTarget[];
  readonly handed: (m: Meaning) => boolean;
  /** Commands (`git receive-pack`) the plan leaves out, by their program and subcommand: all kept when absent. */
  readonly leaves?: (head: string) => boolean;
}

/** Meanings whose value permc takes for something other than a file it reads or writes: what the fuzz hands a file. */
const NOT_FILE: ReadonlySet<string> = new Set([
  "flag",
  "value",
  "at-file",
  "cookie-or-file",
  "url",
  "git-object",
  "git-remote",
  "module",
  "variable-name",
  "argv0",
  "extract",
  "names-input",
]);

function notFile(m: Meaning): boolean {
  if (typeof m === "string") return NOT_FILE.has(m);
  return isKeyed(m) || isPasses(m);
}

/** The option fuzz's plan: denied files, under P2, to every option whose value permc does not take for a file. */
export const FILE_PLAN: FuzzPlan = { policy: "P2", targets: FUZZ_TARGETS, later: DIRECTORY_TARGETS, handed: notFile };

const spec = (s: OptionSpec | Meaning): OptionSpec => (typeof s === "object" && "means" in s ? s : { means: s as Meaning });

function takes(s: OptionSpec): "none" | "value" | "attached" {
  if (s.takes !== undefined) return s.takes;
  return s.means === "flag" ? "none" : "value";
}

/** The placeholder for the target in a spelling. */
const T = "\u0000";

/** The spellings of option `name` handing it the target (T), given its grammar. */
function spellings(g: OptionGrammar, name: string, short: boolean, s: OptionSpec): string[] {
  const t = takes(s);
  if (short) {
    if (t === "attached") return [`-${name}${T}`];
    if (t === "none") return [`-${name}${T}`, `-${name} ${T}`];
    return [`-${name} ${T}`, `-${name}${T}`, `-${name} @${T}`];
  }
  const dash = g.singleDashLong === true ? "-" : "--";
  if (t === "none") return [`${dash}${name}=${T}`, `${dash}${name} ${T}`];
  const out = [`${dash}${name}=${T}`, `${dash}${name} ${T}`, `${dash}${name}=@${T}`];
  if (dash === "-") out.push(`--${name}=${T}`);
  return out;
}

interface Variant {
  readonly command: string;
  readonly spelling: string;
  readonly target: FuzzTarget;
}

interface Group {
  readonly program: string;
  /** An option without a value: its spellings with a value are one guess each, dealt after every option with one. */
  readonly flag: boolean;
  readonly label: string;
  /** The option handed each of the plan's first words (FUZZ_TARGETS: the files). */
  readonly variants: readonly Variant[];
  /** The option handed each of the plan's later words (DIRECTORY_TARGETS: the directories), dealt after every first one. */
  readonly later: readonly Variant[];
}

const SAFE_WORD = /^[A-Za-z0-9_.,:+%@=/-]+$/;

/** The groups for one record (and its subcommands), called by `program`. */
function groupsOf(plan: FuzzPlan, program: string, rec: Omit<ProgramRecord, "names">, sub: string | null, out: Group[]): void {
  const head = sub === null ? program : `${program} ${sub}`;
  if (plan.leaves?.(head) === true) return;
  const g = rec.options ?? {};
  const add = (what: string, forms: readonly string[], flag = false): void => {
    const handed = (targets: readonly FuzzTarget[]): Variant[] => {
      const variants: Variant[] = [];
      for (const target of targets) {
        for (const form of forms) {
          const words = form.replaceAll(T, target.word);
          const shown = form.replaceAll(T, "F");
          variants.push({ command: `${head} ${words}`, spelling: shown, target });
          if (!flag) for (const o of OPERANDS) variants.push({ command: `${head} ${words} ${o}`, spelling: `${shown} ${o}`, target });
        }
      }
      return variants;
    };
    out.push({ program, flag, label: `${head} ${what}`, variants: handed(plan.targets), later: handed(plan.later) });
  };
  for (const [kind, table] of [
    ["short", g.short],
    ["long", g.long],
  ] as const) {
    for (const [name, raw] of Object.entries(table ?? {})) {
      if (!SAFE_WORD.test(name)) continue;
      const s = spec(raw);
      if (!plan.handed(s.means)) continue;
      const short = kind === "short";
      const shown = short ? `-${name}` : `${g.singleDashLong === true ? "-" : "--"}${name}`;
      const flag = takes(s) === "none";
      add(shown, flag ? spellings(g, name, short, s).slice(0, 1) : spellings(g, name, short, s), flag);
    }
  }
  // Operands that are not paths: the first two positions.
  const operands = rec.operands ?? [];
  for (let i = 0; i < Math.min(2, operands.length); i++) {
    if (!plan.handed(operands[i]!)) continue;
    add(`operand ${i + 1}`, [i === 0 ? T : `x ${T}`]);
  }
  if (sub === null) {
    for (const [name, s] of Object.entries(rec.subcommands ?? {})) {
      if (SAFE_WORD.test(name)) groupsOf(plan, program, s, name, out);
    }
  }
}

/** Which of `names` `command -v` finds on the hunt's PATH (one shell for all). */
export function installed(names: readonly string[], PATH: string): Set<string> {
  const safe = names.filter((n) => /^[A-Za-z0-9_.+-]+$/.test(n));
  const script = 'for n in "$@"; do command -v -- "$n" >/dev/null 2>&1 && printf "%s\\n" "$n"; done';
  const r = spawnSync("/bin/bash", ["-c", script, "bash", ...safe], { encoding: "utf8", env: { PATH } });
  return new Set(r.stdout.split("\n").filter((l) => l !== ""));
}

/**
 * Programs the fuzz leaves out: ones that change this machine's state outside
 * the sandbox's reach is impossible (bwrap holds everything), so this is only
 * for programs that make every case time out and prove nothing.
 */
export const SKIP: ReadonlySet<string> = new Set(["sleep", "yes", "watch", "top", "htop", "script"]);

/** Every group of the installed programs, one per (program, subcommand, option or operand). */
export function fuzzGroups(PATH: string, plan: FuzzPlan = FILE_PLAN): Group[] {
  const records = allRecords();
  const here = installed(
    records.flatMap((r) => r.names),
    PATH,
  );
  const out: Group[] = [];
  for (const rec of records) {
    const program = rec.names.find((n) => here.has(n) && !SKIP.has(n));
    if (program === undefined) continue;
    if (rec.always !== undefined) continue; // floored in every use: never allowed, never run
    groupsOf(plan, program, rec, null, out);
  }
  return out;
}

/** `budget` option-fuzz cases from `seed` under P2: the same arguments (and the same installed programs) give the same list. */
export function generateOptionFuzz(seed: number, budget: number, PATH: string): Case[] {
  return generateFuzz(FILE_PLAN, seed, budget, PATH);
}

/** `budget` cases of `plan` from `seed`: the same arguments (and the same installed programs) give the same list. */
export function generateFuzz(plan: FuzzPlan, seed: number, budget: number, PATH: string): Case[] {
  const r = new Prng(seed);
  const shuffle = <T>(xs: T[]): T[] => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = r.int(i + 1);
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  };
  // The directories' order draws from a generator of its own: the files' order (and so CI's slice) is the seed's as before.
  const later = new Prng(seed + 0x5eed);
  const all = shuffle(fuzzGroups(PATH, plan).map((g) => ({ ...g, variants: [...seededOrder(r, g.variants), ...seededOrder(later, g.later)] })));
  // Options with a value first in every round: a flag handed a file is mostly a usage error.
  const groups = [...all.filter((g) => !g.flag), ...all.filter((g) => g.flag)];
  return dealRoundRobin(
    groups.map((g) =>
      g.variants.map((v) => ({
        policy: plan.policy,
        command: v.command,
        aim: v.target.aim,
        tricks: [`option:${g.label}`, `via:${v.spelling}`, `via:target:${v.target.label}`],
      })),
    ),
    budget,
  );
}

/** A case before it has its number. */
export type Dealt = Omit<Case, "id">;

/**
 * Deals `budget` cases from `groups` round-robin: every group's first variant,
 * then every group's second, …; a command already dealt is skipped.
 */
export function dealRoundRobin(groups: readonly (readonly Dealt[])[], budget: number): Case[] {
  const out: Case[] = [];
  const seen = new Set<string>();
  for (let round = 0; out.length < budget; round++) {
    let any = false;
    for (const g of groups) {
      const v = g[round];
      if (v === undefined) continue;
      any = true;
      if (seen.has(v.command)) continue;
      seen.add(v.command);
      out.push({ id: out.length, ...v });
      if (out.length >= budget) break;
    }
    if (!any) break;
  }
  return out;
}

/** A group's variants in a seeded order: each round hands each option one target in one spelling, drawn by the seed. */
export function seededOrder<T>(r: Prng, variants: readonly T[]): T[] {
  const keyed = variants.map((v) => ({ v, k: r.next() }));
  keyed.sort((a, b) => a.k - b.k);
  return keyed.map((x) => x.v);
}
