/**
 * The generic interpreter of program records: one simple command's words →
 * what it runs, what code it hands to another language, which paths it
 * touches, and why it must be floored. Knowledge lives in knowledge/;
 * mini-languages (find, awk, sed…) in analysers/.
 */
import { expandBraces, knownWords } from "../words/word-pattern.js";
import { carvedAfter, carvedWord, syntheticWord, type Word } from "../words/words.js";
import { outputLocations } from "./output-locations.js";
import { certainAndWritesNothing, Findings, type Analysis, type CommandView, type PathUse, type RepositoryRead } from "./findings.js";
import { ANALYSERS } from "./analysers/index.js";
import { type CommandNameFold, commandName } from "./command-name.js";
import { fileUrl, unknownFileUrl } from "./file-url.js";
import { ANY_CODE } from "./knowledge/implicit-code.js";
import { COMPRESSION_SUFFIXES, GPG_SUFFIXES } from "./knowledge/compressors.js";
import { ARCHIVE_FORMATS } from "./knowledge/extractors.js";
import { findRecord, operandsMayBePaths } from "./knowledge/index.js";
import { mayBeLongOption } from "./long-prefix.js";
import {
  LEAF_CONFIGURATION,
  LEAF_CONFIGURATION_OPTIONS,
  LEAF_INCLUDES,
  LEAF_PROGRAMS,
  LEAF_START_UP,
  LEAF_WIDENING_OPTIONS,
  MAKES_EXECUTABLE,
  PRINTERS,
  SHELL_BUILTINS,
} from "./knowledge/leaf-programs.js";
import { PYTHON_MODULES } from "./knowledge/python-modules.js";
import { PURE_READER_CORE } from "./knowledge/pure-reader-core.js";
import { provesRead } from "./knowledge/pure-readers.js";
import {
  COPIES_TREES_INTO_LAST_OPERAND,
  DIRECTORY_EXCLUSIONS,
  excludedDirectories,
  excludedFiles,
  FILES_INTO_LAST_OPERAND_DIRECTORY,
  followsLinks,
  LISTS_WORKING_DIRECTORY,
  listsNamesOnly,
  RECURSIVE_READERS,
  walksDirectories,
  walkSkips,
  WALK_OPENS_ONLY,
  walksWorkingDirectory,
  WRITES_LAST_OPERAND,
} from "./knowledge/recursive.js";
import { opensEveryFileWalked, WALK_OPTIONS_VARIABLES } from "./knowledge/walk-opens-files.js";
import { COMMAND_KEYS, isHijackVariable, KEYED_EFFECT, MAKE_COMMAND_KEYS, MAKE_EVALUATED_ASSIGNMENT, MAKE_VALUE_SHELL_SYNTAX } from "./knowledge/variables.js";
import { LIBRARY_FILES } from "./knowledge/toolchains.js";
import { assignment, compilerFlagsLoadCode } from "./environment-assignment.js";
import { expandOldStyle, parseArguments, takes, type ParsedArguments } from "./parse-options.js";
import {
  isCode,
  isKeyed,
  isPasses,
  isSearched,
  isSearchPath,
  isSource,
  isUnsure,
  type Meaning,
  type ProgramRecord,
  type RepositoryContent,
  type Source,
  type Subcommand,
} from "./program-record.js";
import { sourceNames } from "./source-directives.js";
import { mayRunCandidates } from "./may-run.js";
import { referenceWrapperKind } from "./reference-kind.js";

const RECURSIVE_NAMES: ReadonlySet<string> = new Set(Object.keys(RECURSIVE_READERS));

/** A record without a grammar describes operands only: its options are harmless flags. */
const LEAF_OPTIONS = { unknown: "flag", permute: true } as const;

const NOTHING: Analysis = {
  name: null,
  dynamic: null,
  kind: null,
  reason: null,
  inner: [],
  payloads: [],
  paths: [],
  scripts: [],
  exact: false,
  recursive: false,
  extracts: false,
  namesUnknown: false,
  inexactMembers: false,
  walksWorkingDirectory: false,
  walksRepository: false,
  honoursGitignore: false,
  repositoryRead: null,
  subcommand: null,
  editsInPlace: false,
  runsImplicitly: [],
  hooksRun: [],
  readsConfiguration: [],
  storedCode: [],
  walkedOperands: null,
  walksOptionValues: false,
  operandsMayRun: false,
  prune: null,
  maxDepth: null,
  excludedDirectories: null,
  operandsAreGitWords: false,
  changesIndex: false,
  workTreeWrite: null,
  movesNamedFiles: false,
  operandsSkipLinks: false,
  walksTrackedOnly: false,
  walkConfigurable: false,
  copiesStdin: false,
  // What ProgramFacts says of a command whose name permc cannot know.
  listsWorkingDirectory: false,
  copiesTreesIntoLastOperand: false,
  copiesFilesIntoLastOperand: false,
  writesLastOperand: false,
  copiesContentsIntoLastOperand: false,
  archiveFormat: null,
  operandsMayBePaths: true,
  printedText: null,
  makesExecutable: false,
  listsNamesOnly: false,
  followsLinks: true,
  walkSkips: null,
  walkOpensOnly: null,
  opensEveryFileWalked: false,
  walkOptionsVariable: null,
  excludedByOptions: null,
  mayRun: null,
  referenceKind: null,
  pureReader: false,
  readsOnly: false,
};
/** What a program permc does not know may run without naming it (one list, shared by every such command). */
const UNKNOWN_PROGRAM_CODE: readonly (readonly string[])[] = Object.freeze([ANY_CODE]);
const STDIN_FILES = new Set(["-", "/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"]);
/** Another descriptor of the command's own (`3<<<…`, `<(…)`): what the command feeds it. */
const DESCRIPTOR_FILE = /^\/(?:dev\/fd|proc\/(?:self|thread-self|\d+)\/fd)\/\d+$/;
const URL_CODE = /^(?:data|https?|file|blob|ftp):/i;

/**
 * permc's view of one simple command. With `fold`, the program is known by
 * its name as the file system finds it: in lower case (a case-insensitive
 * volume finds `RM` as `rm`), on Windows also without `.exe`/`.com`.
 */
export function analyseCommand(view: CommandView, fold?: CommandNameFold): Analysis {
  const first = view.words[0];
  if (first === undefined) return NOTHING;
  const found0 = commandName(first);
  const dynamic = found0.dynamic;
  const name = fold === undefined || found0.name === null ? found0.name : foldedName(found0.name, fold);
  if (name === null) {
    const reason =
      dynamic === "dynamic-name"
        ? "the command name depends on an expansion"
        : dynamic === "expanded-name"
          ? "the command name is a pattern bash expands"
          : "the command name is not a plain word";
    return { ...NOTHING, dynamic, kind: "opaque", reason };
  }
  const found = findRecord(name);
  // Most commands are leaves with no record: nothing to interpret.
  if (found === null) {
    // A program permc does not know may walk what it is given (`gzip -r .`, `etags -R sshlink`): a directory operand is
    // read with every file under it, and told to recurse with nothing named, the directory it runs in (issue 35).
    const leaf = LEAF_PROGRAMS.has(name) || SHELL_BUILTINS.has(name);
    // A program permc does not know may run any of the project's code (a test runner, a linter's configuration); a
    // builtin without a record (`cd`, `pushd`, `fg`) runs no file (`cd src && cp a.ts b.ts` writes code, runs none).
    // A leaf written in Python runs its site-packages' start-up code (LEAF_START_UP).
    const runsImplicitly = leaf ? leafTable(LEAF_START_UP, name) : UNKNOWN_PROGRAM_CODE;
    // A leaf's configuration that moves its writes, written first, floors it as code it runs would (tsc's tsconfig.json).
    // And a leaf's inputs that name more of its inputs (rustfmt's modules), the same way.
    const configuration = leafTable(LEAF_CONFIGURATION, name);
    const includes = leafTable(LEAF_INCLUDES, name);
    const readsConfiguration = includes.length === 0 ? configuration : configuration.length === 0 ? includes : [...configuration, ...includes];
    // Where its options say it writes (`tsc --outDir DIR`): under that directory.
    const output = outputLocations(view.words);
    const widening = leaf ? wideningOption(name, view.words) : null;
    const listed = walksItsOperands(name, view.words);
    const recursive = listed || !leaf;
    const walksHere = (listed || (!leaf && walkerShaped(view.words))) && !namesOperand(view.words);
    const facts = programFacts(name, view);
    return complete(
      {
        name,
        dynamic: null,
        kind: output.unknown || widening !== null ? "opaque" : null,
        reason: output.unknown ? `${name} writes under a directory that depends on an expansion` : widening,
        inner: NOTHING.inner,
        payloads: NOTHING.payloads,
        paths: output.paths,
        scripts: leaf ? configurationWords(name, view.words) : NOTHING.scripts,
        exact: false,
        recursive,
        extracts: false,
        namesUnknown: false,
        inexactMembers: false,
        walksWorkingDirectory: walksHere || (recursive && facts.walksHere),
        walksRepository: false,
        honoursGitignore: false,
        repositoryRead: null,
        subcommand: null,
        editsInPlace: false,
        runsImplicitly,
        hooksRun: NOTHING.hooksRun,
        readsConfiguration,
        storedCode: NOTHING.storedCode,
        walkedOperands: null,
        // A program permc does not know may do anything under a directory an option names (a leaf program walks nothing).
        walksOptionValues: !leaf,
        operandsMayRun: !leaf,
        prune: null,
        maxDepth: null,
        excludedDirectories: null,
        operandsAreGitWords: false,
        walkConfigurable: false,
        copiesStdin: false,
        // A program with no record writes nothing permc reads from its words (sed and awk, whose program decides, have records).
        readsOnly: readsOnly(view, () => false),
      },
      NO_SUBCOMMAND_FACTS,
      facts.analysis,
    );
  }
  const f = new Findings(name, view);
  // A record's facts of its own hold for a program called by one of its names: `git-push` is judged through its
  // respelling `git push`, a unit of its own.
  const ownName = found.record.names.includes(name);
  f.operandsAreGitWords = ownName && found.record.operandsAreGitWords === true;
  if (found !== null) {
    let words = view.words;
    if (found.impliedSubcommand !== undefined) {
      // `git-push x` runs `git push x`: judge it as that.
      words = [syntheticWord("git"), syntheticWord(found.impliedSubcommand), ...view.words.slice(1)];
      f.run(words);
    }
    interpret(f, found.record, words, 1);
    settlePasses(f);
    settleSearches(f);
  }
  const exact = found !== null && f.kind === null && runsItsArgv(found.record);
  const recursive = walksItsOperands(name, view.words) || f.walksDefault || f.walksOperands;
  const extracts = f.extract && !f.noExtract;
  const facts = programFacts(name, view);
  return complete(
    {
      name,
      dynamic: null,
      kind: f.kind,
      reason: f.reason,
      inner: f.inner,
      payloads: f.payloads,
      paths: f.paths,
      scripts: f.scripts,
      exact,
      recursive,
      extracts,
      namesUnknown: f.namesUnknown,
      inexactMembers: f.inexactMembers,
      walksWorkingDirectory: (f.walksDefault && f.pathOperands === 0 && !f.noWalk && !f.walksRepository) || (recursive && facts.walksHere),
      walksRepository: f.walksRepository && f.pathOperands === 0 && !f.noWalk,
      honoursGitignore: f.walksUnignored && !f.includesIgnored,
      repositoryRead: f.repositoryRead,
      subcommand: f.subcommand,
      editsInPlace: f.editsInPlace,
      runsImplicitly: f.runsImplicitly,
      hooksRun: f.hooksRun,
      readsConfiguration: NOTHING.readsConfiguration,
      storedCode: f.storedCode,
      walkedOperands: f.walkedOperands,
      walksOptionValues: false,
      operandsMayRun: false,
      prune: f.prune,
      maxDepth: f.maxDepth,
      excludedDirectories: f.excludedDirectories,
      operandsAreGitWords: f.operandsAreGitWords,
      walkConfigurable: ownName && found.record.walkConfigurable === true,
      copiesStdin: ownName && found.record.copiesStdin === true,
      readsOnly: readsOnly(view, () => certainAndWritesNothing(f)),
    },
    ownName ? subcommandFacts(found.record, f.subcommand === null ? null : f.subcommandRecord, f.innermostSubcommandRecord, view) : NO_SUBCOMMAND_FACTS,
    // An option that makes the program open every file it walks (`python3 -m zipfile -c`): the name's tables do not say it.
    f.opensEveryFile && !facts.analysis.opensEveryFileWalked ? { ...facts.analysis, opensEveryFileWalked: true } : facts.analysis,
  );
}

/** A leaf's row of one of leaf-programs.ts's tables of file kinds (none when it has no row). */
function leafTable(table: Readonly<Record<string, readonly (readonly string[])[]>>, name: string): readonly (readonly string[])[] {
  return (Object.hasOwn(table, name) ? table[name] : undefined) ?? NOTHING.readsConfiguration;
}

/** Why the leaf's words may widen what its walk opens (LEAF_WIDENING_OPTIONS: one of the options, or a word permc cannot read), or null. */
function wideningOption(name: string, words: readonly Word[]): string | null {
  const widening = Object.hasOwn(LEAF_WIDENING_OPTIONS, name) ? LEAF_WIDENING_OPTIONS[name] : undefined;
  if (widening === undefined) return null;
  const { options, abbreviates } = widening;
  for (let k = 1; k < words.length; k++) {
    const v = (words[k] as Word).value;
    if (v === null) return `${name}: a word permc cannot read may be ${options.join(" or ")}, which makes it open files of any name under what it walks`;
    if (v === "--") break;
    const given = v.startsWith("--") ? v.slice(2).split("=")[0]! : null;
    for (const o of options) {
      const named = v === o || v.startsWith(`${o}=`) || (abbreviates === true && given !== null && mayBeLongOption(given, [o.slice(2)]));
      if (named) return `${name} ${v.split("=")[0]} makes it open files of any name under what it walks`;
    }
  }
  return null;
}

/** The configuration files a leaf's options name (`tsc -p x.json`, `--project=x.json`): LEAF_CONFIGURATION_OPTIONS. */
function configurationWords(name: string, words: readonly Word[]): readonly Word[] {
  if (!Object.hasOwn(LEAF_CONFIGURATION_OPTIONS, name)) return NOTHING.scripts;
  const options = LEAF_CONFIGURATION_OPTIONS[name] ?? [];
  const found: Word[] = [];
  for (let k = 1; k < words.length; k++) {
    const v = (words[k] as Word).value;
    if (v === null) continue;
    const next = words[k + 1];
    if (options.includes(v) && next !== undefined) found.push(next);
    for (const o of options) if (o.startsWith("--") && v.startsWith(`${o}=`)) found.push(carvedAfter(words[k] as Word, `${o}=`));
  }
  return found;
}

/** Analysis.readsOnly: the command word as written (`/bin/cat` is no pure reader for the reference) and its words prove a read. */
function readsOnly(view: CommandView, onlyReads: () => boolean): boolean {
  const name = view.words[0]?.value ?? null;
  return name !== null && PURE_READER_CORE.has(name) && provesRead(name, view.words.slice(1), onlyReads);
}

/** What the interpreter found, what the subcommand's record says and what the name's tables say, as one Analysis. */
type CoreAnalysis = Omit<Analysis, keyof ProgramFacts | keyof SubcommandFacts>;

/**
 * The three parts as one object, every field written out: a spread of the
 * parts into one literal was ~3 % of a long chain's decision (V8 copies a
 * spread property by property, outside the literal's fast path).
 */
function complete(c: CoreAnalysis, s: SubcommandFacts, p: ProgramFacts): Analysis {
  return {
    name: c.name,
    dynamic: c.dynamic,
    kind: c.kind,
    reason: c.reason,
    inner: c.inner,
    payloads: c.payloads,
    paths: c.paths,
    scripts: c.scripts,
    exact: c.exact,
    recursive: c.recursive,
    extracts: c.extracts,
    namesUnknown: c.namesUnknown,
    inexactMembers: c.inexactMembers,
    walksWorkingDirectory: c.walksWorkingDirectory,
    walksRepository: c.walksRepository,
    honoursGitignore: c.honoursGitignore,
    repositoryRead: c.repositoryRead,
    subcommand: c.subcommand,
    editsInPlace: c.editsInPlace,
    runsImplicitly: c.runsImplicitly,
    hooksRun: c.hooksRun,
    readsConfiguration: c.readsConfiguration,
    storedCode: c.storedCode,
    walkedOperands: c.walkedOperands,
    walksOptionValues: c.walksOptionValues,
    operandsMayRun: c.operandsMayRun,
    prune: c.prune,
    maxDepth: c.maxDepth,
    excludedDirectories: c.excludedDirectories,
    operandsAreGitWords: c.operandsAreGitWords,
    walkConfigurable: c.walkConfigurable,
    copiesStdin: c.copiesStdin,
    readsOnly: c.readsOnly,
    changesIndex: s.changesIndex,
    workTreeWrite: s.workTreeWrite,
    movesNamedFiles: s.movesNamedFiles,
    operandsSkipLinks: s.operandsSkipLinks,
    walksTrackedOnly: s.walksTrackedOnly,
    listsWorkingDirectory: p.listsWorkingDirectory,
    copiesTreesIntoLastOperand: p.copiesTreesIntoLastOperand || s.copiesTreesIntoLastOperand,
    copiesFilesIntoLastOperand: p.copiesFilesIntoLastOperand || s.copiesFilesIntoLastOperand,
    writesLastOperand: p.writesLastOperand || s.copiesFilesIntoLastOperand,
    copiesContentsIntoLastOperand: s.copiesContentsIntoLastOperand,
    archiveFormat: p.archiveFormat,
    operandsMayBePaths: p.operandsMayBePaths,
    printedText: p.printedText,
    makesExecutable: p.makesExecutable,
    listsNamesOnly: p.listsNamesOnly,
    followsLinks: p.followsLinks,
    walkSkips: p.walkSkips,
    walkOpensOnly: p.walkOpensOnly,
    opensEveryFileWalked: p.opensEveryFileWalked,
    walkOptionsVariable: p.walkOptionsVariable,
    excludedByOptions: p.excludedByOptions,
    mayRun: p.mayRun,
    referenceKind: p.referenceKind,
    pureReader: p.pureReader,
  };
}

type ProgramFacts = Pick<
  Analysis,
  | "listsWorkingDirectory"
  | "copiesTreesIntoLastOperand"
  | "copiesFilesIntoLastOperand"
  | "writesLastOperand"
  | "archiveFormat"
  | "operandsMayBePaths"
  | "printedText"
  | "makesExecutable"
  | "listsNamesOnly"
  | "followsLinks"
  | "walkSkips"
  | "walkOpensOnly"
  | "opensEveryFileWalked"
  | "walkOptionsVariable"
  | "excludedByOptions"
  | "mayRun"
  | "referenceKind"
  | "pureReader"
>;

/**
 * What the tables of knowledge/ keyed by the program's name (as the command
 * is analysed: folded, `git-push` as itself) say it does with these words,
 * recorded or not; `walksHere`: it walks the directory it runs in when
 * recursive and naming none (WALKS_WORKING_DIRECTORY). The split reads these
 * from the Analysis and never looks a name up itself.
 */
function programFacts(name: string, view: CommandView): { analysis: ProgramFacts; walksHere: boolean } {
  const values = view.words.slice(1).map((w) => w.value);
  const printer = Object.hasOwn(PRINTERS, name) ? PRINTERS[name] : undefined;
  let printed: string[] = [];
  if (printer !== undefined) {
    printed = view.words.slice(1).map((w) => w.loose);
    const options = printer.options;
    while (options !== null && printed.length > 0 && options.test(printed[0] as string)) printed.shift();
  }
  const walksHere = walksWorkingDirectory(name, values);
  return {
    walksHere,
    analysis: {
      listsWorkingDirectory: LISTS_WORKING_DIRECTORY.has(name) && walksHere,
      copiesTreesIntoLastOperand: COPIES_TREES_INTO_LAST_OPERAND.has(name),
      copiesFilesIntoLastOperand: FILES_INTO_LAST_OPERAND_DIRECTORY.has(name),
      writesLastOperand: WRITES_LAST_OPERAND.has(name),
      archiveFormat: Object.hasOwn(ARCHIVE_FORMATS, name) ? (ARCHIVE_FORMATS[name] ?? null) : null,
      operandsMayBePaths: operandsMayBePaths(name),
      printedText: printed.length > 0 ? printed.join(" ") : null,
      makesExecutable: MAKES_EXECUTABLE.has(name),
      listsNamesOnly: listsNamesOnly(name, values),
      followsLinks: followsLinks(name, values),
      walkSkips: walkSkips(name, values),
      walkOpensOnly: Object.hasOwn(WALK_OPENS_ONLY, name) ? (WALK_OPENS_ONLY[name] ?? null) : null,
      opensEveryFileWalked: opensEveryFileWalked(name, values),
      walkOptionsVariable: Object.hasOwn(WALK_OPTIONS_VARIABLES, name) ? (WALK_OPTIONS_VARIABLES[name] ?? null) : null,
      mayRun: mayRunCandidates(name, view.words) ?? null,
      referenceKind: referenceWrapperKind(name, () => view.words.slice(1).map((w) => w.value ?? w.raw)),
      pureReader: PURE_READER_CORE.has(name),
      excludedByOptions: Object.hasOwn(DIRECTORY_EXCLUSIONS, name) ? excludedByOptions(name, view.words.slice(1).flatMap(knownWords)) : null,
    },
  };
}

/** `grep -r --exclude-dir=GLOB --exclude=GLOB`: what its options leave out, read as usual and as with POSIXLY_CORRECT. */
function excludedByOptions(name: string, known: readonly (string | null)[]): NonNullable<Analysis["excludedByOptions"]> {
  const read = (posixlyCorrect: boolean) => ({
    directories: excludedDirectories(name, known, posixlyCorrect),
    files: excludedFiles(name, known, posixlyCorrect),
  });
  return { usual: read(false), posixlyCorrect: read(true) };
}

type SubcommandFacts = Pick<
  Analysis,
  | "changesIndex"
  | "workTreeWrite"
  | "movesNamedFiles"
  | "operandsSkipLinks"
  | "walksTrackedOnly"
  | "copiesFilesIntoLastOperand"
  | "copiesTreesIntoLastOperand"
  | "copiesContentsIntoLastOperand"
>;

const NO_SUBCOMMAND_FACTS: SubcommandFacts = {
  changesIndex: false,
  workTreeWrite: null,
  movesNamedFiles: false,
  operandsSkipLinks: false,
  walksTrackedOnly: false,
  copiesFilesIntoLastOperand: false,
  copiesTreesIntoLastOperand: false,
  copiesContentsIntoLastOperand: false,
};

/**
 * What the command does beyond its paths, read from the record of the
 * subcommand it runs (`index`, `workTree`, `movesNamedFiles`,
 * `operandsSkipLinks`, `walksTrackedOnly`; null: no subcommand permc knows; `copiesIntoLastOperand` from the innermost
 * subcommand's, `aws s3 cp`'s),
 * and for the index, from the program's record when the subcommand's says nothing.
 */
function subcommandFacts(record: ProgramRecord, sub: Subcommand | null, innermost: Subcommand | null, view: CommandView): SubcommandFacts {
  const copies = innermost?.copiesIntoLastOperand;
  const tracked = sub?.walksTrackedOnly;
  // A word permc cannot know may be `--untracked`, and git takes a long option's unique prefix (`--untr`).
  const beyondIndex = (v: string, unless: ReadonlySet<string>): boolean =>
    v.startsWith("--") && v.length > 2 && [...unless].some((o) => o.startsWith(v.split("=")[0] as string));
  return {
    changesIndex: (sub?.index ?? record.index) === "changes",
    workTreeWrite: sub?.workTree ?? null,
    movesNamedFiles: sub?.movesNamedFiles === true,
    operandsSkipLinks: sub?.operandsSkipLinks === true,
    walksTrackedOnly: tracked !== undefined && view.words.every((w) => w.value !== null && !beyondIndex(w.value, tracked.unless)),
    copiesFilesIntoLastOperand: copies !== undefined,
    copiesTreesIntoLastOperand: copies === "trees" || copies === "contents",
    copiesContentsIntoLastOperand: copies === "contents",
  };
}

/** A program name as a case-insensitive file system finds it (Windows: `RM.EXE` is `rm`). */
function foldedName(name: string, fold: CommandNameFold): string {
  const lower = name.toLowerCase();
  return fold === "windows" ? lower.replace(/\.(?:exe|com)$/, "") : lower;
}

/** The command walks its directory operands (knowledge/recursive.ts), judged by its option words; most names never do. */
function walksItsOperands(name: string, words: readonly Word[]): boolean {
  if (!RECURSIVE_NAMES.has(name)) return false;
  // Every word, in order: an option's value may be the next one (`grep -d recurse`); only words spelt like options count as options.
  const words1: string[] = [];
  for (let k = 1; k < words.length; k++) words1.push((words[k] as Word).value ?? "");
  return walksDirectories(name, words1);
}

/** ProgramRecord.storesCode: `KEY=VALUE` or `KEY VALUE` among the words, for a KEY that names code. */
function storedCode(f: Findings, keys: NonNullable<ProgramRecord["storesCode"]>, words: readonly Word[]): void {
  for (let k = 0; k < words.length; k++) {
    const v = (words[k] as Word).loose;
    const eq = v.indexOf("=");
    const key = eq > 0 ? v.slice(0, eq) : v;
    const value = eq > 0 ? v.slice(eq + 1) : (words[k + 1]?.loose ?? null);
    if (value === null) continue;
    if (keys.shell?.test(key) === true) f.storedCode.push(value);
    // The scripts run as `PROGRAM -c SCRIPT`: judged as that program's command.
    if (keys.program?.test(key) === true) f.storedCode.push(`${value} -c script`);
  }
}

/** `-r`, `-R`, `-rf`, `--recursive`, `--recurse`: an option spelt as programs spell a walk (any prefix of the long ones). */
function walkerShaped(words: readonly Word[]): boolean {
  for (let k = 1; k < words.length; k++) {
    const v = (words[k] as Word).value;
    if (v === null) return true; // a word permc cannot know may be one
    if (v === "--") return false;
    if (v.startsWith("--")) {
      const long = v.slice(2).split("=")[0] as string;
      if (long.length >= 5 && ("recursive".startsWith(long) || "recurse".startsWith(long))) return true;
    } else if (/^-[A-Za-z0-9]*[rR]/.test(v)) return true;
  }
  return false;
}

/** Some word is not spelt like an option: without a grammar, it may be the directory to walk (`gzip -r src`). */
function namesOperand(words: readonly Word[]): boolean {
  for (let k = 1; k < words.length; k++) {
    const v = (words[k] as Word).value;
    if (v !== null && (v === "-" || !v.startsWith("-"))) return true;
  }
  return false;
}

/** The one word after the name is one the record says makes the program print and exit (ProgramRecord.exceptAlone). */
function aloneExcepted(record: ProgramRecord | Subcommand, given: readonly Word[], from: number): boolean {
  const only = given.length === from + 1 ? given[from]?.value : undefined;
  return only !== undefined && only !== null && record.exceptAlone?.includes(only) === true;
}

/** The record describes a program that runs a command exactly as given. */
function runsItsArgv(r: ProgramRecord): boolean {
  if (r.runs !== undefined && r.runs !== "same") return false;
  return r.operands?.includes("argv") === true || r.analyser === "xargs" || r.analyser === "find" || r.analyser === "fd";
}

/** Apply `record` to `words[from…]` (`from` is just past the program or subcommand name). */
export function interpret(f: Findings, record: ProgramRecord | Subcommand, given: readonly Word[], from: number): void {
  if (record.always !== undefined && !aloneExcepted(record, given, from)) {
    floorFor(f, record.always, given[from - 1]);
    return;
  }
  if (record.floor !== undefined) f.floor("opaque", record.floor.unsure);
  const unless = "floorUnless" in record ? record.floorUnless : undefined;
  // The option counts only where no option word before it may take it as its value (`ssh-keygen -C -f`: `-f` is -C's).
  const named = (k: number): boolean => {
    const w = given[k]?.value;
    const before = k > from ? given[k - 1]?.value : null;
    return (
      w !== null &&
      w !== undefined &&
      unless?.options.some((o) => w.startsWith(o)) === true &&
      (before === null || before === undefined || !before.startsWith("-"))
    );
  };
  if (unless !== undefined && !given.some((_, k) => k >= from && named(k))) f.floor("opaque", unless.unsure);
  if (record.extracts === true) f.extract = true;
  if (record.walksWorkingDirectory === true) f.walksDefault = true;
  if (record.walksUnignored === true) f.walksOperands = f.walksUnignored = true;
  for (const name of record.readsImplicitly ?? []) f.paths.push({ word: syntheticWord(name), role: "read", implicit: true });
  if (record.runsImplicitly !== undefined) f.runsImplicitly.push(record.runsImplicitly);
  if (record.hooksRun !== undefined) f.hooksRun.push(record.hooksRun);
  for (const name of record.writesImplicitly ?? []) f.paths.push({ word: syntheticWord(name), role: "write", implicit: true });
  if (record.storesCode !== undefined) storedCode(f, record.storesCode, given.slice(from));
  const grammar = record.options ?? LEAF_OPTIONS;
  const words = expandOldStyle(given, from, grammar);
  const args = parseArguments(words, from, grammar);
  if (args.unsure !== null) f.floor("opaque", `${f.name}: ${args.unsure}`);
  // A first operand that may name a subcommand is that subcommand's question (subcommand): its reason says so.
  const expanded = args.expandedOptions;
  if (expanded !== null && !(expanded === args.operands[0] && namesSubcommand(record, words, args.operands)))
    f.floor("opaque", `${f.name}: ${(words[expanded] as Word).raw} may expand to options, and an option of the program names a file or a command`);
  for (const i of args.assignments) assignment(f, words[i] as Word);
  let programWord: Word | null = null;
  let inlineCode = false;
  let readsStdin = false;
  const payloadsBefore = f.payloads.length;
  // What its options run counts as what it runs (`gcc -wrapper PROG`, `ld --error-handling-script=PROG`).
  const runsBefore = f.inner.length + f.payloads.length;
  let module: { readonly word: Word | null; readonly at: number } | null = null;
  // `sed -i.bak`: the suffix of the backups it keeps (undefined: none; null: an expansion).
  let backup: Word | null | undefined;
  const pathsBefore = f.paths.length;
  for (const o of args.options) {
    const word = o.value === null ? null : valueWord(words, o.valueWord, o.value);
    if (o.spec.means === "python-module") module = { word, at: o.valueWord };
    else if (o.spec.means === "program" && word !== null) programWord = word;
    else if (takes(o.spec) === "none") meaningOfFlag(f, o.spec.means);
    else if (word === null) unknownValue(f, o.name, o.spec.means);
    else if (o.spec.separator !== undefined) listValue(f, o.spec.means, o.spec.separator, word);
    else apply(f, o.spec.means, word, words, -1);
    // Inline code, or an option that names the program and ends the options (`python -m mod`): no script, no program on stdin.
    if (isCode(o.spec.means) || o.spec.means === "shell" || o.spec.ends === true) inlineCode = true;
    if (o.spec.readsStdin === true) readsStdin = true;
    if (o.spec.noExtract === true) f.noExtract = true;
    if (o.spec.noWalk === true) f.noWalk = true;
    if (o.spec.walksOperands === true) f.walksOperands = true;
    if (o.spec.opensEveryFile === true) f.opensEveryFile = true;
    if (o.spec.walksRepository === true) f.walksDefault = f.walksRepository = true;
    if (o.spec.includesIgnored === true) f.includesIgnored = true;
    if (o.spec.editsInPlace === true) f.editsInPlace = true;
    if (o.spec.backupSuffix === true) backup = o.value === null ? undefined : word;
    if (o.spec.inexactMembers === true) f.inexactMembers = true;
  }
  const operands = args.operands;
  if (f.walksOperands) f.walkedOperands = operands.map((i) => words[i] as Word);
  if (record.repositoryContent !== undefined) f.repositoryRead = repositoryRead(record.repositoryContent, args, words, from);

  if (module !== null) {
    pythonModule(f, module.word, words, module.at);
  } else if (programWord !== null) {
    f.run([programWord, ...operands.map((i) => words[i] as Word)]);
  } else if (namesSubcommand(record, words, operands)) {
    subcommand(f, record, words, operands, from);
  } else {
    const meanings = args.operandMeanings ?? record.operands ?? ["path"];
    let scriptSeen = false;
    for (let k = 0; k < operands.length; k++) {
      const idx = operands[k] as number;
      const keyed = keyedOperand(record, words[idx] as Word);
      if (keyed !== null) {
        apply(f, keyed.meaning, keyed.word, words, idx);
        continue;
      }
      const m = meanings[Math.min(k, meanings.length - 1)] as Meaning;
      if (m === "argv") {
        f.run(words.slice(idx));
        // Under the name it is given (`exec -a rm busybox x`): a multi-call program runs that tool.
        if (f.argv0 !== null && idx < words.length) f.run([syntheticWord(f.argv0.value as string), ...words.slice(idx + 1)]);
        break;
      }
      if (m === "shell-rest") {
        f.payloads.push(
          words
            .slice(idx)
            .map((w) => w.loose)
            .join(" "),
        );
        break;
      }
      if (m === "script") scriptSeen = true;
      if (m === "path" || m === "git-object") f.pathOperands++;
      const before = f.paths.length;
      apply(f, m, words[idx] as Word, words, idx);
      // git's operands are revisions and pathspecs: git reads neither through a work-tree symlink.
      if (f.operandsAreGitWords && m === "path") for (let p = before; p < f.paths.length; p++) f.paths[p] = { ...(f.paths[p] as PathUse), gitOperand: true };
    }
    if (operands.length === 0 && record.bare !== undefined) applyBare(f, record.bare);
    if (record.stdin !== undefined && (readsStdin || (f.view.stdin && !scriptSeen && !inlineCode && args.operandMeanings === null))) {
      stdinCode(f, record.stdin);
    }
  }
  // `pnpm --filter web exec rm x`: an option permc does not know may have taken the first operand as its value,
  // and the next one is the subcommand: judged that way too.
  if (programWord === null && module === null && subcommandAfterGuessedValue(record, words, args)) subcommand(f, record, words, operands.slice(1), from);
  if (record.analyser !== undefined) ANALYSERS[record.analyser](f, words, from, args);
  if (backup !== undefined) backupNames(f, backup, f.paths.slice(pathsBefore));
  // Shell source handed to a shell is never an exact argv: floored, and judged as well.
  if (f.payloads.length > payloadsBefore) f.floor("opaque", `${f.name} runs a shell command line`);
  const ran = f.inner.length + f.payloads.length > runsBefore;
  if (ran && record.runs !== undefined && record.runs !== "same") {
    f.floor(f.payloads.length > payloadsBefore ? "opaque" : "indirection", `${f.name}: ${record.runs.changed}`);
  }
}

/**
 * `sed -i SUFFIX`: each file it reads is edited in place and kept under a
 * backup name (OptionSpec.backupSuffix), a file it writes. Without a `*` the
 * name is the file's and the suffix (`-i.env`: notes.txt.env; a glob operand
 * stays a glob); with one, each `*` is the file's base name and the result
 * may be in another directory (`-i'sshlink/*'`): in the file's directory and
 * in the working one. A suffix or a file permc cannot read floors.
 */
function backupNames(f: Findings, suffix: Word | null, uses: readonly PathUse[]): void {
  if (suffix !== null && suffix.value === "") return;
  const opaque = (): void => f.floor("opaque", `${f.name} keeps each file it edits under a backup name permc cannot read`);
  if (suffix === null || suffix.value === null) return opaque();
  const s = suffix.value;
  for (const use of uses) {
    if (use.role !== "read" && use.role !== "path") continue;
    if (f.scripts.includes(use.word)) continue;
    const file = use.word;
    if (file.value === null || file.fromInput === true) return opaque();
    if (!s.includes("*")) {
      if (!file.pattern) f.paths.push({ word: syntheticWord(file.value + s), role: "write" });
      else if (/^[A-Za-z0-9._~+,=@%-]*$/.test(s)) f.paths.push({ word: { ...syntheticWord(file.value + s), raw: file.raw + s, pattern: true }, role: "write" });
      else return opaque();
      continue;
    }
    if (file.pattern) return opaque();
    const slash = file.value.lastIndexOf("/");
    const named = s.replaceAll("*", file.value.slice(slash + 1));
    f.paths.push({ word: syntheticWord(named), role: "write" });
    if (slash >= 0 && !named.startsWith("/")) f.paths.push({ word: syntheticWord(file.value.slice(0, slash + 1) + named), role: "write" });
  }
}

/**
 * `python -m MOD ARGS…`: a standard module with a program of its own
 * (knowledge/python-modules.ts) is read here; any other runs as the program
 * of its name, a unit of its own (`python -m pip install x` is judged as
 * `pip install x`; an unknown one as a program permc does not know).
 */
function pythonModule(f: Findings, word: Word | null, words: readonly Word[], at: number): void {
  const name = word?.value ?? null;
  if (name === null) {
    f.floor("opaque", `${f.name}: the module it runs depends on an expansion`);
    return;
  }
  if (Object.hasOwn(PYTHON_MODULES, name)) interpret(f, PYTHON_MODULES[name] as Subcommand, words, at + 1);
  else f.run([syntheticWord(name), ...words.slice(at + 1)]);
}

/**
 * What of the repository a git command prints, judged by its options (do
 * they show or hide content, read stored content) and its operands: before
 * `--`, revisions or paths (`REV:PATH` objects are read as their paths
 * already, so `git show HEAD:a.txt` alone prints nothing more); after it,
 * pathspecs. Null when it prints no file content.
 */
function repositoryRead(content: RepositoryContent, args: ParsedArguments, words: readonly Word[], from: number): RepositoryRead | null {
  let shows = false;
  let hides = false;
  let stored = false;
  let patternGiven = false;
  const valueWords = new Set<number>();
  for (const o of args.options) {
    if (o.value !== null) valueWords.add(o.valueWord);
    if (o.spec.content === "shows") shows = true;
    else if (o.spec.content === "hides") hides = true;
    else if (o.spec.content === "stored") stored = true;
    else if (o.spec.content === "pattern") patternGiven = true;
  }
  const prints = content.prints === "always" || (content.prints === "default" ? shows || !hides : shows);
  if (!prints) return null;
  // `hg diff src`, `jj diff`: operands are files; revisions are options (`-r`).
  if (content.store === "other") return { workTree: null, revisions: [], pathspecs: args.operands.map((i) => (words[i] as Word).value), anywhere: true };
  let separator = words.length;
  for (let k = from; k < words.length; k++) {
    if (words[k]?.value === "--" && !valueWords.has(k)) {
      separator = k;
      break;
    }
  }
  const before = args.operands.filter((i) => i < separator).slice(content.patternOperand === true && !patternGiven ? 1 : 0);
  const revisions: (string | null)[] = [];
  for (const i of before) {
    const v = (words[i] as Word).value;
    // `REV:PATH`, `:PATH`, `:0:PATH`: one file's content, read as its path (gitObject); `:/text` names a commit.
    if (v?.includes(":") && !v.startsWith(":/")) continue;
    revisions.push(v);
  }
  // Only objects named by their paths (`git show HEAD:a.txt`): nothing more is printed.
  if (before.length > 0 && revisions.length === 0 && content.prints !== "always") return null;
  const pathspecs = args.operands.filter((i) => i > separator).map((i) => (words[i] as Word).value);
  // With `--cached` the index's stored copies are read, not the work tree.
  const workTree = stored ? null : (content.workTree ?? null);
  return { workTree, revisions, pathspecs };
}

/** The word before the first operand is an option permc guessed is a flag, and the second operand names a listed subcommand. */
function subcommandAfterGuessedValue(record: ProgramRecord | Subcommand, words: readonly Word[], args: ParsedArguments): boolean {
  const [first, second] = args.operands;
  if (first === undefined || second === undefined || record.subcommands === undefined || !args.guessed.has(first - 1)) return false;
  const name = subcommandName(words[second] as Word);
  return name !== null && Object.hasOwn(record.subcommands, name);
}

/**
 * The first operand is a subcommand: a listed one, any word when the record
 * has a record for others, or a word permc cannot know. A record with only
 * listed subcommands treats any other first word as a plain operand
 * (`pandoc lua` is a Lua interpreter, `pandoc notes.md` reads a file).
 */
function namesSubcommand(record: ProgramRecord | Subcommand, words: readonly Word[], operands: readonly number[]): boolean {
  if (record.otherSubcommands !== undefined) return true;
  if (record.subcommands === undefined) return false;
  const first = operands[0];
  if (first === undefined) return false;
  const name = (words[first] as Word).value;
  return name === null || Object.hasOwn(record.subcommands, name);
}

/** The subcommand at `operands[0]` of the level whose words start at `from`. */
function subcommand(f: Findings, record: ProgramRecord | Subcommand, words: readonly Word[], operands: readonly number[], from: number): void {
  const first = operands[0];
  if (first === undefined) return;
  const w = words[first] as Word;
  if (w.value === null) {
    f.floor("opaque", `${f.name}: the subcommand depends on an expansion`);
    return;
  }
  const subs = record.subcommands;
  const name = subcommandName(w);
  const sub = subs !== undefined && name !== null && Object.hasOwn(subs, name) ? subs[name] : record.otherSubcommands;
  if (f.subcommand === null && name !== null) {
    f.subcommand = name;
    f.subcommandRecord = sub ?? null;
  }
  if (name !== null) f.innermostSubcommandRecord = sub ?? null;
  // `git -C x --no-pager push` runs `git push`: judge that spelling too, without the words of this level before the
  // subcommand (the outer levels' kept: `aws s3 --debug sync` as `aws s3 sync`). Options after it (`aws s3 sync s3://b
  // . --profile p`, which permute) leave nothing before it: no respelling, which would be the command itself again.
  if (first > from) f.run([syntheticWord(f.name), ...words.slice(1, from), ...words.slice(first)], true);
  if (sub !== undefined) interpret(f, sub, words, first + 1);
}

/**
 * `HEAD:.env`, `main:src/a.ts`, `:0:x`, `:x` name a file's content in a
 * revision or the index: a read of that path in the repository. `:/text`
 * searches commit messages; `REV:` alone is the top tree (names only). Any
 * other word is a revision or a path, as an operand of any git command. A
 * word permc cannot know may be any object: any path.
 */
function gitObject(f: Findings, word: Word): void {
  const v = word.value;
  if (v === null) {
    f.namesUnknown = true;
    return;
  }
  const colon = v.indexOf(":");
  if (colon < 0 || v.startsWith(":/")) {
    f.paths.push({ word, role: "path", gitOperand: true });
    return;
  }
  const stage = colon === 0 ? /^:[0-3]:/.exec(v) : null;
  const path = v.slice(stage !== null ? 3 : colon + 1);
  if (path === "") return;
  const relative = path.startsWith("./") || path.startsWith("../");
  f.paths.push({ word: syntheticWord(path), role: "read", gitObject: true, ...(relative ? {} : { inRepository: true as const }) });
}

/**
 * The subcommand a word names: its value, or for a brace word the first word
 * bash expands it to (`git {pull,fetch} origin` runs `git pull fetch origin`).
 * Null when bash may make it any name: a glob (a file name), or a word
 * permc does not expand plainly.
 */
function subcommandName(w: Word): string | null {
  if (!w.pattern) return w.value;
  if (/['"\\$`]/.test(w.raw)) return null;
  const first = expandBraces(w.raw)?.[0];
  return first === undefined || /[*?[\]]/.test(first) ? null : first;
}

/**
 * `of=out.bin` for a record with keyed operands: the meaning of its key and the word of its value (the whole
 * word, value unknown, when the value depends on an expansion: `of="$f"`); null for any other operand.
 */
function keyedOperand(record: ProgramRecord | Subcommand, word: Word): { meaning: Meaning; word: Word } | null {
  const keyed = "keyedOperands" in record ? record.keyedOperands : undefined;
  if (keyed === undefined) return null;
  const m = /^([a-z]+)=/.exec(word.value ?? word.loose);
  const meaning = m === null || !Object.hasOwn(keyed, m[1] as string) ? undefined : keyed[m[1] as string];
  if (m === null || meaning === undefined) return null;
  return { meaning, word: carvedAfter(word, m[0]) };
}

function valueWord(words: readonly Word[], index: number, value: string): Word {
  const w = words[index];
  // The value is the whole word only when it came from the next word.
  if (w !== undefined && (w.value === value || w.loose === value)) return w;
  // `-f.e*`, `--file={a,b}`: attached, the value keeps its source (a glob or braces bash expands).
  return w === undefined ? syntheticWord(value) : carvedWord(w, value);
}

function meaningOfFlag(f: Findings, m: Meaning): void {
  if (m === "extract") f.extract = true;
  else if (m === "names-input") f.namesUnknown = true;
  else if (isCode(m) || isUnsure(m)) floorFor(f, m, undefined);
}

/** An option whose value permc cannot know (`--to-command="$X"`): harmless unless the value runs or loads something. */
function unknownValue(f: Findings, option: string, m: Meaning): void {
  if (
    m === "flag" ||
    m === "value" ||
    m === "read" ||
    m === "write" ||
    m === "path" ||
    m === "write-prefix" ||
    m === "write-keeps-old" ||
    m === "decompressed" ||
    m === "chdir" ||
    m === "at-file" ||
    m === "cookie-or-file" ||
    m === "git-remote"
  )
    return;
  // An option given last with no value: nothing is read, searched or handed on.
  if (isSource(m) || isSearchPath(m) || isSearched(m) || isPasses(m) || m === "walked") return;
  // `curl --url "$U"`: it may be a file: URL.
  if (m === "url") {
    f.namesUnknown = true;
    return;
  }
  if (m === "names-file") {
    f.namesUnknown = true;
    return;
  }
  if (isCode(m) || isUnsure(m)) floorFor(f, m, undefined);
  else f.floor("opaque", `${f.name}: the value of ${option.length === 1 ? "-" : "--"}${option} depends on an expansion`);
}

function applyBare(f: Findings, m: Meaning): void {
  if (isSource(m)) sourceFromStdin(f, m);
  else if (isCode(m) || isUnsure(m)) floorFor(f, m, undefined);
  else if (m === "shell") stdinCode(f, m);
}

function floorFor(f: Findings, m: Meaning, at: Word | undefined): void {
  if (isCode(m)) f.floor("opaque", `permc cannot read ${m.code} code${at !== undefined ? ` given to ${f.name}` : ""}`);
  else if (isUnsure(m) && (m.when === undefined || at === undefined || at.value === null || m.when.test(at.value))) f.floor("opaque", m.unsure);
}

function stdinCode(f: Findings, m: Meaning): void {
  if (m === "shell") {
    if (f.view.stdinText !== null) f.payloads.push(f.view.stdinText);
    else f.floor("opaque", `${f.name} runs shell commands read from its input, which permc cannot see`);
    // A shell reading its input is opaque even when the text is known (the reference's floor).
    f.floor("opaque", `${f.name} runs shell commands read from its input`);
    return;
  }
  if (isCode(m)) f.floor("opaque", `${f.name} runs ${m.code} code read from its input`);
  else if (isUnsure(m)) f.floor("opaque", m.unsure);
}

/** What one option value or operand means for this command. */
function apply(f: Findings, m: Meaning, word: Word, words: readonly Word[], index: number): void {
  if (m === "argv0") {
    if (word.value === null) f.floor("indirection", `${f.name} gives the command a name that depends on an expansion`);
    else f.argv0 = word;
    return;
  }
  if (m === "flag" || m === "value") return;
  if (m === "variable-name") {
    if (word.value === null || isHijackVariable(word.value)) f.floor("indirection", `${f.name} sets ${word.value ?? "a variable it names"} in what it runs`);
    return;
  }
  if (m === "read" || m === "write" || m === "path" || m === "chdir") {
    f.paths.push({ word, role: m });
    return;
  }
  if (m === "archive") {
    f.paths.push({ word, role: "read", archive: true });
    return;
  }
  if (m === "env-file") {
    f.paths.push({ word, role: "read" });
    f.floor("opaque", `${f.name} loads variables from ${word.raw} into what it runs`);
    return;
  }
  if (m === "shell") {
    f.payloads.push(word.loose);
    return;
  }
  if (m === "names-file") {
    f.namesUnknown = true;
    if (word.value !== null && !STDIN_FILES.has(word.value)) f.paths.push({ word, role: "read" });
    return;
  }
  if (m === "git-object") {
    gitObject(f, word);
    return;
  }
  if (m === "decompressed") {
    f.paths.push({ word, role: "path" });
    const written = word.value === null ? null : decompressedName(word.value);
    if (written !== null) f.paths.push({ word: syntheticWord(written), role: "write" });
    return;
  }
  if (m === "write-keeps-old") {
    f.paths.push({ word, role: "write" });
    const v = word.value;
    if (v === null || word.fromInput === true) f.floor("opaque", `${f.name} keeps the file it replaces under a name permc cannot read`);
    else if (!word.pattern) f.paths.push({ word: syntheticWord(`${v}.old`), role: "write" });
    else f.paths.push({ word: { ...syntheticWord(`${v}.old`), raw: `${word.raw}.old`, pattern: true }, role: "write" });
    return;
  }
  if (m === "write-prefix") {
    if (word.value === null) f.floor("opaque", `${f.name} writes files whose names start with an expansion`);
    else f.paths.push({ word, role: "write", prefix: true });
    return;
  }
  if (m === "write-dir") {
    if (word.value === null) f.floor("opaque", `${f.name} writes under a directory that depends on an expansion`);
    else f.paths.push({ word, role: "write", under: true });
    return;
  }
  if (m === "output") {
    const piped = /^[|!]/.test(word.loose);
    if (piped) f.payloads.push(word.loose.slice(1));
    else if (word.value === null) f.floor("opaque", `${f.name} writes to a file or command that depends on an expansion`);
    else f.paths.push({ word, role: "write" });
    return;
  }
  if (m === "path-or-command") {
    if (word.loose.startsWith("!")) f.payloads.push(word.loose.slice(1));
    else if (word.value === null) f.floor("opaque", `${f.name} reads a file, or a command's output, that depends on an expansion`);
    else f.paths.push({ word, role: "path" });
    return;
  }
  if (m === "shell-rest") {
    f.payloads.push(
      index >= 0
        ? words
            .slice(index)
            .map((w) => w.loose)
            .join(" ")
        : word.loose,
    );
    return;
  }
  if (m === "argv") {
    f.run(index >= 0 ? words.slice(index) : [word]);
    return;
  }
  if (m === "document") {
    f.paths.push({ word, role: "read" });
    f.scripts.push(word);
    return;
  }
  if (m === "script") {
    if (word.value === null) f.floor("opaque", `${f.name} runs a file whose name depends on an expansion`);
    else if (STDIN_FILES.has(word.value)) f.floor("opaque", `${f.name} runs code read from its input`);
    else {
      f.paths.push({ word, role: "read" });
      f.scripts.push(word);
    }
    return;
  }
  if (m === "at-file") {
    atFile(f, word);
    return;
  }
  if (m === "cookie-or-file") {
    // curl reads a word with no `=` as a cookie file, whatever it is spelt like; an unknown word may be one.
    if (word.value === null || !word.value.includes("=")) f.paths.push({ word, role: "read" });
    return;
  }
  if (m === "url") {
    urlWord(f, word);
    return;
  }
  if (m === "git-remote") {
    const v = word.value ?? word.loose;
    const helper = /^([A-Za-z][A-Za-z0-9+.-]*)::/.exec(v);
    if (helper === null) return;
    if (helper[1]?.toLowerCase() === "ext") f.payloads.push(v.slice(helper[0].length).replace(/%(.)/g, "$1"));
    else f.floor("indirection", `${f.name} runs the remote helper git-remote-${helper[1]}`);
    return;
  }
  if (m === "module") {
    if (word.value === null || URL_CODE.test(word.value)) f.floor("opaque", `${f.name} loads code from ${word.value === null ? "an expansion" : "a URL"}`);
    return;
  }
  if (m === "program") {
    f.run([word]);
    return;
  }
  if (isKeyed(m)) {
    keyed(f, m.keyed, word);
    return;
  }
  if (isSource(m)) {
    sourceFile(f, m, word);
    return;
  }
  if (isSearchPath(m)) {
    f.searchPaths.push({ kind: m.searchPath, word });
    // `-L=DIR`, `-I$SYSROOT/DIR`: under the sysroot, which is `/` for a native linker (gcc 12 reads `=DIR` as a name).
    const sysroot = word.value === null ? null : /^(?:=|\$SYSROOT)/.exec(word.value);
    if (sysroot !== null && word.value !== null)
      f.searchPaths.push({ kind: m.searchPath, word: syntheticWord(`/${word.value.slice(sysroot[0].length).replace(/^\/+/, "")}`) });
    return;
  }
  if (isSearched(m)) {
    f.searched.push({ kind: m.searched, word });
    return;
  }
  if (isPasses(m)) {
    passWords(f, m.passes, [word]);
    return;
  }
  if (m === "walked") {
    if (word.value === null) f.floor("opaque", `${f.name} reads files under a directory that depends on an expansion`);
    else f.paths.push({ word, role: "read", walked: true });
    return;
  }
  if (isUnsure(m) && m.reads === true && word.value !== "") f.paths.push({ word, role: "read" });
  floorFor(f, m, word);
}

/**
 * curl's ways of naming a file whose content it sends: `@FILE`, `NAME=@FILE` and `NAME=<FILE` (`-F`),
 * `NAME@FILE` (`--data-urlencode`, `--url-query`, `--variable`: an `@` before any `=`). The file part is carved
 * from the word with its source, so bash's braces, globs and expansions there (`-d @{sshlink,x}/id_rsa`,
 * `x@$PWD/envlink.txt`) name what they become; a word whose literal start permc cannot see is a path as a whole.
 */
function atFile(f: Findings, word: Word): void {
  const text = word.value ?? word.loose;
  const at = text.indexOf("@");
  const eq = text.indexOf("=");
  let prefix: string | null = null;
  if (at === 0) prefix = "@";
  else if (eq > 0 && (text[eq + 1] === "@" || text[eq + 1] === "<") && (at < 0 || at > eq)) prefix = text.slice(0, eq + 2);
  else if (at > 0 && (eq < 0 || at < eq) && /^[\w.-]+$/.test(text.slice(0, at))) prefix = text.slice(0, at + 1);
  if (prefix === null || text.length === prefix.length) return;
  const carved = carvedAfter(word, prefix);
  // `-F 'f=@x.png;type=image/png'`: what follows `;` describes the part.
  const file = carved.value?.split(";")[0];
  f.paths.push({ word: file !== undefined && file !== carved.value ? syntheticWord(file) : carved, role: "read" });
}

/** The name a decompressor (or gpg) writes for `file` (COMPRESSION_SUFFIXES, GPG_SUFFIXES), or null when it has none of those suffixes (it refuses). */
function decompressedName(file: string): string | null {
  for (const [suffix, replacement] of [...COMPRESSION_SUFFIXES, ...GPG_SUFFIXES])
    if (file.length > suffix.length && file.toLowerCase().endsWith(suffix)) return file.slice(0, file.length - suffix.length) + replacement;
  return null;
}

/**
 * A value that is a list (OptionSpec.separator): a command's words
 * (`gcc -wrapper gdb,--args`), options for another program (`-Wl,-T,x.ld`),
 * or items of one meaning (java's class path `a.jar:lib`). A list permc
 * cannot split (an expansion, a glob bash expands) is one item, and a
 * command or options from it are not known.
 */
function listValue(f: Findings, m: Meaning, separator: string, word: Word): void {
  const runs = m === "argv" || isPasses(m);
  if (word.value === null || word.pattern) {
    if (runs) f.floor("opaque", `${f.name}: the words of an option's value depend on an expansion`);
    else apply(f, m, word, [], -1);
    return;
  }
  const items = word.value
    .split(separator)
    .filter((item) => item !== "")
    .map(syntheticWord);
  if (m === "argv") f.run(items);
  else if (isPasses(m)) passWords(f, m.passes, items);
  else for (const item of items) apply(f, m, item, [], -1);
}

/** Options handed to another program (meaning Passes), gathered in order: read with its record once all are known (settlePasses). */
function passWords(f: Findings, program: string, items: readonly Word[]): void {
  if (items.some((w) => w.value === null)) f.floor("opaque", `${f.name}: the options it passes to ${program} depend on an expansion`);
  const list = f.passed.get(program) ?? [];
  list.push(...items);
  f.passed.set(program, list);
}

/**
 * `gcc -Wl,-T,x.ld -Xlinker --version-script=v.map`: the options each
 * program is handed, read with its record as options among its own (not its
 * whole command line: nothing it does with no operand, or with its input).
 */
function settlePasses(f: Findings): void {
  // Most commands pass nothing on: no snapshot to copy.
  if (f.passed.size === 0) return;
  for (const [program, passed] of [...f.passed]) {
    const record = findRecord(program)?.record;
    if (record === undefined) {
      f.floor("opaque", `${f.name} passes options to ${program}, which permc does not know`);
      continue;
    }
    const { names: _names, bare: _bare, stdin: _stdin, ...options } = record;
    interpret(f, options, [syntheticWord(program), ...passed], 1);
  }
}

/**
 * A file of code the program reads (meaning Source). On disk, it is read,
 * and a two-step if the same command writes it first (an object too: ld
 * reads a file that is no object as a linker script). Fed by the command
 * (standard input, a descriptor it opens, `<(…)`), its directives may name
 * any file: floored.
 */
function sourceFile(f: Findings, m: Source, word: Word): void {
  const v = word.value;
  if (v === null) {
    // `<(printf …)` is a descriptor the command feeds; `"$F"` may name one where something feeds it.
    if (/[<>]\(/.test(word.raw) || f.view.stdin) f.floor("opaque", `${f.name} reads ${m.source} the command feeds it, whose directives may name any file`);
    f.paths.push({ word, role: "read" });
    return;
  }
  if (STDIN_FILES.has(v)) {
    sourceFromStdin(f, m);
    return;
  }
  if (DESCRIPTOR_FILE.test(v)) {
    f.floor("opaque", `${f.name} reads ${m.source} from a descriptor the command opens (${v}), whose directives may name any file`);
    return;
  }
  f.paths.push({ word, role: "read" });
  f.scripts.push(word);
  // Fed input of the command's own, a file it reads may be a link to that input (`x.c -> /dev/stdin`).
  if (f.view.stdin && f.view.stdinText?.trim() !== "")
    f.floor("opaque", `${f.name} is fed input by the command, and a file it reads as ${m.source} may be a link to it`);
}

/**
 * Code read from standard input: floored, as its directives may name any
 * file (`< /dev/null` feeds none); the files its text names by literal
 * names meet the path rules too (a deny there denies).
 */
function sourceFromStdin(f: Findings, m: Source): void {
  const text = f.view.stdinText;
  if (text !== null && text.trim() === "") return;
  f.floor("opaque", `${f.name} reads ${m.source} from its input${text === null ? ", which permc cannot see" : ""}: its directives may name any file`);
  // `#include "~/x"` is a directory named `~` where the program works, not the home.
  for (const name of text === null ? [] : sourceNames(text))
    f.searched.push({ kind: "include", word: syntheticWord(name.startsWith("~") ? `./${name}` : name) });
}

const INCLUDED_SOURCE: Source = { source: "C source" };

/**
 * The names a program looks up in its search paths (`-include NAME`,
 * `#include "NAME"` in code it is fed, `-lNAME`), read in each directory
 * the command adds (`-I DIR`, `-L DIR`); an include where it stands too.
 * The system's own directories are not modelled.
 */
function settleSearches(f: Findings): void {
  for (let k = 0; k < f.searched.length; k++) {
    const { kind, word } = f.searched[k] as (typeof f.searched)[number];
    const v = word.value;
    if (kind === "include") {
      // `-include /dev/stdin`: what it includes is what the command feeds it.
      if (v !== null && (STDIN_FILES.has(v) || DESCRIPTOR_FILE.test(v))) {
        sourceFile(f, INCLUDED_SOURCE, word);
        continue;
      }
      f.paths.push({ word, role: "read" });
      if (v !== null) f.scripts.push(word);
      if (v?.startsWith("/")) continue;
    }
    const names = kind === "library" && v !== null ? libraryFiles(v) : [word];
    for (const dir of f.searchPaths) {
      if (dir.kind !== kind) continue;
      for (const name of names) f.paths.push({ word: joinedWord(dir.word, name), role: "read" });
    }
  }
}

/** The files `-lNAME` names in a library directory (knowledge/toolchains.ts LIBRARY_FILES). */
function libraryFiles(name: string): Word[] {
  if (name.startsWith(LIBRARY_FILES.exact)) return [syntheticWord(name.slice(LIBRARY_FILES.exact.length))];
  return LIBRARY_FILES.suffixes.map((suffix) => syntheticWord(`${LIBRARY_FILES.prefix}${name}${suffix}`));
}

/** DIR/NAME, known when both are; else a word whose source is both, for the patterns of what it may be. */
function joinedWord(dir: Word, name: Word): Word {
  if (dir.value !== null && name.value !== null) return syntheticWord(`${dir.value.replace(/\/+$/, "")}/${name.value}`);
  const source = (w: Word): string => (w.value === null ? w.raw : `'${w.value.replaceAll("'", "'\\''")}'`);
  const raw = `${source(dir)}/${source(name)}`;
  return { start: -1, end: -1, raw, value: null, loose: `${dir.loose}/${name.loose}`, pattern: false };
}

/** A URL the program opens: a `file:` one is a read of its file (file-url.ts); one permc cannot know may be any file. */
function urlWord(f: Findings, word: Word): void {
  if (word.value === null) {
    const unknown = unknownFileUrl(word.raw);
    if (unknown === "any") f.namesUnknown = true;
    else if (unknown !== null) f.paths.push({ word: { ...word, raw: unknown.pathRaw, loose: unknown.pathRaw }, role: "read" });
    return;
  }
  const file = fileUrl(word.value);
  if (file === "any") f.namesUnknown = true;
  else if (file !== null) f.paths.push({ word: syntheticWord(file.path), role: "read" });
}

/** `git -c KEY=VALUE`, `ssh -o KEY=VALUE`, `cmake -DKEY=VALUE`: a command when the key runs one. */
function keyed(f: Findings, table: keyof typeof COMMAND_KEYS, word: Word): void {
  const text = word.value ?? word.loose;
  if (table === "make-variable") {
    makeVariable(f, word, text);
    return;
  }
  const eq = text.search(/[= ]/);
  const key = eq > 0 ? text.slice(0, eq) : text;
  const pattern = COMMAND_KEYS[table];
  if (word.value === null && /\$/.test(key)) {
    f.floor("opaque", `${f.name}: a configuration key depends on an expansion`);
    return;
  }
  if (!pattern.test(key)) return;
  const value = eq > 0 ? text.slice(eq + 1) : "";
  // git aliases are resolved against the subcommand (analysers/git-alias.ts).
  if (table === "git-config" && /^alias\./i.test(key) && !value.startsWith("!")) return;
  f.floor("opaque", `${f.name}: ${key} makes it ${KEYED_EFFECT[table]}`);
  const command = value.replace(/^!/, "");
  if (command !== "") f.payloads.push(command);
}

/**
 * `make NAME=VALUE`: an operand without `=` is a target. make evaluates `$`
 * and `!=` at once, runs the values of its shell and built-in programs, and
 * pastes any value into the recipes that name it.
 */
function makeVariable(f: Findings, word: Word, text: string): void {
  const eq = text.indexOf("=");
  if (eq <= 0 && word.value !== null) return;
  if (word.value === null || MAKE_EVALUATED_ASSIGNMENT.test(text)) {
    f.floor("opaque", `${f.name}: a command-line variable is evaluated by make, which can run shell commands`);
    return;
  }
  const key = text.slice(0, eq);
  if (compilerFlagsLoadCode(key.replace(/[:+?\s]+$/, "").replace(/^(?:(?:override|export)\s+)*/, ""), text.slice(eq + 1))) {
    f.floor("opaque", `${f.name}: ${key.trim()} passes the compiler an option that loads or runs code`);
    return;
  }
  if (MAKE_COMMAND_KEYS.test(key) || isHijackVariable(key.replace(/[:+?\s]+$/, ""))) {
    f.floor("opaque", `${f.name}: ${key.trim()} makes it run a command`);
    const command = text.slice(eq + 1);
    if (command !== "") f.payloads.push(command);
    return;
  }
  if (MAKE_VALUE_SHELL_SYNTAX.test(text.slice(eq + 1))) f.floor("opaque", `${f.name}: ${key.trim()}'s value is pasted into the recipes' shell commands`);
}
