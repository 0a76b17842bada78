/** Files a command reads that no operand names as a path: `file:` URLs, and names read from its input or a list. */
import type { Analysis, CommandView } from "../programs/findings.js";
import { fileUrl, unknownFileUrl } from "../programs/file-url.js";
import type { PathBase } from "../paths/types.js";
import { wordPattern } from "../words/word-pattern.js";
import type { Word } from "../words/words.js";
import type { Env } from "./state.js";
import { shellDirectory } from "./shell-directory.js";

export function noteInputReads(env: Env, a: Analysis, view: CommandView, base: PathBase): void {
  // `ls ~/.ssh | xargs cat`, `tar -cf x.tar -T list`: the names it reads from its input or a file may name any file.
  let fromInput = a.namesUnknown;
  // A program that never opens its operands (`xargs echo`, `xargs kill`) reads no file by them.
  const opensOperands = a.operandsMayBePaths;
  for (let k = 1; k < view.words.length && !fromInput && opensOperands; k++) fromInput = view.words[k]?.fromInput === true;
  // `lynx -dump file:///etc/passwd`, `pip download file:///x`: any program may open a `file:` URL it is given.
  for (let k = 1; k < view.words.length && opensOperands; k++) {
    const w = view.words[k] as Word;
    // An option's value too (`clang-format --style=file:/home/u/.ssh/id_rsa` printed the key's first line in its error).
    const file = w.value !== null ? (fileUrl(w.value) ?? fileUrl(optionValue(w.value))) : null;
    if (file === "any")
      env.patterns.push({ token: `${w.raw} (a file: URL that may name any file)`, alternatives: [[{ kind: "any" }]], base, kind: "unknown", role: "read" });
    else if (file !== null) env.tokens.push({ token: file.path, base, derived: true, role: "read" });
    else if (w.value === null) {
      const unknown = unknownFileUrl(w.raw);
      if (unknown !== null && unknown !== "any")
        env.patterns.push({
          token: w.raw,
          alternatives: wordPattern(unknown.pathRaw, { home: env.pathHome, pwd: shellDirectory(env, base) }),
          base,
          kind: "unknown",
          role: "read",
        });
    }
  }
  if (fromInput)
    env.patterns.push({ token: `${a.name ?? "the command"}: names read from its input or a list`, alternatives: [[{ kind: "any" }]], base, kind: "unknown" });
}

/** What follows an option's or a key's first `=` (`--style=file:x` → `file:x`), or "" for a word without one. */
function optionValue(value: string): string {
  const eq = value.indexOf("=");
  return eq > 0 ? value.slice(eq + 1) : "";
}
