/** Analysers for programs whose arguments are a small language of their own. */
import type { Word } from "../../words/words.js";
import type { Findings } from "../findings.js";
import type { ParsedArguments } from "../parse-options.js";
import type { ProgramRecord } from "../program-record.js";
import { awk } from "./awk.js";
import { fd, find } from "./find.js";
import { gitAlias } from "./git-alias.js";
import { sed } from "./sed.js";
import { tree } from "./tree.js";
import { alias, coproc, set, shopt, trap } from "./shell-builtins.js";
import { editorBang, flock, parallel } from "./command-lines.js";
import { xargs } from "./xargs.js";

export type Analyser = (f: Findings, words: readonly Word[], from: number, args: ParsedArguments) => void;

export const ANALYSERS: Readonly<Record<NonNullable<ProgramRecord["analyser"]>, Analyser>> = {
  find,
  fd,
  tree,
  awk,
  sed,
  xargs,
  "git-alias": gitAlias,
  trap,
  alias,
  shopt,
  set,
  parallel,
  coproc,
  "editor-bang": editorBang,
  flock,
};
