/**
 * The host's services a command could ask to act outside the sandbox: every
 * Unix socket bound in the host's network namespace when the command starts
 * (`/proc/net/unix`, the kernel's own list: no walk, so no socket hides from
 * it in a busy directory), and every socket file met where services keep
 * them and where the profile walks anyway (the kernel lists a socket under
 * the name it was bound to: OpenSSH binds each ControlMaster socket under a
 * temporary name and links it into place; a relative name, another network
 * or mount namespace's socket list it elsewhere or not at all), covered by a
 * mount so that a `connect` is refused, except the ones REACHABLE_SOCKETS
 * and REACHABLE_SOCKET_VARIABLES name and the ones a `path_write` allow rule
 * names (connecting is writing to the socket). Abstract sockets have no file
 * to cover: a note names them.
 */
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expandHome } from "../expand-home.js";
import { isDirectory } from "./fs-probes.js";
import { type Context, canonical, writeAllowPatterns } from "./profile-context.js";
import { scanTrees } from "./scan-tree.js";
import { REACHABLE_SOCKET_VARIABLES, REACHABLE_SOCKETS } from "./writable-defaults.js";

export const UNIX_SOCKET_TABLE = "/proc/net/unix";

/** Abstract socket names listed in a note, at most. */
const MAX_NAMED_ABSTRACT = 8;
/** Where services keep their sockets, walked this deep and this far for socket files. */
const SERVICE_DIRS: readonly string[] = ["/run", "/var/run", "$XDG_RUNTIME_DIR"];
const SERVICE_DIR_DEPTH = 4;
const SERVICE_DIR_LIMIT = 5_000;

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
export function serviceSockets(
  ctx: Context,
  env: NodeJS.ProcessEnv,
  table: string = UNIX_SOCKET_TABLE,
  walked: readonly string[] = [],
): { covered: string[]; notes: string[] } {
  let text: string;
  try {
    text = readFileSync(table, "utf8");
  } catch (e) {
    throw new Error(`cannot list the host's sockets (${table}: ${e instanceof Error ? e.message : String(e)}): a command could reach a service outside`);
  }
  const bound = parseUnixSocketTable(text);
  const variables = new Map<string, string>();
  for (const name of REACHABLE_SOCKET_VARIABLES) {
    const value = env[name];
    if (value !== undefined && path.isAbsolute(value)) variables.set(canonical(value), `$${name}`);
  }
  const covered = new Set<string>();
  const reachable = new Map<string, string>();
  const notes: string[] = [];
  const roots = [
    ...new Set(
      SERVICE_DIRS.map((d) => (d.startsWith("$") ? env[d.slice(1)] : d))
        .filter((d): d is string => d !== undefined && path.isAbsolute(d) && isDirectory(d))
        .map(canonical),
    ),
  ];
  const inServiceDirs = scanTrees(roots, new Set(), SERVICE_DIR_LIMIT, new Set(), SERVICE_DIR_DEPTH);
  if (!inServiceDirs.complete)
    notes.push(`the walk for sockets in ${roots.join(", ")} stopped at its bound: sockets beyond it are covered only as the kernel lists them`);
  // A listed name that is no socket now: one linked or renamed in its directory since (OpenSSH's `ControlPath.XXXX`).
  const siblings = bound.paths.filter((p) => !isSocket(p)).flatMap((p) => socketsIn(path.dirname(p)));
  for (const p of new Set([...bound.paths, ...walked, ...inServiceDirs.sockets, ...siblings])) {
    // Only a socket this process reaches: past a directory it cannot enter, the command cannot either, and
    // bubblewrap could not mount there.
    if (!isSocket(p)) continue;
    const c = canonical(p);
    const why =
      variables.get(c) ?? REACHABLE_SOCKETS.find((r) => r.at.test(c) || r.at.test(p))?.why ?? (namedByWriteRule(ctx, c) ? "a path_write allow rule" : null);
    if (why === null) covered.add(c);
    else reachable.set(c, why);
  }
  for (const [c, why] of reachable) notes.push(`the socket ${c} stays reachable (${why})`);
  if (bound.abstract.length > 0) {
    const named = bound.abstract.slice(0, MAX_NAMED_ABSTRACT).map((n) => `@${n}`);
    const more = bound.abstract.length > named.length ? ` and ${bound.abstract.length - named.length} more` : "";
    notes.push(`abstract sockets have no file to cover and stay reachable (the network is shared): ${named.join(", ")}${more}`);
  }
  return { covered: [...covered].sort(), notes };
}

function socketsIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isSocket())
      .map((d) => path.join(dir, d.name));
  } catch {
    return [];
  }
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
  return writeAllowPatterns(ctx).some((pattern) => !/[*?]/.test(pattern) && canonical(expandHome(pattern, ctx.home, "posix")) === c);
}
