/** What a command reads besides argv and the environment. */
export interface CliIO {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  /** Ends a long-running command (watch) as Ctrl-C does. */
  readonly signal?: AbortSignal;
}

/** A command's entry point: the exit code it ends with. */
export type CommandMain = (argv: readonly string[], io: CliIO) => number | Promise<number>;
