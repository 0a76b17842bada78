/** The options of one call of classifyPaths (classify.ts). */
export interface ClassifyOptions {
  cwd: string;
  home: string;
  /** Probe bare words on disk (default true). */
  probeBareNames?: boolean;
  realpath?: ((absolute: string, likelyExists?: boolean) => string) | undefined;
  /** Another command of the call may change a git index (split/state.ts Env.indexMayChange). */
  indexMayChange?: boolean;
  /**
   * Nothing runs before bash expands the command's globs, and GLOBIGNORE is
   * unset (split.ts): a glob of `*` names exactly the files there (globs-now.ts).
   */
  globsExpandNow?: boolean;
  /** SplitOptions.readStrictness: a listed file no stricter than the ones kept before it is not a candidate. */
  readStrictness?: ((values: readonly string[], external: boolean) => number) | undefined;
}
