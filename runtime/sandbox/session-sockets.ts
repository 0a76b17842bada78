import path from "node:path";
import { isDirectory, isThere, listDir } from "./fs-probes.js";
import { SESSION_SOCKET_DIRS, SESSION_SOCKET_VARIABLES } from "./writable-defaults.js";
import { canonical } from "./profile-context.js";

/**
 * Terminal sessions' sockets there now (writable-defaults.ts SESSION_SOCKET_DIRS, SESSION_SOCKET_VARIABLES): a
 * directory of them hidden wholesale, a socket a variable names covered (a `connect` to it is refused).
 */
export function sessionSockets(env: NodeJS.ProcessEnv): Array<{ kind: "hide-dir" | "hide-file"; at: string }> {
  const dirs = new Set<string>();
  const sockets = new Set<string>();
  for (const { in: where, names } of SESSION_SOCKET_DIRS) {
    const dir = where.startsWith("$") ? env[where.slice(1)] : where;
    if (dir === undefined || !path.isAbsolute(dir)) continue;
    for (const name of listDir(dir)) {
      const p = canonical(path.join(dir, name));
      if (names.test(name) && isDirectory(p)) dirs.add(p);
    }
  }
  for (const { name, names } of SESSION_SOCKET_VARIABLES) {
    const value = env[name]?.split(",")[0];
    if (value === undefined || !path.isAbsolute(value) || !isThere(value)) continue;
    const p = canonical(value);
    if (names === "directory" && isDirectory(p)) dirs.add(p);
    else if (names === "socket" && !isDirectory(p)) sockets.add(p);
  }
  return [...[...dirs].map((at) => ({ kind: "hide-dir" as const, at })), ...[...sockets].map((at) => ({ kind: "hide-file" as const, at }))];
}
