/**
 * The files named, by literal names on lines of their own, in code a
 * command feeds a compiler, an assembler or a linker itself (`cpp <<<
 * '#include "x"'`, `as <<< '.incbin "x"'`, `ld -T /dev/stdin <<< 'INCLUDE
 * x'`): knowledge/directives.ts. Not every file such code may read (the
 * command is floored for those): the ones a path rule can meet by name.
 */
import { ASSEMBLER_INCLUDE_LINE, C_INCLUDE_LINE, LINKER_SCRIPT_FILE } from "./knowledge/directives.js";

export function sourceNames(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split("\n")) {
    const m = C_INCLUDE_LINE.exec(line) ?? ASSEMBLER_INCLUDE_LINE.exec(line) ?? LINKER_SCRIPT_FILE.exec(line);
    const name = m === null ? undefined : (m[1] ?? m[2]);
    if (name !== undefined && name !== "") names.push(name);
  }
  return names;
}
