/** `@FILE` words: the response file many programs read their arguments from. */
import { resolve } from "node:path";
import { entryExists } from "./entry-exists.js";
import type { RawPathToken } from "./types.js";

/**
 * `@FILE` is a response file to many programs (gcc and binutils, ld, java,
 * javac, c++filt, …): they read FILE and take its text as arguments, or
 * print it in their errors (`c++filt @envlink.txt`). The reference rejects
 * every `@` word as a path (npm scopes: `@types/node`); permc keeps that and
 * also checks FILE as a path read by any program, so a response file that
 * names a denied file meets the rule (an npm scope names no file there:
 * nothing to decide). Closed world: no list of programs that read them.
 * A relative FILE that does not exist cannot be read, so only one whose
 * first name is there counts.
 */
export function responseFileAlias(t: RawPathToken): RawPathToken[] {
  if (t.token.length < 2 || t.token[0] !== "@" || t.token[1] === "@") return [];
  const file = t.token.slice(1);
  // A relative name is read only if it is there; its first name decides (`@sshlink/k` through a link, not `@types/node`).
  const first = file.split("/")[0]!;
  const mayName = !t.base.known || /^(?:\/|~)/.test(file) || file.includes("..") || entryExists(resolve(t.base.dir, first));
  return mayName ? [{ token: file, base: t.base, derived: true, role: "read" }] : [];
}
