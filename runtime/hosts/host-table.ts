/**
 * A host agent's tools as data: for each tool name the host sends, how permc
 * decides it. One table per host (runtime/claude/tools.ts, …); the adapter's
 * code reads the table and holds no tool names of its own.
 */

/** How one host tool is decided. */
export type HostTool =
  /** A permc tool (bash, read, edit, find, …): `fields` maps permc's input fields to the host's. */
  | {
      readonly kind: "permc";
      readonly tool: string;
      readonly fields: Readonly<Record<string, string>>;
      /** The host field holding a glob that may leave the search root (`/etc/*`, `../*`): also decided as that root. */
      readonly rootGlobField?: string;
      /**
       * The host field naming the directory the call runs in (Gemini CLI's
       * `dir_path` of its shell): the call is decided from there, and the
       * directory itself as listing it.
       */
      readonly dirField?: string;
    }
  /**
   * A tool whose `textField` is an `apply_patch` text (runtime/patch/patch-files.ts):
   * every file it adds, updates, deletes or moves to meets the edit and the
   * write gates; a patch that cannot be read, or names no file, is denied.
   */
  | { readonly kind: "patch"; readonly textField: string }
  /**
   * A tool that runs a shell permc cannot read (PowerShell): at least `ask`
   * unless a rule naming the tool allows it; a bash deny matching the
   * command's text denies it.
   */
  | { readonly kind: "unreadable-shell"; readonly commandField: string }
  /** Decided on its own name's surface, as the policy's rules name it (WebFetch, Agent): a `*` rule covers it. */
  | { readonly kind: "own-surface" }
  /**
   * A tool the host never asks permission for (task lists, plan mode,
   * questions to the user): allowed without a prompt, unless a config rule
   * names it exactly; then that rule decides.
   */
  | { readonly kind: "no-permission" }
  /**
   * A tool permc knows only in part: its path fields meet the path gates
   * (`reads` as read, `writes` as write), and the tool itself is decided on
   * its own surface as an unmodelled tool (at least ask unless a rule names it).
   */
  | { readonly kind: "paths"; readonly reads: readonly string[]; readonly writes: readonly string[] };

export interface HostTable {
  /** The host's name, for messages. */
  readonly host: string;
  readonly tools: Readonly<Record<string, HostTool>>;
  /** Name prefixes decided as a family (Claude Code's `mcp__<server>__<tool>` on `mcp`), for names `tools` does not list. */
  readonly prefixes: Readonly<Record<string, HostTool>>;
  /** Older names the host still accepts for a tool (Claude Code's `Task` for `Agent`). */
  readonly aliases: Readonly<Record<string, string>>;
}
