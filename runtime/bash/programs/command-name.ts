/**
 * The program a command word names, as permc judges it.
 *
 * bash runs `/usr/bin/rm`, `../../usr/bin/rm`, `~root/../usr/bin/rm` and
 * `\rm` alike: all are `rm`. A word permc cannot evaluate (`$CMD`), a glob
 * (`r?`) or a name with control characters is not a plain name, and the
 * command is floored.
 */
import type { Word } from "../words/words.js";

/** How a case-insensitive file system folds a program name (SplitOptions.commandNameFold). */
export type CommandNameFold = "case" | "windows";

export type DynamicReason = "dynamic-name" | "expanded-name" | "unusual-name";

export interface CommandName {
  /** Base name of the program, or null when it cannot be known. */
  readonly name: string | null;
  readonly dynamic: DynamicReason | null;
}

/**
 * Control characters, blanks and bash-reading stand-ins never occur in a real
 * program name. NUL is not among them: bash drops it before it reads a word.
 */
const UNUSUAL = /[\u0001-\u0020\u007f\u00a0\u2000-\u200b\u2028\u2029\u3000\ufeff\uE000-\uE0FF]/;

/** Paths that name the running shell itself. */
const SELF = /^\/proc\/(?:self|\d+|thread-self)\/exe$/;

export function commandName(word: Word): CommandName {
  if (word.value === null) return { name: null, dynamic: "dynamic-name" };
  if (word.pattern) return { name: null, dynamic: "expanded-name" };
  const value = word.value;
  if (value === "" || UNUSUAL.test(value)) return { name: null, dynamic: "unusual-name" };
  if (SELF.test(value)) return { name: "bash", dynamic: null };
  if (!value.includes("/")) return { name: value, dynamic: null };
  const trimmed = value.replace(/\/+$/, "");
  const base = trimmed.slice(trimmed.lastIndexOf("/") + 1);
  // `.`, `..` or a bare `/` name a directory: bash cannot run it, but say nothing is known.
  if (base === "" || base === "." || base === "..") return { name: null, dynamic: "unusual-name" };
  return { name: base, dynamic: null };
}
