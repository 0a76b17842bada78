/**
 * `NAME=value` handed to what a program runs: in front of the command
 * (env, sudo, time, coproc), read as the program's environment.
 */
import { CODE_LOADING_COMPILER_FLAGS, COMMAND_VARIABLES, COMPILER_FLAG_VARIABLES, fileNamedByVariable, isHijackVariable } from "./knowledge/variables.js";
import type { Findings } from "./findings.js";
import { syntheticWord, type Word } from "../words/words.js";

/** `CFLAGS=-fplugin=x.so`: a variable build tools pass to the compiler, holding an option that loads or runs code. */
export function compilerFlagsLoadCode(name: string, value: string): boolean {
  return COMPILER_FLAG_VARIABLES.has(name) && CODE_LOADING_COMPILER_FLAGS.test(value);
}

/** `NAME=value` in front of the command (env, sudo, time, coproc): a hijacking name floors, a command value is judged. */
export function assignment(f: Findings, word: Word): void {
  const text = word.value ?? word.loose;
  const eq = text.indexOf("=");
  const name = text.slice(0, eq);
  if (compilerFlagsLoadCode(name, text.slice(eq + 1))) f.floor("opaque", `${name} passes the compiler an option that loads or runs code`);
  // `env TZ=:/etc/hostname date`: the file the value names is read by what runs.
  const file = word.value === null ? null : fileNamedByVariable(name, text.slice(eq + 1));
  if (file !== null) f.paths.push({ word: syntheticWord(file), role: "read" });
  if (!isHijackVariable(name)) return;
  f.floor("opaque", `${name} changes what the command runs`);
  if (COMMAND_VARIABLES.has(name)) f.payloads.push(text.slice(eq + 1));
}
