#!/usr/bin/env node
/**
 * What `npm test` needs beside node_modules, and its set-up on a fresh
 * machine. The suite runs real programs as oracles (bash semantics are
 * bash's, not a model's) and the real agent clients. Each missing one is
 * installed when this machine can (Debian with apt-get, as root; the pinned
 * clients with `npm install -g`); otherwise nothing is installed and one
 * message names everything missing and the commands that install it, so a
 * failure never reads as a wrong answer (`expected '' to contain …`).
 *
 * PERMC_TEST_NO_INSTALL=1 checks without installing. PERMC_CLAUDE_CODE,
 * PERMC_OPENCODE, PERMC_CODEX and PERMC_GEMINI name the clients' executables
 * elsewhere (the tests honour them too).
 */
import { spawnSync } from "node:child_process";

/** Debian packages, by the commands the tests run (each one, or one of a pair: `fdfind|fd`) and why. */
const DEBIAN = [
  { commands: ["chromium"], pkg: "chromium", why: "the playground's browser test" },
  { commands: ["curl"], pkg: "curl", why: "how curl reads a file: URL" },
  { commands: ["rg"], pkg: "ripgrep", why: "what rg's ignore files leave out" },
  { commands: ["fdfind|fd"], pkg: "fd-find", why: "what fd's ignore files leave out" },
  { commands: ["tree"], pkg: "tree", why: "the directories tree -L and -I leave out" },
  { commands: ["bwrap"], pkg: "bubblewrap", why: "the kernel layer (permc run)" },
  { commands: ["script"], pkg: "bsdutils", why: "a terminal for the kernel layer's TIOCSTI row" },
  { commands: ["c++filt", "nm", "objdump", "as", "ld"], pkg: "binutils", why: "response files; the assembler and the linker" },
  { commands: ["gcc", "cpp"], pkg: "gcc", why: "the compiler driver and the preprocessor under their names" },
  { commands: ["g++"], pkg: "g++", why: "the C++ driver's module mapper" },
  { commands: ["java"], pkg: "default-jre-headless", why: "the java launcher's options (no JDK: nothing is compiled)" },
  { commands: ["zstd"], pkg: "zstd", why: "walkers under the kernel layer" },
  { commands: ["lz4"], pkg: "lz4", why: "walkers under the kernel layer" },
  { commands: ["strace"], pkg: "strace", why: "the hunt's judge" },
  { commands: ["gdb"], pkg: "gdb", why: "the variables discovery's Go programs" },
  { commands: ["zip"], pkg: "zip", why: "walked directories spelt as expansions" },
  { commands: ["ctags", "etags"], pkg: "universal-ctags", why: "the options files ctags reads unasked" },
  { commands: ["python3"], pkg: "python3", why: "the variables discovery's Python hook" },
  { commands: ["black"], pkg: "black", why: "a Python leaf's start-up code, cache and --include" },
  { commands: ["shellcheck"], pkg: "shellcheck", why: "what shellcheck -x opens" },
  { commands: ["clang-format"], pkg: "clang-format", why: "clang-format's --style=file:PATH" },
  { commands: ["rustfmt"], pkg: "rustfmt", why: "the modules rustfmt follows" },
  { commands: ["shfmt"], pkg: "shfmt", why: "the files shfmt's walk opens" },
];

/** The agent clients, pinned: proprietary or platform binaries, so no dependency of permc. */
const CLIENTS = [
  {
    command: "claude",
    env: "PERMC_CLAUDE_CODE",
    spec: "@anthropic-ai/claude-code@2.1.332",
    allow: "@anthropic-ai/claude-code",
    why: "the real Claude Code test",
  },
  { command: "opencode", env: "PERMC_OPENCODE", spec: "opencode-ai@1.18.33", allow: "opencode-ai", why: "the real OpenCode test" },
  { command: "codex", env: "PERMC_CODEX", spec: "@openai/codex@0.171.0", allow: "@openai/codex", why: "the real Codex CLI test" },
  { command: "gemini", env: "PERMC_GEMINI", spec: "@google/gemini-cli@0.61.0", allow: "@google/gemini-cli", why: "the real Gemini CLI test" },
];

const has = (command, env = process.env) => spawnSync("sh", ["-c", `command -v '${command}'`], { stdio: "ignore", env }).status === 0;
/**
 * Where a Debian package's commands must be: the hunt's sandbox runs them with the fixture's PATH, whose system part is
 * this, so a copy elsewhere on the person's PATH (rustup's `~/.cargo/bin/rustfmt`, a proxy needing `~/.rustup`) does not count.
 */
const SYSTEM_PATH = { ...process.env, PATH: "/usr/local/bin:/usr/bin:/bin" };
const hasSystem = (command) => has(command, SYSTEM_PATH);
const run = (argv) =>
  spawnSync(argv[0], argv.slice(1), { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status === 0;

const missingDebian = () => DEBIAN.filter((d) => !d.commands.every((c) => c.split("|").some(hasSystem)));
const missingClients = () => CLIENTS.filter((c) => !(process.env[c.env] ? has(process.env[c.env]) : has(c.command)));

const mayInstall = process.env.PERMC_TEST_NO_INSTALL !== "1";
const root = typeof process.getuid === "function" && process.getuid() === 0;

let debian = missingDebian();
if (debian.length > 0 && mayInstall && root && has("apt-get")) {
  const pkgs = debian.map((d) => d.pkg);
  process.stderr.write(`npm test: installing Debian packages the tests run: ${pkgs.join(" ")}\n`);
  run(["apt-get", "update", "-qq"]) && run(["apt-get", "install", "-y", "-qq", ...pkgs]);
  debian = missingDebian();
}
let clients = missingClients();
if (clients.length > 0 && mayInstall) {
  for (const c of clients) {
    process.stderr.write(`npm test: installing ${c.spec} (${c.why})\n`);
    run(["npm", "install", "-g", "--no-audit", "--no-fund", `--allow-scripts=${c.allow}`, c.spec]);
  }
  clients = missingClients();
}

if (debian.length + clients.length > 0) {
  const lines = [
    "npm test: the suite needs programs this machine does not have, and they could not be installed here:",
    ...debian.map((d) => `  ${d.commands.join("/")} (Debian: ${d.pkg}) for ${d.why}`),
    ...clients.map((c) => `  ${c.command} (${c.spec}) for ${c.why}; or set ${c.env} to its executable`),
    "Install them with:",
    ...(debian.length > 0 ? [`  sudo apt-get update && sudo apt-get install -y ${debian.map((d) => d.pkg).join(" ")}`] : []),
    ...clients.map((c) => `  npm install -g --allow-scripts=${c.allow} ${c.spec}`),
  ];
  process.stderr.write(`${lines.join("\n")}\n`);
  process.exit(1);
}
