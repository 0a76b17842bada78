/**
 * The one option parser: every wrapper, interpreter and program record is
 * read by it. It follows getopt's rules as the grammar states them: short
 * clusters (`-nle`), values attached (`-uroot`, `--user=root`) or in the next
 * word, GNU abbreviations, `--`, POSIX stop at the first operand or GNU
 * permutation, leading `NAME=value` assignments.
 *
 * It never guesses silently: an option the grammar does not know (when the
 * grammar says unknown options are unsure), an ambiguous abbreviation, or a
 * word whose value permc cannot know in a place where an option may stand,
 * makes the result `unsure`, and the caller floors the command.
 */
import { syntheticWord, type Word } from "../words/words.js";
import type { Meaning, OptionGrammar, OptionSpec } from "./program-record.js";

/** A word a wrapper reads as an assignment (env, sudo; bash in front of a command): a name, then `=`. */
export const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*=/;

export interface ParsedOption {
  /** The option's name as the grammar lists it (`u`, `user`). */
  readonly name: string;
  readonly spec: OptionSpec;
  /** Its value: the attached text or the next word's value; null when it takes none or it is unknown. */
  readonly value: string | null;
  /** The word the value came from (the option's own word when attached). */
  readonly valueWord: number;
}

export interface ParsedArguments {
  readonly options: readonly ParsedOption[];
  /** Word indices of the operands, in order. */
  readonly operands: readonly number[];
  /** Word indices of leading `NAME=value` assignments. */
  readonly assignments: readonly number[];
  /** Why the parse cannot be trusted, or null. */
  readonly unsure: string | null;
  /** Operand meanings an option asked for (`bash -c`), or null for the record's own. */
  readonly operandMeanings: readonly Meaning[] | null;
  /**
   * Word indices of options the grammar does not know, taken as flags
   * (`unknown: "flag"`), that end their word: each may have taken the next
   * word as its value (`pnpm --filter web exec …`).
   */
  readonly guessed: ReadonlySet<number>;
  /**
   * The first word whose value an expansion gives (`$(cat list)`, `$x`), where an option may stand, in a grammar with
   * options that name files or commands: it may be such options (`--checkpoint-action=exec=rm`). Null when none.
   */
  readonly expandedOptions: number | null;
}

/**
 * A word whose first characters an expansion gives (`$x`, `$(…)`, a backquote), quoted or not; not `$HOME` or `$PWD`,
 * whose values are absolute paths.
 */
const EXPANSION_FIRST = /^["']?(?:\$(?!\{?(?:HOME|PWD)(?![\w]))|`)/;

const WEIGHTY = new WeakMap<OptionGrammar, boolean>();

/**
 * The grammar has an option whose value or presence is more than a flag or a value permc ignores (a file, a
 * command, code): a word of unknown text standing for it changes what the program does with files or runs.
 */
function hasWeightyOption(g: OptionGrammar): boolean {
  let found = WEIGHTY.get(g);
  if (found === undefined) {
    const weighty = (entry: OptionSpec | Meaning | undefined): boolean => {
      const m = specOf(entry)?.means;
      return m !== undefined && m !== "flag" && m !== "value";
    };
    found =
      Object.values(g.short ?? {}).some(weighty) ||
      Object.values(g.long ?? {}).some(weighty) ||
      (g.prefixed ?? []).some((p) => weighty(p.spec)) ||
      g.at !== undefined ||
      g.plus !== undefined;
    WEIGHTY.set(g, found);
  }
  return found;
}

/** An option word whose name is written plainly and whose value follows `=`. */
const STATIC_OPTION_NAME = /^(--?[A-Za-z0-9][\w-]*)=/;

function specOf(entry: OptionSpec | Meaning | undefined): OptionSpec | undefined {
  if (entry === undefined) return undefined;
  if (typeof entry === "object" && "means" in entry) return entry;
  return { means: entry };
}

/** How an option takes its value: as declared; else none for flags and unsure options, a value otherwise. */
export function takes(spec: OptionSpec): "none" | "value" | "attached" {
  if (spec.takes !== undefined) return spec.takes;
  return spec.means === "flag" || spec.means === "extract" || spec.means === "names-input" || (typeof spec.means === "object" && "unsure" in spec.means)
    ? "none"
    : "value";
}

/** Own-property lookup: a grammar is data, never a prototype chain (`constructor` is not an option). */
function lookup(table: Readonly<Record<string, OptionSpec | Meaning>> | undefined, key: string): OptionSpec | undefined {
  if (table === undefined || !Object.hasOwn(table, key)) return undefined;
  return specOf(table[key]);
}

/** An option known by how its word starts (OptionGrammar.prefixed): its spec and the rest of the word. */
function findPrefixed(g: OptionGrammar, word: string): { name: string; spec: OptionSpec; rest: string } | null {
  for (const p of g.prefixed ?? []) {
    const m = p.prefix.exec(word);
    if (m === null || m.index !== 0) continue;
    return { name: m[0], spec: specOf(p.spec) as OptionSpec, rest: word.slice(m[0].length) };
  }
  return null;
}

/** A long option by exact name or, where the grammar allows, by unique prefix. */
function findLong(g: OptionGrammar, name: string): { name: string; spec: OptionSpec } | "ambiguous" | null {
  const exact = lookup(g.long, name);
  if (exact !== undefined) return { name, spec: exact };
  if (g.abbreviations !== true || g.long === undefined || name === "") return null;
  // One pass over the table, no array: most unknown long options (`git status --short`) match no prefix.
  let hit: string | null = null;
  for (const k in g.long) {
    if (!Object.hasOwn(g.long, k) || !k.startsWith(name)) continue;
    if (hit !== null) return "ambiguous";
    hit = k;
  }
  return hit === null ? null : { name: hit, spec: lookup(g.long, hit) as OptionSpec };
}

export function parseArguments(words: readonly Word[], from: number, g: OptionGrammar): ParsedArguments {
  const options: ParsedOption[] = [];
  const operands: number[] = [];
  const assignments: number[] = [];
  let unsure: string | null = null;
  let operandMeanings: readonly Meaning[] | null = null;
  let optionsOver = false;
  const unknownIsUnsure = g.unknown !== "flag";
  const guessed = new Set<number>();
  let expandedOptions: number | null = null;

  const note = (reason: string): void => {
    unsure ??= reason;
  };
  const take = (name: string, spec: OptionSpec, value: string | null, valueWord: number): void => {
    options.push({ name, spec, value, valueWord });
    if (spec.operands !== undefined) operandMeanings = spec.operands;
    if (spec.ends === true) optionsOver = true;
  };
  /** The next word as a value; a value permc cannot know is still consumed. */
  const nextValue = (i: number): string | null => {
    const w = words[i + 1];
    return w === undefined ? null : (w.value ?? w.loose);
  };

  for (let i = from; i < words.length; i++) {
    const word = words[i] as Word;
    const v = word.value;
    if (optionsOver) {
      // `env -- NAME=value cmd`, `sudo -- NAME=value cmd`: `--` ends the options, not the assignments before the command.
      if (g.assignments === true && operands.length === 0 && v !== null && ASSIGNMENT_WORD.test(v)) assignments.push(i);
      else operands.push(i);
      continue;
    }
    if (v === null) {
      // `--format=$(…)`: a known option name with a value permc cannot know.
      const named = STATIC_OPTION_NAME.exec(word.raw);
      if (named !== null) {
        const option = named[1] as string;
        // `--name=…`, or `-name=…` where single-dash words are long options (gcc, go, TeX).
        const long = option.startsWith("--") ? findLong(g, option.slice(2)) : g.singleDashLong === true ? findLong(g, option.slice(1)) : null;
        if (long !== null && long !== "ambiguous") take(long.name, long.spec, null, i);
        else if (unknownIsUnsure) note(`the option ${named[1]} has a value permc cannot know`);
        continue;
      }
      // `$OPTS`, `"$(…)"`: it may expand to options as well as operands.
      if ((operands.length === 0 || g.permute === true) && unknownIsUnsure && /^["']?-/.test(word.loose)) {
        note(`the option ${word.raw} depends on an expansion`);
      } else if ((operands.length === 0 || g.permute === true) && EXPANSION_FIRST.test(word.loose) && hasWeightyOption(g)) {
        // `tar -cf o.tar $(cat list)`: what the expansion gives may start with `-` (`--checkpoint-action=exec=rm`).
        expandedOptions ??= i;
      } else if (g.at !== undefined && (operands.length === 0 || g.permute === true) && /^["']?@/.test(word.loose)) {
        note(`the option file ${word.raw} depends on an expansion`);
      } else if (g.assignments === true && operands.length === 0 && assignments.length > 0 && /^\$/.test(word.loose)) {
        note(`${word.raw} may expand to options or assignments`);
      }
      operands.push(i);
      if (g.permute !== true) optionsOver = true;
      continue;
    }
    if (v === "--") {
      optionsOver = true;
      continue;
    }
    if (v === "-") {
      if (g.dash !== undefined) {
        take("-", { means: g.dash }, null, i);
        continue;
      }
      operands.push(i);
      if (g.permute !== true) optionsOver = true;
      continue;
    }
    if (g.assignments === true && operands.length === 0 && ASSIGNMENT_WORD.test(v)) {
      assignments.push(i);
      continue;
    }
    if (g.at !== undefined && v.startsWith("@") && v.length > 1 && (operands.length === 0 || g.permute === true)) {
      take("@", { means: g.at }, v.slice(1), i);
      continue;
    }
    if (g.plus !== undefined && v.startsWith("+") && v.length > 1) {
      take("+", { means: g.plus }, v.slice(1), i);
      continue;
    }
    // An option known by how its word starts, where no long option is named (`-fdump-tree-all=FILE`, `-XX:Flags=FILE`).
    const longName = v.startsWith("--") ? v.slice(2) : g.singleDashLong === true ? v.slice(1) : null;
    const prefixed =
      g.prefixed !== undefined && v.startsWith("-") && (longName === null || findLong(g, longName.split("=")[0] as string) === null)
        ? findPrefixed(g, v)
        : null;
    if (prefixed !== null) {
      const mode = takes(prefixed.spec);
      const value =
        mode === "none" ? null : prefixed.spec.attachedPattern === undefined ? prefixed.rest : (prefixed.spec.attachedPattern.exec(prefixed.rest)?.[0] ?? "");
      take(prefixed.name, prefixed.spec, value, i);
      continue;
    }
    if (v.startsWith("--") || (g.singleDashLong === true && /^-[A-Za-z][\w-]+/.test(v) && findLong(g, v.slice(1).split("=")[0] as string) !== null)) {
      const body = v.startsWith("--") ? v.slice(2) : v.slice(1);
      const eq = body.indexOf("=");
      const name = eq >= 0 ? body.slice(0, eq) : body;
      const found = findLong(g, name);
      if (found === "ambiguous") {
        note(`--${name} is an ambiguous abbreviation`);
        continue;
      }
      if (found === null) {
        if (unknownIsUnsure) note(`permc does not know the option --${name}`);
        else if (eq < 0) guessed.add(i);
        continue;
      }
      const mode = takes(found.spec);
      if (eq >= 0) {
        if (mode === "none") note(`--${found.name} takes no value`);
        take(found.name, found.spec, body.slice(eq + 1), i);
      } else if (mode === "value") {
        take(found.name, found.spec, nextValue(i), i + 1);
        i++;
      } else {
        take(found.name, found.spec, mode === "attached" ? "" : null, i);
      }
      continue;
    }
    if (v.startsWith("-") && v.length > 1) {
      if (g.numeric === true && /^-\d+$/.test(v)) {
        take(v.slice(1), { means: "value", takes: "none" }, null, i);
        continue;
      }
      let consumedNext = false;
      for (let j = 1; j < v.length; j++) {
        const letter = v[j] as string;
        const spec = lookup(g.short, letter);
        if (spec === undefined) {
          if (unknownIsUnsure) note(`permc does not know the option -${letter}`);
          else if (j === v.length - 1) guessed.add(i);
          continue;
        }
        const mode = takes(spec);
        if (mode === "none") {
          take(letter, spec, null, i);
          continue;
        }
        const rest = v.slice(j + 1);
        if (mode === "attached") {
          const m = spec.attachedPattern === undefined ? rest : (spec.attachedPattern.exec(rest)?.[0] ?? "");
          take(letter, spec, m, i);
          j += m.length;
          continue;
        }
        if (rest !== "") {
          take(letter, spec, rest, i);
        } else {
          take(letter, spec, nextValue(i), i + 1);
          consumedNext = true;
        }
        break;
      }
      if (consumedNext) i++;
      continue;
    }
    operands.push(i);
    if (g.permute !== true) optionsOver = true;
  }
  return { options, operands, assignments, unsure, operandMeanings, guessed, expandedOptions };
}

/**
 * `tar xzf a.tgz`, `tar cfC x.tar DIR …`, `ar x lib.a`: in a grammar with
 * `oldStyle`, a first word without a dash is a cluster of option letters, and
 * each letter that takes a value takes the next word, in order. The words are
 * rewritten as the separate options they mean (`-x -z -f a.tgz`), so the one
 * parser reads them with the grammar's own letters.
 */
export function expandOldStyle(words: readonly Word[], from: number, g: OptionGrammar): readonly Word[] {
  if (g.valuesFollowCluster === true) return expandClusters(words, from, g);
  const cluster = words[from]?.value;
  if (g.oldStyle !== true || cluster === null || cluster === undefined || cluster === "" || cluster.startsWith("-")) return words;
  const out: Word[] = words.slice(0, from);
  let next = from + 1;
  for (const letter of cluster) {
    out.push(syntheticWord(`-${letter}`));
    const spec = lookup(g.short, letter);
    // An old-style letter has no attached value: one that takes a value takes the next word.
    if (spec !== undefined && takes(spec) === "value" && next < words.length) out.push(words[next++] as Word);
  }
  for (; next < words.length; next++) out.push(words[next] as Word);
  return out;
}

/**
 * A grammar with `valuesFollowCluster` (tree): every dashed cluster is
 * rewritten as its letters, each value-taking letter followed by the next
 * word not yet taken, so the one parser reads `-I x -f -o out.txt` where
 * tree reads them. A word taken as a value is never read as a cluster.
 */
function expandClusters(words: readonly Word[], from: number, g: OptionGrammar): readonly Word[] {
  const out: Word[] = words.slice(0, from);
  let i = from;
  while (i < words.length) {
    const w = words[i++] as Word;
    const v = w.value;
    out.push(w);
    if (v === "--") {
      out.push(...words.slice(i));
      break;
    }
    if (v === null || !v.startsWith("-") || v === "-") continue;
    if (v.startsWith("--")) {
      const long = v.includes("=") ? undefined : lookup(g.long, v.slice(2));
      if (long !== undefined && takes(long) === "value" && i < words.length) out.push(words[i++] as Word);
      continue;
    }
    out.pop();
    for (const letter of v.slice(1)) {
      out.push(syntheticWord(`-${letter}`));
      const spec = lookup(g.short, letter);
      if (spec !== undefined && takes(spec) === "value" && i < words.length) out.push(words[i++] as Word);
    }
  }
  return out;
}
