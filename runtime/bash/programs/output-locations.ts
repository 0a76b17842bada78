/**
 * Where a program permc has no record for writes, as its long options name
 * it (knowledge/output-options.ts): `--outDir DIR` and `--outdir=DIR` write
 * under DIR (a prefix query on the write rules, as a record's `write-dir`
 * is), `--outfile FILE` writes FILE. A value that depends on an expansion
 * may be any directory. Everything else such a program does stays its own,
 * as before: this reads only what its command line shows.
 */
import { OUTPUT_DIRECTORY_OPTIONS, OUTPUT_FILE_OPTIONS } from "./knowledge/output-options.js";
import type { PathUse } from "./findings.js";
import { syntheticWord, type Word } from "../words/words.js";

/** The output locations `words` (a command, its name first) name, and whether one depends on an expansion. */
export function outputLocations(words: readonly Word[]): { readonly paths: readonly PathUse[]; readonly unknown: boolean } {
  let paths: PathUse[] | null = null;
  let unknown = false;
  for (let k = 1; k < words.length; k++) {
    const w = words[k] as Word;
    const text = w.value;
    if (text === null || !text.startsWith("--")) {
      if (text === "--") break;
      continue;
    }
    const eq = text.indexOf("=");
    const key = (eq >= 0 ? text.slice(2, eq) : text.slice(2)).toLowerCase().replace(/[-_]/g, "");
    const directory = OUTPUT_DIRECTORY_OPTIONS.has(key);
    if (!directory && !OUTPUT_FILE_OPTIONS.has(key)) continue;
    const valueWord = eq >= 0 ? syntheticWord(text.slice(eq + 1)) : words[k + 1];
    if (valueWord === undefined) continue;
    if (valueWord.value === null) {
      unknown = true;
      continue;
    }
    paths ??= [];
    paths.push(directory ? { word: valueWord, role: "write", under: true } : { word: valueWord, role: "write" });
  }
  return { paths: paths ?? NONE, unknown };
}

const NONE: readonly PathUse[] = Object.freeze([]);
