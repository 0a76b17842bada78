/**
 * The units for one simple command: the command itself (a reference unit,
 * or derived), the same command spelled plainly, a floored twin when permc
 * floors it otherwise than the reference, then the commands it runs
 * (unwrapped wrappers, shell payloads) and the paths its program knowledge
 * names. Wrappers unwrap iteratively, at most `MAX_UNWRAP_STEPS` commands
 * per simple command; past that the command is unparseable.
 */
import { resolve as resolvePath } from "node:path";
import type { Segment } from "../../explore.js";
import { analyseCommand } from "../programs/analyse-program.js";
import { wordsText, type CommandView, type InnerCommand } from "../programs/findings.js";
import type { PathBase } from "../paths/types.js";
import type { WrapperKind } from "../programs/reference-kind.js";
import { ASSIGNMENT_WORD } from "../programs/parse-options.js";
import { bracesMayMakeOption, wordPattern } from "../words/word-pattern.js";
import type { Word } from "../words/words.js";
import { makesLinks, noteLinksMade } from "../paths/links-made.js";
import { notePaths } from "./command-paths.js";
import { floorOf, referenceFloor } from "./floors.js";
import { globMayExpandToOption, runsFirst } from "./glob-options.js";
import { takesKeyValueWords } from "../programs/key-value-words.js";
import { MAX_UNWRAP_STEPS } from "./limits.js";
import { push, unparseableUnit, type Env } from "./state.js";
import { notePathShadow } from "./path-shadow.js";
import { noteTwoSteps } from "./two-steps.js";
import type { BashUnit, Derivation, Floor } from "./types.js";

/**
 * Reserved words that tree-sitter sometimes parses as a command name
 * (`then rm x`, `time { rm x; }`, `coproc w { … }`): bash runs what follows.
 */
const MISPARSED_KEYWORDS: ReadonlySet<string> = new Set(["{", "!", "then", "do", "else", "elif", "if", "while", "until"]);

interface PendingView {
  view: CommandView;
  text: string;
  isRef: boolean;
  refKind: WrapperKind | null;
  derivation: Derivation | undefined;
  /** The same command respelled without the options before its subcommand (`git -C x log` as `git log`): its paths are the outer command's, noted already. */
  respelling?: true;
  /** A command a wrapper runs (`env ln -s …`): no syntax node of its own, so the path collection never met it. */
  wrapped?: true;
}

/** The unit for one simple command, then normalised, floored, unwrapped and payload units. */
export function analyseView(
  env: Env,
  view0: CommandView,
  text0: string,
  ctx: string | undefined,
  isRef0: boolean,
  refKind0: WrapperKind | null,
  derivation0: Derivation | undefined,
  depth: number,
  base: PathBase,
): void {
  const todo: PendingView[] = [{ view: view0, text: text0, isRef: isRef0, refKind: refKind0, derivation: derivation0 }];
  let steps = 0;
  while (todo.length > 0) {
    if (++steps > MAX_UNWRAP_STEPS) {
      push(env, unparseableUnit(text0, ctx));
      return;
    }
    const { view, text, isRef, refKind, derivation, respelling, wrapped } = todo.shift() as PendingView;
    const a = analyseCommand(view, env.commandNameFold);
    // The links a wrapped command makes (`env ln -s ~/.ssh k; cat k/id_rsa`), as the path collection notes a command's.
    if (wrapped === true && respelling !== true && a.name !== null && makesLinks(a.name)) noteLinksMade(a.name, view.words.slice(1), base, env);
    const words = view.words;
    // The reference's floor for the same text stays unless permc judges the wrapped command exactly.
    const referenceKind = refKind ?? (isRef ? null : a.referenceKind);
    const refFloor: Floor | undefined = referenceKind !== null && !a.exact ? referenceFloor(referenceKind) : undefined;
    const ownFloor = floorOf(a);
    const unit: BashUnit = { text };
    if (ctx !== undefined) unit.context = ctx;
    if (isRef) {
      if (refKind !== null) unit.wrapperKind = refKind;
      // The reference's floor, with permc's reason when permc has one.
      if (refFloor !== undefined) unit.floor = ownFloor !== undefined ? { kind: refFloor.kind, reason: ownFloor.reason } : refFloor;
    } else {
      const floor = ownFloor ?? refFloor;
      if (floor !== undefined) unit.floor = floor;
      unit.derived = true;
      if (derivation !== undefined) unit.derivation = derivation;
    }
    if (a.name !== null) {
      unit.resolvedName = a.name;
      if (a.pureReader) unit.pureReader = true;
      if (a.mayRun === "too many")
        unit.floor ??= { kind: "indirection", reason: `${a.name} is a program permc does not know, and its arguments spell more commands than permc checks` };
      else if (a.mayRun === "code")
        unit.floor ??= {
          kind: "indirection",
          reason: `${a.name} is a program permc does not know, and its arguments spell \`sh -c …\`: a shell or an interpreter given code permc does not follow`,
        };
      else if (a.mayRun !== null) unit.mayRun = [...a.mayRun];
    }
    if (a.exact) unit.exactWrapper = true;
    const braced = braceMadeOption(words);
    if (braced !== null)
      unit.floor ??= {
        kind: "opaque",
        reason: `bash expands ${braced} into words that may be options or KEY=VALUE operands, which permc reads as one word`,
      };
    const also = otherSpellings(env, view, text, base);
    if (also.length > 0) unit.alsoSpelled = also;
    const unitIndex = env.units.length;
    push(env, unit);
    // Most commands hold no glob: the program's record is asked only for one that does.
    if (steps === 1 && words.some((w) => w.pattern)) {
      const keyValue = a.name !== null && takesKeyValueWords(a.name);
      const globbed = globMayExpandToOption(words, keyValue);
      const place = globbed === null ? null : env.directories.placeOf(base);
      if (globbed !== null)
        env.globOptions.push({
          text,
          context: ctx,
          word: globbed,
          dir: place?.known === true ? place.dir : null,
          runsFirst: isRef0 && depth === 0 && runsFirst(view),
          keyValue,
        });
    }

    // A reference unit that permc floors otherwise than the reference does: add a floored twin that says why.
    if (isRef && ownFloor !== undefined && ownFloor.kind !== unit.floor?.kind) {
      push(env, {
        text,
        context: ctx,
        floor: ownFloor,
        derived: true,
        derivation: a.dynamic ?? "wrapper-floor",
        ...(a.name !== null ? { resolvedName: a.name } : {}),
      });
    }

    // The same command spelled plainly: `\rm -rf x`, `'rm' -rf x`, `/bin/rm -rf x`, `git  push`.
    if (a.name !== null) {
      let plain = a.name;
      for (let k = 1; k < words.length; k++) plain += " " + argText(words[k] as Word);
      const spellings = spellingOf(a.name, words.slice(1), env.pathHome);
      if (plain !== text || spellings !== undefined) {
        const u: BashUnit = { text: plain, derived: true, derivation: "normalised", resolvedName: a.name, respells: unitIndex };
        if (spellings !== undefined) u.spellings = spellings;
        const plainAlso = otherSpellings(env, { ...view, words: [{ ...(view.words[0] as Word), raw: a.name }, ...view.words.slice(1)] }, plain, base);
        if (plainAlso.length > 0) u.alsoSpelled = plainAlso;
        if (ctx !== undefined) u.context = ctx;
        const floor = ownFloor ?? refFloor;
        if (floor !== undefined) u.floor = floor;
        push(env, u);
      }
    }

    for (const payload of a.payloads) env.reparse(env, payload, "payload", depth + 1, base, "payload");
    // A respelling is the same command: what it writes and runs is the outer command's, noted already (noted again as a
    // command of its own, the outer one's download counted as written before the respelling ran: `aws --profile p s3
    // sync s3://b .` asked).
    if (respelling !== true) {
      notePaths(env, a, view, base);
      notePathShadow(env, a, view, text, ctx, base);
      noteTwoSteps(env, a, view, text, ctx, base);
    }

    const inner: InnerCommand[] = [...a.inner];
    const keyword = a.name !== null && MISPARSED_KEYWORDS.has(a.name) && view.words.length > 1;
    // `time ! PATH=. ls`: what follows the keyword is a whole simple command, its assignments too: parsed again as one.
    if (keyword && ASSIGNMENT_WORD.test(view.words[1]?.value ?? view.words[1]?.loose ?? "")) {
      env.reparse(env, wordsText(view.words.slice(1), view.src), ctx, depth + 1, base, "reparsed");
    } else if (keyword) inner.push({ words: view.words.slice(1), text: wordsText(view.words.slice(1), view.src) });
    for (const ic of inner) {
      todo.push({
        view: { words: ic.words, src: view.src, stdin: view.stdin, stdinText: view.stdinText },
        text: ic.text,
        isRef: false,
        refKind: null,
        derivation: keyword ? "nested" : "unwrapped",
        wrapped: true,
        ...(ic.respelling === true ? { respelling: true as const } : {}),
      });
    }
  }
}

/**
 * The reference's other spellings of a command (39.0.3, 40.0.0): the command
 * word typed with a `~/`, `$HOME/` or `${HOME}/` prefix, spelled with the
 * home directory (its arguments as typed); and the command with every path
 * argument (a word with `/`, or starting with `.` or `~`) made absolute
 * against the directory it runs in. None when the command may reassign
 * HOME, after a `cd` permc could not follow, or when a word holds a value
 * permc cannot know.
 */
function otherSpellings(env: Env, view: CommandView, text: string, base: PathBase): string[] {
  const words = view.words;
  const first = words[0];
  const home = env.pathHome;
  if (first === undefined || home === null) return [];
  for (const w of words) if (w.value === null) return [];
  const out: string[] = [];
  if (first.raw.charCodeAt(0) === 0x7e /* ~ */ || first.raw.charCodeAt(0) === 0x24 /* $ */) {
    if (/^(?:~|\$HOME|\$\{HOME\})\//.test(first.raw) && text.startsWith(first.raw)) out.push((first.value as string) + text.slice(first.raw.length));
  }
  if (!base.known) return out;
  // In each directory a `cd` that may not have run leaves the shell in (paths/uncertain-directory.ts).
  for (const dir of [base, ...env.directories.of(base)]) {
    if (!dir.known) continue;
    // Built only once some argument is a path (most commands have none).
    let spelled: string | null = null;
    for (let k = 1; k < words.length; k++) {
      const w = words[k] as Word;
      const v = w.value as string;
      const path = !(w.pattern || v === "" || v.startsWith("-") || !(v.includes("/") || v.startsWith(".") || v.startsWith("~")));
      if (path && spelled === null) {
        spelled = first.raw;
        for (let j = 1; j < k; j++) spelled += " " + (words[j] as Word).raw;
      }
      if (spelled !== null) spelled += " " + (path ? resolvePath(dir.dir, v.startsWith("~/") ? home + v.slice(1) : v) : w.raw);
    }
    if (spelled === null) break;
    out.push(spelled);
  }
  return out;
}

/** An argument bash's braces make several words of, one maybe an option (words/word-pattern.ts): its text, or null. */
function braceMadeOption(words: readonly Word[]): string | null {
  for (let k = 1; k < words.length; k++) {
    const w = words[k] as Word;
    if (w.raw.includes("{") && bracesMayMakeOption(w.raw, words[k - 1]?.raw)) return w.raw;
  }
  return null;
}

/** An argument as the plain spelling shows it: its value, else as written. */
function argText(w: Word): string {
  return w.value ?? w.raw;
}

/**
 * The words as segments when some of them hold values permc cannot know or
 * that bash expands (braces, globs); undefined when all are known literals.
 * A brace word is every one of its alternatives, in order (`git {push,x}`
 * runs `git push x`); a glob is "any text" (one or more matching names, so
 * spaces too, or the glob itself when nothing matches). Two spellings: every
 * unknown present, and every unknown and glob absent (an empty value,
 * `nullglob`).
 */
function spellingOf(name: string, args: readonly Word[], home: string | null): Segment[][] | undefined {
  if (args.every((w) => w.value !== null && !w.pattern)) return undefined;
  const present: Segment[] = [{ kind: "text", text: name }];
  const absent: Segment[] = [{ kind: "text", text: name }];
  for (const w of args) {
    if (w.value === null) {
      present.push({ kind: "text", text: " " }, { kind: "any" });
    } else if (w.pattern) {
      for (const alternative of wordPattern(w.raw, { home })) {
        const segments = alternative.map((s): Segment => (s.kind === "text" ? s : { kind: "any" }));
        if (segments.length === 0) continue; // an empty alternative is no word
        present.push({ kind: "text", text: " " }, ...segments);
        if (segments.every((s) => s.kind === "text")) absent.push({ kind: "text", text: " " }, ...segments);
      }
    } else {
      present.push({ kind: "text", text: " " + w.value });
      absent.push({ kind: "text", text: " " + w.value });
    }
  }
  return [present, absent];
}
