/**
 * The env fuzz (`npm run hunt -- --generator env`): the option fuzz's
 * question for the environment. A program reads variables as it reads
 * options, and a variable permc does not know is a word it lets through:
 * `PGSYSCONFDIR='|rm victim' psql` ran rm (Debian's pg_wrapper opens it
 * with Perl's two-argument open), `XAUTHORITY=envlink.txt xauth list` read
 * `.env`. For every installed program and every variable it reads (the
 * discovery's cache, env-reads.ts), the variable is handed, before the
 * program, rm in the run fuzz's shapes (under P1) and the option fuzz's
 * denied files (under P2), with and without an everyday operand.
 *
 * The option fuzz's round-robin deal: each (program, variable) is a group,
 * the groups are shuffled by the seed, and every group's first variant is
 * dealt before any second. Each group opens with rm by name and the link to
 * `.env` (OPENING), its other words follow in a seeded order, and the
 * substitutions and the directories after every other word. A name many programs read is a
 * library's (locale, terminal, OpenSSL, Python's start-up): its groups come
 * last in each round, so a small budget reaches the programs' own names first.
 */
import { type EnvReads, readEnvReads } from "./env-reads.js";
import { repoRoot } from "./fixture.js";
import type { Case } from "./generate.js";
import { type Dealt, DIRECTORY_TARGETS, dealRoundRobin, FUZZ_TARGETS, type FuzzTarget, installed, SKIP, seededOrder } from "./option-fuzz.js";
import { Prng } from "./prng.js";
import { RUN_LATER, RUN_TARGETS } from "./run-fuzz.js";

/** More programs than this read a name: a library they share reads it, and its groups are dealt last in each round. */
export const LIBRARY_NAME_READERS = 10;

/** Without an operand (a program that reads its setting at start-up), and with one (many read nothing until they have work). */
const TAILS = ["", " notes.txt"];

/**
 * The first two rounds, in this order for every group: rm by name (does the variable name a program?) and the link
 * to `.env` (does it name a file?), each with and without an operand. The other words follow in the seed's order.
 */
const OPENING: ReadonlyMap<string, number> = new Map(["via:target:name", "via:target:envlink"].map((t, i) => [t, i]));

function partition<T>(xs: readonly T[], p: (x: T) => boolean): [T[], T[]] {
  return [xs.filter(p), xs.filter((x) => !p(x))];
}

export interface EnvGroup {
  readonly library: boolean;
  readonly variants: readonly Dealt[];
}

function variantsOf(program: string, name: string, targets: readonly FuzzTarget[]): Dealt[] {
  return targets.flatMap((t) =>
    TAILS.map((tail) => ({
      policy: t.aim === "rm" ? ("P1" as const) : ("P2" as const),
      command: `${name}=${t.word} ${program}${tail}`,
      aim: t.aim,
      tricks: [`variable:${program} ${name}`, `via:${tail === "" ? "bare" : "operand"}`, `via:target:${t.label}`],
    })),
  );
}

/** Every (program, variable) group of the cache's programs that are installed on PATH. */
export function envGroups(reads: EnvReads, PATH: string, seed: number): EnvGroup[] {
  const r = new Prng(seed);
  const later = new Prng(seed + 0x5eed);
  const readers = new Map<string, number>();
  for (const names of Object.values(reads.programs)) for (const n of names) readers.set(n, (readers.get(n) ?? 0) + 1);
  const here = installed(Object.keys(reads.programs), PATH);
  const groups: EnvGroup[] = [];
  for (const [program, names] of Object.entries(reads.programs)) {
    if (!here.has(program) || SKIP.has(program)) continue;
    for (const name of names) {
      const [opening, rest] = partition(variantsOf(program, name, [...RUN_TARGETS, ...FUZZ_TARGETS]), (v) => OPENING.has(v.tricks[2]!));
      const after = variantsOf(program, name, [...RUN_LATER, ...DIRECTORY_TARGETS]);
      groups.push({
        library: (readers.get(name) ?? 0) > LIBRARY_NAME_READERS,
        variants: [...opening.sort((a, b) => OPENING.get(a.tricks[2]!)! - OPENING.get(b.tricks[2]!)!), ...seededOrder(r, rest), ...seededOrder(later, after)],
      });
    }
  }
  for (let i = groups.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [groups[i], groups[j]] = [groups[j]!, groups[i]!];
  }
  return [...groups.filter((g) => !g.library), ...groups.filter((g) => g.library)];
}

/** `budget` env-fuzz cases from `seed` under P1 and P2: the same arguments, cache and installed programs give the same list. */
export function generateEnvFuzz(seed: number, budget: number, PATH: string, reads: EnvReads = readEnvReads(repoRoot())): Case[] {
  return dealRoundRobin(
    envGroups(reads, PATH, seed).map((g) => g.variants),
    budget,
  );
}
