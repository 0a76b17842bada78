/**
 * Which commands run other code, and what that code is.
 *
 * `referenceWrapperKind` reproduces the reference's flags on its own units.
 * `analyseCommand` is permc's stricter view of one simple command: its plain
 * name, whether it must be floored, the commands it wraps (judged as their
 * own units) and the shell source it hands to a shell (parsed again).
 */
import {
  AWK_GRAMMAR, AWKS, COMMAND_OPTIONS, COMMAND_VARIABLES, GIT_COMMAND_KEYS, SSH_COMMAND_KEYS, CONDITIONAL_OPAQUE, INTERPRETERS, REFERENCE_FD_EXEC, REFERENCE_FIND_EXEC,
  REFERENCE_INDIRECTIONS, REFERENCE_OPAQUE_SHELLS, SED_GRAMMAR, SEDS, SHELL_GRAMMAR, SHELLS, WRAPPERS,
  interpreterFamily,
} from "./wrapper-tables.js";
import type { InterpreterSpec, OptionGrammar, Special, WrapperKind } from "./wrapper-tables.js";
import { syntheticWord } from "./words.js";
import type { Word } from "./words.js";

export type { WrapperKind } from "./wrapper-tables.js";

// ---------------------------------------------------------------------------
// The reference's classification, on raw texts (bash.md §4).

export function referenceWrapperKind(nameRaw: string, argRaws: readonly string[]): WrapperKind | null {
  const name = nameRaw.slice(nameRaw.lastIndexOf("/") + 1);
  if (name === "eval") return "opaque";
  if (REFERENCE_OPAQUE_SHELLS.has(name)) {
    for (const arg of argRaws) {
      if (arg === "--") break;
      if (arg.startsWith("-") && !arg.startsWith("--") && arg.includes("c")) return "opaque";
    }
  }
  if (REFERENCE_INDIRECTIONS.has(name)) return "indirection";
  if (name === "find" && argRaws.some((a) => REFERENCE_FIND_EXEC.has(a))) return "indirection";
  if (name === "fd" && argRaws.some((a) => REFERENCE_FD_EXEC.has(a))) return "indirection";
  return null;
}

// ---------------------------------------------------------------------------
// permc's analysis.

export interface CommandView {
  /** argv; `words[0]` is the command name. */
  readonly words: readonly Word[];
  /** Source the word offsets refer to. */
  readonly src: string;
  /** Standard input comes from a pipe, a redirect, a heredoc or a here-string. */
  readonly stdin: boolean;
  /** Static text fed on standard input (heredoc body, here-string), if known. */
  readonly stdinText: string | null;
}

export interface InnerCommand {
  readonly words: readonly Word[];
  readonly text: string;
}

export type DynamicReason = "dynamic-name" | "expanded-name";

export interface Analysis {
  /** Plain command name after quote removal and absolute-path stripping; null if unknown. */
  readonly name: string | null;
  /** Why the name is unknown. */
  readonly dynamic: DynamicReason | null;
  /** Floor for this command (allow → ask), if any. */
  readonly kind: WrapperKind | null;
  /** Commands run with the given argv (judged as their own units). */
  readonly inner: readonly InnerCommand[];
  /** Shell source the command runs (parsed and judged as well). */
  readonly payloads: readonly string[];
}

/** Plain command name: quotes removed; an absolute path becomes its last segment. */
export function plainName(word: Word): { name: string | null; dynamic: DynamicReason | null } {
  if (word.value === null) return { name: null, dynamic: "dynamic-name" };
  if (word.pattern) return { name: null, dynamic: "expanded-name" };
  let name = word.value;
  if (name.startsWith("/")) {
    const trimmed = name.replace(/\/+$/, "");
    name = trimmed.slice(trimmed.lastIndexOf("/") + 1);
  }
  return { name, dynamic: null };
}

/** Text of a run of words: real words are sliced from the source, synthetic ones joined. */
export function wordsText(words: readonly Word[], src: string): string {
  const parts: string[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flush = (): void => {
    if (runStart >= 0) parts.push(src.slice(runStart, runEnd));
    runStart = -1;
  };
  for (const w of words) {
    if (w.start < 0) {
      flush();
      parts.push(w.raw);
    } else {
      if (runStart < 0) runStart = w.start;
      runEnd = w.end;
    }
  }
  flush();
  return parts.join(" ");
}

function innerOf(words: readonly Word[], from: number, to: number, src: string, head?: string): InnerCommand | null {
  const slice = words.slice(from, Math.max(from, to));
  const all = head !== undefined && head !== "" ? [syntheticWord(head), ...slice] : slice;
  if (all.length === 0) return null;
  return { words: all, text: wordsText(all, src) };
}

function joinLoose(words: readonly Word[], from: number, to = words.length): string {
  return words.slice(from, to).map((w) => w.loose).join(" ");
}

interface ParsedOptions {
  /** Index of the first word after options, assignments and leading operands. */
  readonly next: number;
  /** Options seen: short letters and long names, with their values when given. */
  readonly options: ReadonlyArray<{ name: string; value: string | null }>;
}

/**
 * Parse options in POSIX style (stop at the first operand). A dynamic word
 * stops parsing: it is taken as the command.
 */
export function parseOptions(words: readonly Word[], from: number, g: OptionGrammar): ParsedOptions {
  const options: Array<{ name: string; value: string | null }> = [];
  let i = from;
  let operandsLeft = g.leadingOperands ?? 0;
  while (i < words.length) {
    const v = (words[i] as Word).value;
    if (v === null) break;
    if (v === "--") {
      i++;
      break;
    }
    if (v === "-" ) {
      if (g.dashIsOption === true) {
        options.push({ name: "-", value: null });
        i++;
        continue;
      }
      break;
    }
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const name = eq >= 0 ? v.slice(2, eq) : v.slice(2);
      if (eq >= 0) {
        options.push({ name, value: v.slice(eq + 1) });
        i++;
      } else if (g.longArg?.includes(name) === true) {
        options.push({ name, value: words[i + 1]?.loose ?? null });
        i += 2;
      } else {
        options.push({ name, value: null });
        i++;
      }
      continue;
    }
    if (v.startsWith("-") && v.length > 1) {
      if (g.numericOptions === true && /^-\d+$/.test(v)) {
        options.push({ name: v.slice(1), value: null });
        i++;
        continue;
      }
      let consumedNext = false;
      for (let j = 1; j < v.length; j++) {
        const c = v[j] as string;
        if (g.shortArg?.includes(c) === true) {
          const rest = v.slice(j + 1);
          if (rest !== "") {
            options.push({ name: c, value: rest });
          } else {
            options.push({ name: c, value: words[i + 1]?.loose ?? null });
            consumedNext = true;
          }
          break;
        }
        if (g.shortOptional?.includes(c) === true) {
          options.push({ name: c, value: v.slice(j + 1) });
          break;
        }
        options.push({ name: c, value: null });
      }
      i += consumedNext ? 2 : 1;
      continue;
    }
    if (g.assignments === true && /^[A-Za-z_][A-Za-z0-9_]*=/.test(v)) {
      i++;
      continue;
    }
    if (operandsLeft > 0) {
      operandsLeft--;
      i++;
      continue;
    }
    break;
  }
  return { next: Math.min(i, words.length), options };
}

const has = (p: ParsedOptions, ...names: string[]): boolean => p.options.some((o) => names.includes(o.name));
const valueOf = (p: ParsedOptions, ...names: string[]): string | null => {
  for (const o of p.options) if (names.includes(o.name) && o.value !== null) return o.value;
  return null;
};

interface Result {
  kind: WrapperKind | null;
  inner: InnerCommand[];
  payloads: string[];
}

const NEEDS_COMMAND: ReadonlySet<string> = new Set(["command", "builtin", "exec", "coproc", "busybox", "toybox"]);

/** permc's view of one simple command. */
export function analyseCommand(view: CommandView): Analysis {
  const words = view.words;
  const first = words[0];
  if (first === undefined) return { name: null, dynamic: null, kind: null, inner: [], payloads: [] };
  const { name, dynamic } = plainName(first);
  if (name === null) return { name, dynamic, kind: "opaque", inner: [], payloads: [] };
  const r: Result = { kind: null, inner: [], payloads: [] };
  const spec = WRAPPERS.get(name);
  if (spec !== undefined) {
    r.kind = spec.kind;
    if (spec.special !== undefined) {
      special(spec.special, view, r, spec.grammar);
    } else {
      const p = parseOptions(words, 1, spec.grammar);
      if (name === "command" && has(p, "v", "V")) return { name, dynamic, kind: null, inner: [], payloads: [] };
      const inner = innerOf(words, p.next, words.length, view.src);
      if (inner !== null) r.inner.push(inner);
    }
    if (NEEDS_COMMAND.has(name) && r.inner.length === 0 && r.payloads.length === 0) r.kind = null;
  } else if (SHELLS.has(name)) {
    shell(view, r);
  } else if (INTERPRETERS.has(interpreterFamily(name))) {
    interpreter(view, r, INTERPRETERS.get(interpreterFamily(name)) as InterpreterSpec, name);
  } else if (AWKS.has(name)) {
    awk(view, r);
  } else if (SEDS.has(name)) {
    sed(view, r);
  } else {
    const conditional = CONDITIONAL_OPAQUE.get(name);
    if (conditional !== undefined) special(conditional, view, r, {});
  }
  if (COMMAND_OPTIONS.has(name)) commandOptions(name, view, r);
  return { name, dynamic, kind: r.kind, inner: r.inner, payloads: r.payloads };
}

/** `tar --to-command=CMD`, `rsync -e CMD`, `git -c core.pager=CMD`, `ssh -o ProxyCommand=CMD`. */
function commandOptions(name: string, view: CommandView, r: Result): void {
  const words = view.words;
  const found = (code: string | null | undefined): void => {
    r.kind = "opaque";
    if (code !== null && code !== undefined && code !== "") r.payloads.push(code.replace(/^!/, ""));
  };
  const keyed = (pattern: RegExp, value: string | null | undefined): void => {
    if (value === null || value === undefined) return;
    const eq = value.indexOf("=");
    if (eq > 0 && pattern.test(value.slice(0, eq))) found(value.slice(eq + 1));
  };
  for (let i = 1; i < words.length; i++) {
    const v = (words[i] as Word).value;
    if (v === null) continue;
    if (v === "--") break;
    if (name === "git") {
      if (v === "-c") keyed(GIT_COMMAND_KEYS, words[i + 1]?.loose);
      else if (v.startsWith("--config-env=")) r.kind = "opaque";
      else if (!v.startsWith("-")) break; // the subcommand: options after it are its own
      continue;
    }
    if (name === "ssh") {
      if (v === "-o") keyed(SSH_COMMAND_KEYS, words[i + 1]?.loose);
      else if (v.startsWith("-o")) keyed(SSH_COMMAND_KEYS, v.slice(2));
      continue;
    }
    if (EDITORS.has(name)) {
      // `+cmd`, `-c cmd` and `--cmd cmd` run editor commands; `:!cmd` runs a shell.
      const code = /^\+./.test(v) ? v.slice(1) : v === "-c" || v === "--cmd" ? words[i + 1]?.loose : undefined;
      if (code !== undefined) {
        r.kind = "opaque";
        const bang = code.indexOf("!");
        if (bang >= 0) r.payloads.push(code.slice(bang + 1));
      }
      continue;
    }
    for (const o of COMMAND_OPTIONS.get(name) ?? []) {
      if (o.long !== undefined && (v === `--${o.long}` || v.startsWith(`--${o.long}=`))) {
        found(v.includes("=") ? v.slice(v.indexOf("=") + 1) : words[i + 1]?.loose);
      } else if (o.short !== undefined && v.startsWith(`-${o.short}`) && !v.startsWith("--")) {
        found(v.length > o.short.length + 1 ? v.slice(o.short.length + 1) : words[i + 1]?.loose);
      }
    }
  }
}

const EDITORS: ReadonlySet<string> = new Set(["vim", "nvim", "vi", "ex"]);

function special(which: Special, view: CommandView, r: Result, g: OptionGrammar): void {
  const words = view.words;
  const src = view.src;
  const push = (inner: InnerCommand | null): void => {
    if (inner !== null) r.inner.push(inner);
  };
  switch (which) {
    case "sudo": {
      const p = parseOptions(words, 1, g);
      if (has(p, "e", "edit")) return; // sudoedit: edits files, runs no command
      push(innerOf(words, p.next, words.length, src));
      return;
    }
    case "env": {
      const p = parseOptions(words, 1, g);
      const split = valueOf(p, "S", "split-string");
      if (split !== null) {
        r.kind = "opaque";
        r.payloads.push([split, joinLoose(words, p.next)].filter((s) => s !== "").join(" "));
        return;
      }
      push(innerOf(words, p.next, words.length, src));
      return;
    }
    case "find": {
      for (let i = 1; i < words.length; i++) {
        const v = (words[i] as Word).value;
        if (v === null || !REFERENCE_FIND_EXEC.has(v)) continue;
        let j = i + 1;
        while (j < words.length) {
          const t = (words[j] as Word).value;
          if (t === ";" || (t === "+" && words[j - 1]?.value === "{}")) break;
          j++;
        }
        push(innerOf(words, i + 1, j, src));
        i = j;
      }
      if (r.inner.length === 0) r.kind = null;
      return;
    }
    case "fd": {
      let i = 1;
      let found = false;
      for (; i < words.length && !found; i++) {
        const v = (words[i] as Word).value;
        if (v === null) continue;
        if (v === "--") break;
        let head: string | undefined;
        let from = -1;
        if (v === "-x" || v === "--exec" || v === "-X" || v === "--exec-batch") {
          from = i + 1;
        } else if (v.startsWith("--exec=") || v.startsWith("--exec-batch=")) {
          head = v.slice(v.indexOf("=") + 1);
          from = i + 1;
        } else if (/^-[^-]/.test(v)) {
          for (let j = 1; j < v.length; j++) {
            const c = v[j] as string;
            if (c === "x" || c === "X") {
              head = v.slice(j + 1);
              from = i + 1;
              break;
            }
            if (g.shortArg?.includes(c) === true) {
              if (j === v.length - 1) i++; // value is the next word
              break;
            }
          }
        }
        if (from < 0) continue;
        let j = from;
        while (j < words.length && words[j]?.value !== ";") j++;
        push(innerOf(words, from, j, src, head));
        found = true;
      }
      if (!found) r.kind = null;
      return;
    }
    case "flock": {
      const p = parseOptions(words, 1, g);
      const after = p.next + 1; // the lock file or descriptor comes first
      const next = words[after];
      if (next === undefined) return;
      if (next.value === "-c" || next.value === "--command") {
        r.kind = "opaque";
        const code = words[after + 1];
        if (code !== undefined) r.payloads.push(code.loose);
        return;
      }
      push(innerOf(words, after, words.length, src));
      return;
    }
    case "watch": {
      const p = parseOptions(words, 1, g);
      push(innerOf(words, p.next, words.length, src));
      if (!has(p, "x", "exec") && p.next < words.length) r.payloads.push(joinLoose(words, p.next));
      return;
    }
    case "parallel": {
      const p = parseOptions(words, 1, g);
      let end = p.next;
      while (end < words.length && !/^:::[:+]*$/.test(words[end]?.value ?? "")) end++;
      push(innerOf(words, p.next, end, src));
      if (end > p.next) r.payloads.push(joinLoose(words, p.next, end));
      return;
    }
    case "rush": {
      const p = parseOptions(words, 1, g);
      push(innerOf(words, p.next, words.length, src));
      if (p.next < words.length) r.payloads.push(joinLoose(words, p.next));
      return;
    }
    case "coproc": {
      // `coproc NAME { …; }`: tree-sitter splits the group into words.
      const second = words[2]?.value;
      const from = second === "{" || second === "(" ? 3 : 1;
      push(innerOf(words, from, words.length, src));
      return;
    }
    case "su":
    case "runuser": {
      // su permutes its arguments: `su - root -c CMD` is common.
      for (let i = 1; i < words.length; i++) {
        const v = (words[i] as Word).value;
        if (v === null) continue;
        if (v === "-c" || v === "--command" || v === "--session-command") {
          const code = words[i + 1];
          if (code !== undefined) r.payloads.push(code.loose);
          r.kind = "opaque";
          i++;
        } else if (/^--(session-)?command=/.test(v)) {
          r.payloads.push(v.slice(v.indexOf("=") + 1));
          r.kind = "opaque";
        } else if (/^-c./.test(v)) {
          r.payloads.push(v.slice(2));
          r.kind = "opaque";
        }
      }
      if (which === "runuser" && r.payloads.length === 0) {
        const p = parseOptions(words, 1, g);
        if (has(p, "u", "user")) push(innerOf(words, p.next, words.length, src));
        else r.kind = "opaque"; // `runuser USER`: a login shell
      }
      if (which === "su") r.kind = "opaque";
      return;
    }
    case "sg": {
      // sg GROUP [-c] COMMAND: the command goes through /bin/sh -c.
      let i = 2;
      if (words[i]?.value === "-c") i++;
      if (i < words.length) r.payloads.push(joinLoose(words, i));
      return;
    }
    case "ssh": {
      const p = parseOptions(words, 1, g);
      // first operand is the destination; the rest is a remote command line
      if (p.next + 1 < words.length) r.payloads.push(joinLoose(words, p.next + 1));
      return;
    }
    case "script": {
      const p = parseOptions(words, 1, g);
      const code = valueOf(p, "c", "command");
      if (code !== null) r.payloads.push(code);
      return;
    }
    case "npx": {
      const p = parseOptions(words, 1, { shortArg: "cp", longArg: ["call", "package"] });
      const code = valueOf(p, "c", "call");
      if (code !== null) {
        r.kind = "opaque";
        r.payloads.push(code);
      }
      return;
    }
    case "busybox": {
      const applet = words[1]?.value;
      if (applet !== undefined && applet !== null && !applet.startsWith("-")) push(innerOf(words, 1, words.length, src));
      return;
    }
    case "eval": {
      if (words.length > 1) r.payloads.push(joinLoose(words, 1));
      return;
    }
    case "source":
      return;
    case "trap": {
      let i = 1;
      if (words[i]?.value === "--") i++;
      const action = words[i];
      if (action === undefined || words.length <= i + 1) return;
      const v = action.value;
      if (v === "-" || v === "" || (v !== null && /^-[lpP]+$/.test(v))) return;
      r.kind = "opaque";
      r.payloads.push(action.loose);
      return;
    }
    case "alias": {
      for (let i = 1; i < words.length; i++) {
        const w = words[i] as Word;
        const eq = w.loose.indexOf("=");
        if (eq > 0 && !w.loose.startsWith("-")) {
          r.kind = "opaque";
          r.payloads.push(w.loose.slice(eq + 1));
        }
      }
      return;
    }
  }
}

/** bash/sh/zsh/…: `-c STRING`, `-s`, or no script operand (reads stdin). */
function shell(view: CommandView, r: Result): void {
  const words = view.words;
  let inline = false;
  let fromStdin = false;
  let info = false;
  let i = 1;
  while (i < words.length) {
    const v = (words[i] as Word).value;
    if (v === null) break;
    if (v === "--" || v === "-") {
      i++;
      break;
    }
    if (v.startsWith("--")) {
      const name = v.slice(2).split("=")[0] as string;
      if (name === "version" || name === "help") info = true;
      if (name === "command") inline = true;
      i += SHELL_GRAMMAR.longArg?.includes(name) === true && !v.includes("=") ? 2 : 1;
      if (inline) break;
      continue;
    }
    if ((v.startsWith("-") || v.startsWith("+")) && v.length > 1) {
      let skip = 1;
      for (let j = 1; j < v.length; j++) {
        const c = v[j] as string;
        if (c === "c") inline = true;
        else if (c === "s" || c === "i") fromStdin = true;
        else if (SHELL_GRAMMAR.shortArg?.includes(c) === true && j === v.length - 1) skip = 2;
      }
      i += skip;
      continue;
    }
    break;
  }
  const operand = words[i];
  if (inline) {
    r.kind = "opaque";
    if (operand !== undefined) r.payloads.push(operand.loose);
    return;
  }
  const stdinOperand = operand !== undefined && (operand.value === "/dev/stdin" || operand.value === "/proc/self/fd/0");
  // `bash <(curl …)`, `sh "$SCRIPT"`: the script is not a file permc can name.
  const dynamicScript = operand !== undefined && operand.value === null;
  if (fromStdin || stdinOperand || dynamicScript || (operand === undefined && !info)) {
    r.kind = "opaque";
    if (view.stdinText !== null) r.payloads.push(view.stdinText);
  }
}

/** python/node/perl/…: inline code, or a program read from stdin. */
function interpreter(view: CommandView, r: Result, spec: InterpreterSpec, name: string): void {
  const words = view.words;
  if (name === "pwsh" || name === "powershell") {
    if (words.some((w, i) => i > 0 && /^-(c|command|e|ec|encodedcommand)(:|$)/i.test(w.value ?? ""))) r.kind = "opaque";
    else if (words.length === 1 && view.stdin) r.kind = "opaque";
    return;
  }
  const sub = words[1]?.value;
  if (sub !== undefined && sub !== null && spec.inlineSubcommands?.includes(sub) === true) {
    r.kind = "opaque";
    return;
  }
  let i = 1;
  let inline = false;
  let module = false;
  let stdinOperand = false;
  while (i < words.length && !inline && !module) {
    const v = (words[i] as Word).value;
    if (v === null) break;
    if (v === "--") {
      i++;
      break;
    }
    if (v === "-") {
      stdinOperand = true;
      break;
    }
    if (v.startsWith("--")) {
      const nm = v.slice(2).split("=")[0] as string;
      if (spec.inlineLong?.includes(nm) === true) inline = true;
      i += spec.longArg?.includes(nm) === true && !v.includes("=") ? 2 : 1;
      continue;
    }
    if (v.startsWith("-") && v.length > 1) {
      let skip = 1;
      for (let j = 1; j < v.length; j++) {
        const c = v[j] as string;
        if (spec.inlineShort.includes(c)) {
          inline = true;
          break;
        }
        if (spec.moduleShort?.includes(c) === true) {
          module = true;
          break;
        }
        if (spec.shortArg?.includes(c) === true) {
          if (j === v.length - 1) skip = 2;
          break;
        }
        if (spec.clusterValue?.includes(c) === true) break;
      }
      i += skip;
      continue;
    }
    break;
  }
  const dynamicScript = !inline && !module && i < words.length && words[i]?.value === null;
  if (inline || stdinOperand || dynamicScript || (!module && i >= words.length && view.stdin)) r.kind = "opaque";
}

const AWK_RUNS = /\bsystem\s*\(|\|\s*getline|\|&|\b(?:print|printf)\b[^;{}\n]*\|/;

function awk(view: CommandView, r: Result): void {
  const words = view.words;
  const p = parseOptions(words, 1, AWK_GRAMMAR);
  const programs: string[] = [];
  for (const o of p.options) if ((o.name === "e" || o.name === "source") && o.value !== null) programs.push(o.value);
  const fromFile = has(p, "f", "file", "E", "exec");
  if (!fromFile && programs.length === 0) {
    const prog = words[p.next];
    if (prog !== undefined) programs.push(prog.loose);
  }
  if (programs.some((s) => AWK_RUNS.test(s))) r.kind = "opaque";
}

// GNU sed's `e` command and the `e` flag of `s` run shell commands.
const SED_E_COMMAND = /(?:^|[;\n{}!$0-9\/])\s*e(?:\s|;|}|$)/;
const SED_E_FLAG = /(?:^|[;\n{}!$0-9\/]|\s)s([^\\\n])(?:\\.|(?!\1)[^\\])*\1(?:\\.|(?!\1)[^\\])*\1[gpiImM0-9w]*e/;

function sed(view: CommandView, r: Result): void {
  const words = view.words;
  const p = parseOptions(words, 1, SED_GRAMMAR);
  const scripts: string[] = [];
  for (const o of p.options) if ((o.name === "e" || o.name === "expression") && o.value !== null) scripts.push(o.value);
  if (!has(p, "e", "expression", "f", "file") && words[p.next] !== undefined) scripts.push((words[p.next] as Word).loose);
  if (scripts.some((s) => SED_E_COMMAND.test(s) || SED_E_FLAG.test(s))) r.kind = "opaque";
}

/** An assignment `NAME=value` that changes what later commands run. */
export function hijackPayload(name: string, value: string): string | null {
  return COMMAND_VARIABLES.has(name) ? value : null;
}
