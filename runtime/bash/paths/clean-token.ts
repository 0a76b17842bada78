/** How a collected token names a path: the reference's cleaning, or the word as bash passes it. */
import { resolve } from "node:path";
import type { RawPathToken } from "./types.js";

/** A token as it names a path: an exact word as bash passes it, any other cleaned as the reference cleans it. */
export function cleanToken(t: RawPathToken, home: string): string {
  return t.exact === true ? t.token : clean(t.token, home, t.isFile === true);
}

/** The reference's cleaning of a token; a redirect target (`file`) keeps a leading `@`: bash opens `@k` itself. */
export function clean(token: string, home: string, file = false): string {
  let s = token.trim();
  if (s.startsWith("'") || s.startsWith('"')) s = s.slice(1);
  if (s.endsWith("'") || s.endsWith('"')) s = s.slice(0, -1);
  if (s.startsWith("@") && !file) s = s.slice(1);
  if (s === "~") return home;
  // `~//.ssh/k` is under the home too: the rest is not an absolute path of its own (`resolve(home, "/.ssh/k")` would be).
  if (s.startsWith("~/")) return resolve(home, s.slice(2).replace(/^\/+/, ""));
  return s;
}
