import path from "node:path";

/**
 * The directories a PATH names, absolute. A relative entry (`node_modules/.bin`, `.`, and an empty one, which is
 * `.`) is searched from the working directory of whatever searches it: the agent and its hook, which run where the
 * command runs. So it is that directory under the command's working directory (a `node` a command planted in
 * `./node_modules/.bin` ran outside when the hook's bare `node` was found there). An unset or empty PATH names none
 * (the shell's default search path then holds only system directories).
 */
export function pathDirectories(pathEnv: string, cwd: string): string[] {
  if (pathEnv === "") return [];
  return [...new Set(pathEnv.split(path.delimiter).map((d) => path.resolve(cwd, d === "" ? "." : d)))];
}
