/** The words a command names itself: a place it makes links under excuses them (MadeRoot.own). */
import type { CommandView } from "../programs/findings.js";

/** A command's word values (and `--option=VALUE` values), which name what it reads and writes, not what it makes. */
export function ownWords(view: CommandView): string[] {
  const out: string[] = [];
  for (const w of view.words) {
    if (w.value === null) continue;
    out.push(w.value);
    const eq = w.value.startsWith("-") ? w.value.indexOf("=") : -1;
    if (eq > 0) out.push(w.value.slice(eq + 1));
  }
  return out;
}
