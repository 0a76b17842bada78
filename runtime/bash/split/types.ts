/**
 * The shapes a split returns: the units the policy judges (`BashUnit`), why
 * permc added one the reference does not have (`Derivation`), why an
 * `allow` becomes `ask` (`Floor`), and the whole result (`BashSplit`).
 * Apart from the code so the gate, `decide.ts` and the tests can name them
 * without importing the walk.
 */
import type { SplitObservations } from "../paths/classify-options.js";
import type { Segment } from "../../explore.js";
import type { CommandNameFold } from "../programs/command-name.js";
import type { WrapperKind } from "../programs/reference-kind.js";
import type { PathCandidate } from "../paths/types.js";
import type { PathPatternCandidate } from "../paths/patterns.js";

/** Why permc added a unit the reference does not have. */
export type Derivation =
  /** A command inside a construct the reference matches only as a whole. */
  | "nested"
  /** The same command with its name and words spelled plainly. */
  | "normalised"
  /** The same command, floored: it runs code permc cannot fully see. */
  | "wrapper-floor"
  /** The same command, floored: its name is a variable or substitution. */
  | "dynamic-name"
  /** The same command, floored: its name is a glob or brace pattern bash expands. */
  | "expanded-name"
  /** The same command, floored: its name holds characters no program name has (control characters, blanks). */
  | "unusual-name"
  /** The command a wrapper runs (`sudo rm x` → `rm x`). */
  | "unwrapped"
  /** A command from shell source given to a shell (`bash -c`, `eval`, `ssh host …`). */
  | "payload"
  /** An assignment to a variable that changes what commands run (`PATH=…`). */
  | "env-hijack"
  /** An assignment whose variable permc cannot name (`declare "$x=…"`, arithmetic over text it cannot read): any variable. */
  | "assigned-variable"
  /** Text tree-sitter leaves unparsed but bash runs (backticks in heredocs, escaped backticks). */
  | "reparsed"
  /** Words tree-sitter could not parse (inside an ERROR node), judged as a command. */
  | "recovered"
  /** A command as bash reads the text, where tree-sitter tokenises it differently (syntax/bash-reading.ts). */
  | "bash-reading"
  /** Text bash evaluates again as code (an array subscript, a `${x#…}` operand, `${x@P}`, `let`'s arguments). */
  | "evaluated-text"
  /** A file the command writes and then runs (`echo … > x.sh && bash x.sh`). */
  | "two-step"
  /** A glob bash may expand into a name that starts with `-`: an option to the program (split/glob-options.ts). */
  | "glob-option"
  /** Something that could not be analysed (payload syntax error, budget exceeded). */
  | "unparseable";

/** A command whose words hold a glob that may expand into options, noted by the walk and floored after it (glob-options.ts). */
export interface GlobOption {
  readonly text: string;
  readonly context: string | undefined;
  /** The glob as written. */
  readonly word: string;
  /** The directory bash lists for it (the command's), or null when it is not one known directory. */
  readonly dir: string | null;
  /** Nothing of the call has started when bash expands the command's words (glob-options.ts runsFirst). */
  readonly runsFirst: boolean;
  /** The program reads `KEY=VALUE` words (dd's `if=FILE`, make's variables, env's assignments): a name holding `=` counts. */
  readonly keyValue: boolean;
}

/** Why an `allow` for a unit becomes `ask`: permc cannot fully read what it runs. */
export interface Floor {
  /** `opaque`: code or a construct permc cannot read; `indirection`: a wrapper whose effect permc does not judge exactly. */
  readonly kind: WrapperKind;
  /** In words a person can check (`permc cannot read Python code given to python3`). */
  readonly reason: string;
}

export interface BashUnit {
  /** Exact source slice (reference units), or permc's rewriting (some derived units). */
  text: string;
  /** Innermost execution context; absent at top level. */
  context?: "command_substitution" | "process_substitution" | "subshell" | string;
  /** The reference's own wrapper classification of this unit (reported; see `floor` for the decision). */
  wrapperKind?: "opaque" | "indirection";
  /** permc's floor: an `allow` for this unit becomes `ask`. */
  floor?: Floor;
  /** A wrapper that runs its argv exactly as given, which permc judges as a unit of its own (no floor needed). */
  exactWrapper?: true;
  /**
   * The unit as bash may run it when some words hold values permc cannot
   * know (`git $(echo push) origin`): the rules some value can hit decide
   * (decide.ts), not only the text as written.
   */
  spellings?: Segment[][];
  /**
   * The reference's other spellings of the unit (39.0.3, 40.0.0): the command
   * word with `~`/`$HOME` made absolute, and every path argument made
   * absolute against the directory the command runs in. The last rule that
   * matches any spelling decides.
   */
  alsoSpelled?: string[];
  /**
   * Index of the unit this one spells plainly (`\\rm x` → `rm x`). Like the
   * reference's spellings, a later rule matching the unit as written wins
   * over this spelling, except that a deny matching this spelling holds.
   */
  respells?: number;
  /** Command name after quote removal and absolute-path stripping. */
  resolvedName?: string;
  /** Its program is one of the reference's pure readers (Analysis.pureReader; split/nothing-writes-first.ts). */
  pureReader?: true;
  /**
   * Commands a program permc knows nothing about may run, spelled by its
   * arguments (`chronic rm x` → `rm x`; programs/may-run.ts): a rule naming
   * one's program that would not allow it makes the unit ask.
   */
  mayRun?: string[];
  /** A unit permc adds beyond the reference. */
  derived?: true;
  derivation?: Derivation;
  /** Floor: an `allow` for this unit becomes `ask` with `<unparseable-bash-command>`. */
  unparseable?: true;
}

export interface BashSplit {
  /** The command that was split: the input, trimmed. */
  command: string;
  units: BashUnit[];
  /** tree-sitter found an ERROR or MISSING node in the command. */
  hasError: boolean;
  /** Longer than `maxLength`: not parsed. */
  tooLarge: boolean;
  /** The parser or the walk failed; nothing can be trusted. */
  failed: boolean;
  /** Empty or blank after trimming: not parsed (the reference resolves `""` whole). */
  empty: boolean;
  /** Every non-blank line is a comment: resolved whole. */
  commentOnly: boolean;
  /** Tokens for the bash `path` gate (reference shapes, plus permc's stricter extras marked `derived`). */
  ruleCandidates: PathCandidate[];
  /** Lexical paths outside the cwd, for the bash `external_directory` gate. */
  externalPaths: string[];
  /** What the command does with each of them (parallel to `externalPaths`): read, write or both. */
  externalRoles: Array<"read" | "write" | "both">;
  /** Bare file names: the gate promotes them when a specific path rule denies or asks (#509). */
  bareTokens: PathCandidate[];
  /** Path words that are not one known path: globs, braces, unknown values, paths after an unknown `cd`. */
  pathPatterns: PathPatternCandidate[];
  /** Error message when `failed`. */
  error?: string;
  /** Failed only because the text needs tree-sitter and the parser given was `UNLOADED_PARSER`: load it and split again. */
  needsParser?: true;
}

/** The result before any analysis: no units, nothing failed; `empty` when the trimmed command is blank. */
export function initialSplit(trimmed: string): BashSplit {
  return {
    command: trimmed,
    units: [],
    hasError: false,
    tooLarge: false,
    failed: false,
    empty: trimmed === "",
    commentOnly: false,
    ruleCandidates: [],
    externalPaths: [],
    externalRoles: [],
    bareTokens: [],
    pathPatterns: [],
  };
}

export interface SplitOptions {
  /**
   * Whether bare words are probed on disk to become paths (23.0.0). Off
   * only when no path rule could ask or deny (the gate knows): the probe is
   * a system call per word.
   */
  probeBareNames?: boolean;
  /** CDPATH of the environment the command runs in (default: this process's): a relative `cd` may then go elsewhere. */
  cdpath?: string;
  /** RIPGREP_CONFIG_PATH of that environment (default: this process's): rg's configuration may show hidden files. */
  ripgrepConfig?: string;
  /** PATH of that environment (default: this process's): a file the command puts there may run by a bare name (path-shadow.ts). */
  path?: string;
  /** GLOBIGNORE of that environment (default: this process's): set, `*` matches dotfiles and leaves out what it lists. */
  globIgnore?: string;
  /** BASHOPTS of that environment (default: this process's): bash turns on the options it lists when it starts (`dotglob`). */
  bashopts?: string;
  /** Whether POSIXLY_CORRECT is set in that environment (default: this process's): options end at the first operand. */
  posixlyCorrect?: boolean;
  /** GREP_OPTIONS of that environment (default: this process's): grep before 3.6 reads options from it. */
  grepOptions?: string;
  /** TAR_OPTIONS, UNZIP and UNZIPOPT of that environment, joined (default: this process's): options an extraction reads. */
  archiveOptions?: string;
  /** TAR_OPTIONS and ZIPOPT of that environment, by name (default: this process's): options tar and zip read before their words. */
  walkOptions?: Readonly<Record<string, string>>;
  /**
   * The variables of that environment that say where git's hooks are, by name (default: this process's): GIT_DIR,
   * the GIT_CONFIG_* family, GIT_CONFIG_NOSYSTEM and XDG_CONFIG_HOME (paths/repository-hooks.ts).
   */
  gitVariables?: Readonly<Record<string, string>>;
  /** Longest command parsed, in UTF-16 units (default `DEFAULT_MAX_LENGTH`). */
  maxLength?: number;
  /** Working directory for path resolution (default `process.cwd()`). */
  cwd?: string;
  /** Home directory for `~` and `$HOME` (default `os.homedir()`). */
  home?: string;
  /**
   * Canonicalises an absolute path (default: realpath of its longest existing
   * prefix). `likelyExists` (the working directory, a name just found on
   * disk) says realpath may be asked first; the answer must not depend on it.
   */
  realpath?: (absolute: string, likelyExists?: boolean) => string;
  /**
   * What the caller has already asked the file system in this call, to
   * share (the gate's path checks of the same command read the same memo);
   * by default the split keeps its own. Never kept across calls.
   */
  observed?: SplitObservations;
  /**
   * Build a plain command's tree without tree-sitter (default true;
   * syntax/plain-syntax.ts). Off, every text goes through tree-sitter: the tests
   * compare both paths.
   */
  plainFastPath?: boolean;
  /**
   * How program names are found where the command runs: "case" on a
   * case-insensitive volume (macOS: `RM x` runs /bin/rm), "windows" also
   * without the `.exe`/`.com` suffix (Git Bash: `rm.exe x` runs rm). Each
   * command is judged by its name so folded. Default: names as written.
   */
  commandNameFold?: CommandNameFold;
  /**
   * How strictly a read of a path, by these spellings (and outside the
   * working directory or not), may be decided: the gate answers from the
   * policy, as `pathRank * 3 + outsideRank` (ranks: allow 0, ask 1, deny 2;
   * 0: allowed both ways). A file git prints from a large index is a
   * candidate only when it is stricter than the files kept before it
   * (default: every file is kept).
   */
  readStrictness?: (values: readonly string[], external: boolean) => number;
}
