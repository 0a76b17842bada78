/**
 * A shell tool call's command, rewritten so it runs under the kernel layer:
 * `<permc> run --policy M --home H --cwd D [--grant P]… [--grant-read P]… -- bash -c '<command>'`.
 * Hosts put this text where the agent's command was (Claude Code's
 * `updatedInput`, OpenCode's mutable `args`, Pi's mutable `event.input`).
 * `permc run` builds the profile when the command starts, so files made
 * since the decision are covered too, and it refuses to run the command at
 * all when the sandbox cannot start. The agent's command stays readable at
 * the end of the line, quoted once.
 */

export interface SandboxWrap {
  /** The argv that starts permc (`[process.execPath, ".../dist/bin/permc.js"]`). */
  readonly permc: readonly string[];
  /** The compiled module the host decided with. */
  readonly policy: string;
  readonly home: string;
  /** Where the command runs. */
  readonly cwd: string;
  /** Paths the person approved writing in the prompt, for this command alone (`--grant`). */
  readonly grants?: readonly string[];
  /** Paths the person approved reading in the prompt, for this command alone (`--grant-read`). */
  readonly readGrants?: readonly string[];
  /** The shell that reads the command (default bash). */
  readonly shell?: string;
}

/** The sandboxed command line as shell text. */
export function sandboxWrappedCommand(command: string, wrap: SandboxWrap): string {
  const grants = [
    ...[...new Set(wrap.grants ?? [])].flatMap((g) => ["--grant", g]),
    ...[...new Set(wrap.readGrants ?? [])].flatMap((g) => ["--grant-read", g]),
  ];
  const argv = [...wrap.permc, "run", "--policy", wrap.policy, "--home", wrap.home, "--cwd", wrap.cwd, ...grants, "--", wrap.shell ?? "bash", "-c", command];
  return argv.map(shellQuote).join(" ");
}

/** One word for a POSIX shell: as is when it holds only safe characters, else in single quotes. */
export function shellQuote(word: string): string {
  if (word !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * The paths an ask was about, for `--grant` and `--grant-read` when the
 * person approves: the absolute values of the path gates that asked (a glob
 * or an unknown word names no one path and is not granted; the kernel then
 * keeps hiding it), by what the asking rule was about: reading (its surface
 * ends in `_read`) or writing (anything else). Approving `ls ..` lets that
 * `ls` read the parent, not write there.
 */
export function askedGrants(
  gates: ReadonlyArray<{ readonly action: string; readonly gate: string; readonly value?: string; readonly surface?: string }> | undefined,
): { readonly grants: string[]; readonly readGrants: string[] } {
  const write = new Set<string>();
  const read = new Set<string>();
  for (const g of gates ?? []) {
    if (g.action !== "ask" || !/path|external_directory/.test(g.gate) || typeof g.value !== "string" || !g.value.startsWith("/")) continue;
    (g.surface?.endsWith("_read") === true ? read : write).add(g.value);
  }
  return { grants: [...write], readGrants: [...read] };
}
