/**
 * The command table and dispatch, apart from the executable (cli/main.ts) so
 * tests can run the CLI in-process. Each command is loaded on use: `--help`
 * and `eval` must not pay for (or depend on) the compiler's imports.
 */
import {
  COMPILE_HELP,
  CONVERT_HELP,
  DEMO_HELP,
  DIFF_HELP,
  EVAL_HELP,
  EXPLAIN_HELP,
  FMT_HELP,
  GRAPH_HELP,
  HOOK_HELP,
  IMPORT_HELP,
  INIT_HELP,
  LINT_HELP,
  RUN_HELP,
  SANDBOX_HELP,
  TEST_HELP,
  TRUST_HELP,
  WATCH_HELP,
} from "./help.js";
import type { CliIO, CommandMain } from "./cli-io.js";
import { runCommand } from "./run-command.js";
import { didYouMean } from "./usage.js";

export type { CliIO, CommandMain };

interface Command {
  /** One line in the top-level help table. */
  readonly summary: string;
  readonly help: string;
  readonly load: () => Promise<CommandMain>;
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  compile: { summary: "compile policy sources into a matcher module", help: COMPILE_HELP, load: async () => (await import("./compile-command.js")).runCompile },
  eval: { summary: "decide JSONL requests against a compiled module", help: EVAL_HELP, load: async () => (await import("./eval-command.js")).runEval },
  lint: { summary: "report config errors and lints without writing a module", help: LINT_HELP, load: async () => (await import("./lint-command.js")).runLint },
  watch: { summary: "compile, then recompile on every change", help: WATCH_HELP, load: async () => (await import("./watch-command.js")).runWatch },
  explain: { summary: "show why a request is decided as it is", help: EXPLAIN_HELP, load: async () => (await import("./explain-command.js")).runExplain },
  diff: { summary: "list the decisions that change between two policies", help: DIFF_HELP, load: async () => (await import("./diff-command.js")).runDiff },
  demo: { summary: "compile the bundled example and show some decisions", help: DEMO_HELP, load: async () => (await import("./demo-command.js")).runDemo },
  test: { summary: "run the inline tests of .perm policies", help: TEST_HELP, load: async () => (await import("./test-command.js")).runTest },
  convert: {
    summary: "print a policy in the other syntax (.perm ⇄ JSON)",
    help: CONVERT_HELP,
    load: async () => (await import("./convert-command.js")).runConvert,
  },
  import: {
    summary: "translate a Claude Code, OpenCode, Codex or Gemini CLI policy",
    help: IMPORT_HELP,
    load: async () => (await import("./import-command.js")).runImport,
  },
  graph: {
    summary: "draw a surface's automaton or the lints' rule relation (DOT/SVG)",
    help: GRAPH_HELP,
    load: async () => (await import("./graph-command.js")).runGraph,
  },
  init: {
    summary: "import an agent's rules, compile them, and make the agent load them",
    help: INIT_HELP,
    load: async () => (await import("./init-command.js")).runInit,
  },
  hook: {
    summary: "decide a Claude Code, Codex or Gemini CLI tool call (their hooks)",
    help: HOOK_HELP,
    load: async () => (await import("./hook-command.js")).runHook,
  },
  fmt: { summary: "lay out a .perm file canonically", help: FMT_HELP, load: async () => (await import("./fmt-command.js")).runFmt },
  trust: {
    summary: "trust a project's Pi policy module, as it is now",
    help: TRUST_HELP,
    load: async () => (await import("./trust-command.js")).runTrust,
  },
  sandbox: {
    summary: "print the kernel profile compiled from a module's path rules",
    help: SANDBOX_HELP,
    load: async () => (await import("./sandbox-command.js")).runSandbox,
  },
  run: {
    summary: "run one command under the kernel profile (bubblewrap)",
    help: RUN_HELP,
    load: async () => (await import("./run-sandboxed-command.js")).runUnderSandbox,
  },
};

export const HELP = [
  "permc — compile coding-agent permission policies ahead of time",
  "",
  "usage: permc <command> [options]",
  "",
  "commands:",
  ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(9)} ${c.summary}`),
  "",
  "Run `permc <command> --help` for a command's options.",
].join("\n");

/** Runs one command line; returns the exit code (0 ok, 1 failed, 2 bad usage). */
export async function runCli(argv: readonly string[], io: CliIO = { stdin: process.stdin }): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(HELP + "\n");
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v") {
    const { COMPILER_VERSION } = await import("../compiler/version.js");
    process.stdout.write(COMPILER_VERSION + "\n");
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    const what = name.startsWith("-") ? "option" : "command";
    const near = what === "option" ? didYouMean(name.replace(/^-+/, ""), ["help", "version"]) : didYouMean(name, Object.keys(COMMANDS));
    const spelled = near !== undefined && what === "option" ? `--${near}` : near;
    process.stderr.write(
      `permc: unknown ${what} \`${name}\`${spelled ? `; did you mean \`${spelled}\`?` : ""}\nRun \`permc --help\` for the list of commands.\n`,
    );
    return 2;
  }
  // After `--` the words are a command's (`permc run -- grep -h x`), not permc's.
  const own = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest;
  if (own.includes("--help") || own.includes("-h")) {
    process.stdout.write(command.help + "\n");
    return 0;
  }
  return runCommand(name, command.help, command.load, rest, io);
}
