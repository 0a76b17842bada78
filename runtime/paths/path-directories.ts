import path from "node:path";

/**
 * The directories a PATH value names, absolute, as the shell and execvp search them. A relative entry
 * (`node_modules/.bin`, `.`, and an empty one, which is the current directory) is searched from the searcher's
 * working directory: `cwd`. The bash analysis asks where a command's own lookups go; the kernel layer which
 * directories the agent and its hook, running where the command runs, search outside the sandbox.
 */
export function pathDirectories(pathEnv: string, cwd: string): string[] {
  return pathEnv.split(":").map((d) => path.resolve(cwd, d === "" ? "." : d));
}
