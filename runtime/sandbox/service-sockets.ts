/**
 * The host's services a command could ask to act outside the sandbox: every
 * Unix socket bound in the host's network namespace when the command starts
 * (`/proc/net/unix`, the kernel's own list: no walk, so no socket hides from
 * it in a busy directory), covered by a mount so that a `connect` is
 * refused, except the ones REACHABLE_SOCKETS and REACHABLE_SOCKET_VARIABLES
 * name and the ones a `path_write` allow rule names (connecting is writing to
 * the socket). Abstract sockets have no file to cover: a note names them.
 */
import { lstatSync, readFileSync } from "node:fs";
import path from "node:path";
import { expandHome } from "../expand-home.js";
import { isCatchAll } from "./decide-path.js";
import { type Context, canonical } from "./profile-context.js";
import { REACHABLE_SOCKET_VARIABLES, REACHABLE_SOCKETS } from "./writable-defaults.js";

export const UNIX_SOCKET_TABLE = "/proc/net/unix";

/** Abstract socket names listed in a note, at most. */
const MAX_NAMED_ABSTRACT = 8;

export interface BoundSockets {
  /** Absolute paths as bound (a name the binder gave relative to its own directory is left out: no one else finds it). */
  readonly paths: readonly string[];
  /** Abstract names, without their `@`. */
  readonly abstract: readonly string[];
}

/**
 * The bound sockets `/proc/net/unix` lists. Its columns: Num RefCount Protocol Flags Type St Inode, then the name
 * (absent for an unbound socket; `@` first for an abstract one). A name may hold spaces: it is the rest of the line.
 */
export function parseUnixSocketTable(text: string): BoundSockets {
  const paths = new Set<string>();
  const abstract = new Set<string>();
  for (const line of text.split("\n").slice(1)) {
    const name = /^\s*\S+:(?:\s+\S+){6} (.+)$/.exec(line)?.[1];
    if (name === undefined) continue;
    if (name.startsWith("@")) abstract.add(name.slice(1));
    else if (path.isAbsolute(name)) paths.add(name);
  }
  return { paths: [...paths], abstract: [...abstract] };
}

/**
 * The sockets to cover (canonical paths of sockets there now) and the notes about the rest. Throws when the kernel's
 * list cannot be read: a run that cannot see the host's services must not start.
 */
export function serviceSockets(ctx: Context, env: NodeJS.ProcessEnv, table: string = UNIX_SOCKET_TABLE): { covered: string[]; notes: string[] } {
  let text: string;
  try {
    text = readFileSync(table, "utf8");
  } catch (e) {
    throw new Error(`cannot list the host's sockets (${table}: ${e instanceof Error ? e.message : String(e)}): a command could reach a service outside`);
  }
  const bound = parseUnixSocketTable(text);
  const kept = new Map<string, string>();
  for (const name of REACHABLE_SOCKET_VARIABLES) {
    const value = env[name];
    if (value !== undefined && path.isAbsolute(value)) kept.set(canonical(value), `$${name}`);
  }
  const covered = new Set<string>();
  for (const p of bound.paths) {
    // Only a socket this process reaches: past a directory it cannot enter, the command cannot either, and
    // bubblewrap could not mount there.
    if (!isSocket(p)) continue;
    const c = canonical(p);
    const why =
      kept.get(c) ?? REACHABLE_SOCKETS.find((r) => r.at.test(c) || r.at.test(p))?.why ?? (namedByWriteRule(ctx, c) ? "a path_write allow rule" : null);
    if (why === null) covered.add(c);
    else kept.set(c, why);
  }
  const notes = [...kept].filter(([c]) => bound.paths.some((p) => canonical(p) === c)).map(([c, why]) => `the socket ${c} stays reachable (${why})`);
  if (bound.abstract.length > 0) {
    const named = bound.abstract.slice(0, MAX_NAMED_ABSTRACT).map((n) => `@${n}`);
    const more = bound.abstract.length > named.length ? ` and ${bound.abstract.length - named.length} more` : "";
    notes.push(`abstract sockets have no file to cover and stay reachable (the network is shared): ${named.join(", ")}${more}`);
  }
  return { covered: [...covered].sort(), notes };
}

function isSocket(p: string): boolean {
  try {
    return lstatSync(p).isSocket();
  } catch {
    return false;
  }
}

/** A `path_write` allow rule names the socket itself (a literal path, not a directory holding it), and it decides it. */
function namedByWriteRule(ctx: Context, c: string): boolean {
  const decided = ctx.policy.check("path_write", c);
  if (decided.action !== "allow") return false;
  return ctx.policy.rules.some(
    (r) =>
      r.surface === "path_write" &&
      r.action === "allow" &&
      r.layer !== "default" &&
      !isCatchAll(r.pattern) &&
      !/[*?]/.test(r.pattern) &&
      canonical(expandHome(r.pattern, ctx.home, "posix")) === c,
  );
}
