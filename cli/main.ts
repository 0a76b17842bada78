#!/usr/bin/env node
import { COMPILE_HELP, CONVERT_HELP, DEMO_HELP, DIFF_HELP, EVAL_HELP, EXPLAIN_HELP, FMT_HELP, IMPORT_HELP, LINT_HELP, TEST_HELP, WATCH_HELP } from "./help.js";
import { UsageError } from "./io.js";

const HELP = `permc — compile coding-agent permission policies ahead of time

usage: permc <command> [options]

commands:
  compile   compile policy sources into a matcher module
  eval      decide JSONL requests against a compiled module
  lint      report config errors and lints without writing a module
  watch     compile, then recompile on every change
  explain   show why a request is decided as it is
  diff      list the decisions that change between two policies
  demo      compile the bundled example and show some decisions
  test      run the inline tests of .perm policies
  convert   print a policy in the other syntax (.perm ⇄ JSON)
  import    translate a Claude Code, OpenCode or Codex policy into permc's
  fmt       lay out a .perm file canonically

Run \`permc <command> --help\` for a command's options.`;

interface Command {
  readonly help: string;
  /** Loaded on use: `eval` must not pay for (or depend on) the compiler's imports. */
  load(): Promise<(argv: readonly string[]) => number | Promise<number>>;
}

const COMMANDS: Readonly<Record<string, Command>> = {
  compile: { help: COMPILE_HELP, load: async () => (await import("./compile-command.js")).runCompile },
  eval: { help: EVAL_HELP, load: async () => (await import("./eval-command.js")).runEval },
  demo: { help: DEMO_HELP, load: async () => (await import("./demo-command.js")).runDemo },
  watch: { help: WATCH_HELP, load: async () => (await import("./watch-command.js")).runWatch },
  explain: { help: EXPLAIN_HELP, load: async () => (await import("./explain-command.js")).runExplain },
  diff: { help: DIFF_HELP, load: async () => (await import("./diff-command.js")).runDiff },
  lint: { help: LINT_HELP, load: async () => (await import("./lint-command.js")).runLint },
  test: { help: TEST_HELP, load: async () => (await import("./test-command.js")).runTest },
  convert: { help: CONVERT_HELP, load: async () => (await import("./convert-command.js")).runConvert },
  import: { help: IMPORT_HELP, load: async () => (await import("./import-command.js")).runImport },
  fmt: { help: FMT_HELP, load: async () => (await import("./fmt-command.js")).runFmt },
};

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(HELP + "\n");
    return name === undefined ? 2 : 0;
  }
  if (name === "--version") {
    const { COMPILER_VERSION } = await import("../compiler/version.js");
    process.stdout.write(COMPILER_VERSION + "\n");
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`permc: unknown command \`${name}\`\n\n${HELP}\n`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    process.stdout.write(command.help + "\n");
    return 0;
  }
  try {
    const run = await command.load();
    return await run(rest);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`permc ${name}: ${(e as Error).message}\n\n${command.help}\n`);
      return 2;
    }
    process.stderr.write(`permc ${name}: internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    return 1;
  }
}

// `permc lint | head` closes stdout early; that is not an error of ours.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`permc: ${String(e)}\n`);
    process.exitCode = 1;
  },
);
