/**
 * Where a sandboxed command may write besides the working tree and the temp
 * dir, and what stays read-only even inside those roots. Data, not code: a
 * new build tool's cache or a new agent's config directory is one line here
 * (docs/sandbox.md lists them; a policy widens them with a `path_write` allow
 * rule, a person with `permc run --grant PATH`).
 */

/**
 * Home-relative caches builds write (package managers, compilers, test runners). Not `~/.cache` as a whole:
 * programs keep code there that they run as it is, and no list of them ends (a ninth hunt: black's cache is a
 * pickle, and a later `black a.py` outside ran what a command wrote there; pylint's and parso's are pickles too,
 * poetry's virtualenvs, pipx's, deno's modules, browsers for tests); only the build caches named here are
 * writable in it. Each is a place a command may change code a later build runs (docs/sandbox.md).
 */
export const BUILD_CACHES: readonly string[] = [
  ".cache/pip",
  ".cache/uv",
  ".cache/pypoetry/cache",
  ".cache/pypoetry/artifacts",
  ".cache/yarn",
  ".cache/pnpm",
  ".cache/node-gyp",
  ".cache/typescript",
  ".cache/electron",
  ".cache/go-build",
  ".cache/bazel",
  ".cache/ccache",
  ".cache/sccache",
  ".cache/composer",
  ".npm",
  ".pnpm-store",
  ".yarn",
  ".bun/install/cache",
  ".cargo/registry",
  ".cargo/git",
  ".rustup/tmp",
  "go/pkg/mod",
  ".gradle/caches",
  ".m2/repository",
  ".local/share/pnpm",
];

/**
 * Home-relative places inside the build caches that hold code run as it is,
 * later and outside the sandbox: npx's installed packages (`npx -y
 * server`, how agents start MCP servers, runs what is there), corepack's
 * package managers (no hash is checked when one is reused), OpenCode's
 * plugins and providers, `pnpm dlx`'s packages, pre-commit's hook
 * environments (`git commit` runs them).
 * Read-only, a placeholder where not there: an `npx` of a package not
 * installed, or a first `corepack pnpm`, fails in the sandbox unless a
 * `path_write` allow rule names the place.
 */
export const CACHED_CODE: readonly string[] = [".npm/_npx", ".cache/node/corepack", ".cache/opencode", ".cache/pnpm/dlx", ".cache/pre-commit"];

/**
 * Code caches in the temp dir, which the command may write, that programs
 * outside run later: node's compile cache (npm 11, TypeScript 5.7, ESLint 9
 * call `module.enableCompileCache()`, which keeps their own modules' bytecode
 * in `$TMPDIR/node-compile-cache`, checked against a source's length and
 * crc32 alone: a command wrote npm's, and the next `npm` outside ran it),
 * and where `NODE_COMPILE_CACHE` puts it; corepack's `v8-compile-cache-UID`
 * (a source's sha1 and length: a forged entry ran at the next `corepack
 * pnpm`); jiti's (pi loads its extensions through it: a forged entry ran at
 * pi's next start); tsx's. Read-only, a placeholder where not there (each
 * then compiles without it; `$UID` is this user's id). Names holding an id
 * or a package are patterns, read-only where they are: bunx's packages,
 * torch inductor's compiled kernels.
 */
export const TEMP_CACHED_CODE: readonly string[] = ["node-compile-cache", "jiti", "v8-compile-cache-$UID", "tsx-$UID"];
export const TEMP_CACHED_CODE_NAMES: readonly RegExp[] = [/^bunx-\d+-/, /^torchinductor_/, /^v8-compile-cache/, /^tsx-\d+$/];
export const CACHED_CODE_VARIABLES: readonly string[] = ["NODE_COMPILE_CACHE", "V8_COMPILE_CACHE_CACHE_DIR"];

/**
 * Home-relative paths that stay read-only even when the home (or a root
 * holding it) is writable: keys, programs found on PATH, shell start-up
 * files, and the agents' own configuration (a command must not rewrite the
 * policy that judges the next command).
 */
export const PROTECTED_HOME_PATHS: readonly string[] = [
  ".ssh",
  ".gnupg",
  ".local/bin",
  "bin",
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".zlogin",
  ".config/fish",
  ".gitconfig",
  ".config/git",
  ".pi",
  ".claude",
  ".claude.json",
  ".config/opencode",
  ".codex",
  ".gemini",
];

/**
 * Working-tree-relative paths that stay read-only: the agents' project config (the servers `.mcp.json` and
 * `opencode.json` start are programs the host runs outside the sandbox), git's hooks and config.
 */
export const PROTECTED_PROJECT_PATHS: readonly string[] = [
  ".pi",
  ".claude",
  ".mcp.json",
  ".opencode",
  "opencode.json",
  "opencode.jsonc",
  ".codex",
  ".gemini",
  ".git/hooks",
  ".git/config",
  ".git/config.worktree",
];

/**
 * What stands in for a protected path that is not there while a writable
 * root holds it (the command could make it: `mkdir .claude` and a
 * settings file with hooks the agent runs outside the sandbox next time).
 * The kernel mounts only over what exists, so `permc run` makes it first:
 * - `directory`: made empty, then mounted read-only (an empty directory of
 *   configuration, hooks or programs holds none);
 * - `empty-file`: made empty, then mounted read-only, where an empty file
 *   reads as no file (a shell's start-up file runs nothing, git's config sets
 *   nothing);
 * - `watched`: not made, since an empty one would change what reads it (bash
 *   runs the first of `.bash_profile`, `.bash_login` and `.profile` there
 *   is; Claude Code parses `.claude.json` and `.mcp.json`, OpenCode
 *   `opencode.json`; git reads `.git/config` for a repository): `permc run`
 *   moves aside one the command made.
 * Every protected path has one (test/sandbox/absent-protected.test.ts).
 */
export type AbsentForm = "directory" | "empty-file" | "watched";

export const ABSENT_FORMS: Readonly<Record<string, AbsentForm>> = {
  ".ssh": "directory",
  ".gnupg": "directory",
  ".local/bin": "directory",
  bin: "directory",
  ".bashrc": "empty-file",
  ".bash_profile": "watched",
  ".bash_login": "watched",
  ".bash_logout": "empty-file",
  ".profile": "empty-file",
  ".zshrc": "empty-file",
  ".zshenv": "empty-file",
  ".zprofile": "empty-file",
  ".zlogin": "empty-file",
  ".config/fish": "directory",
  ".gitconfig": "empty-file",
  ".config/git": "directory",
  ".pi": "directory",
  ".claude": "directory",
  ".claude.json": "watched",
  ".config/opencode": "directory",
  ".codex": "directory",
  ".gemini": "directory",
  ".opencode": "directory",
  ".npm/_npx": "directory",
  ".cache/node/corepack": "directory",
  ".cache/opencode": "directory",
  ".cache/pnpm/dlx": "directory",
  ".cache/pre-commit": "directory",
  ".mcp.json": "watched",
  "opencode.json": "watched",
  "opencode.jsonc": "watched",
  ".git/hooks": "directory",
  ".git/config": "watched",
  ".git/config.worktree": "watched",
};

/**
 * Directories no path rule can be enforced in wholesale: the dynamic loader,
 * libc, the shell and every program read files there (`/etc/ld.so.cache`,
 * `/etc/passwd`, `/etc/nsswitch.conf`, shared libraries), or the kernel
 * serves them. A rule on them, or inside them, is reported, not enforced.
 */
export const SYSTEM_ROOTS: readonly string[] = [
  "/etc",
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/proc",
  "/sys",
  "/dev",
  "/run",
  "/var",
  "/opt",
  "/boot",
];

/**
 * Home-relative directories the bounded scan for files matching wildcard
 * rules does not enter: downloaded packages and build output, large and
 * written by the command's own builds (their names come from package
 * registries, not from the person's secrets).
 */
export const SCAN_SKIPPED_HOME_DIRS: readonly string[] = [...BUILD_CACHES, ".cache", ".rustup", ".cargo/bin", "go/pkg", ".nvm", ".pyenv/versions"];

/** tmux's, tmate's and zellij's per-user directories in a temp dir. */
const SESSION_DIRECTORY = /^(?:tmux|tmate|zellij)-\d+$/;

/**
 * Where terminal multiplexers keep the sockets of the person's sessions: a
 * command that reaches one runs commands in it, outside the sandbox (`tmux
 * -S … run-shell`, `screen -X stuff`), and a read-only mount does not stop
 * a `connect`. Hidden wholesale, where they exist: a directory, and the
 * names in it the pattern takes (tmux's `tmux-UID` in `$TMUX_TMPDIR` or
 * `/tmp`; screen's own directory).
 */
export const SESSION_SOCKET_DIRS: ReadonlyArray<{ readonly in: string; readonly names: RegExp }> = [
  { in: "$TMUX_TMPDIR", names: SESSION_DIRECTORY },
  { in: "/tmp", names: SESSION_DIRECTORY },
  { in: "/run", names: /^screen$/ },
  { in: "/var/run", names: /^screen$/ },
];

/**
 * Environment variables that name a session's socket (`TMUX`: its path, then `,PID,N`) or its directory
 * (`SCREENDIR`, `ZELLIJ_SOCKET_DIR`): hidden too, wherever they point.
 */
export const SESSION_SOCKET_VARIABLES: ReadonlyArray<{ readonly name: string; readonly names: "socket" | "directory" }> = [
  { name: "TMUX", names: "socket" },
  { name: "SCREENDIR", names: "directory" },
  { name: "ZELLIJ_SOCKET_DIR", names: "directory" },
];

/**
 * The host's sockets a sandboxed command may still connect to (every other one
 * bound when it starts is covered: service-sockets.ts). A read-only mount does
 * not stop a `connect`, and a service asked over its socket acts outside the
 * sandbox: the docker daemon starts a container that mounts `/`, the session
 * bus starts a `systemd-run --user` unit, an X server types into the person's
 * terminal, an editor's server (`nvim --listen`, `emacs --daemon`) runs a
 * shell command. These answer lookups or keep logs, and what a command asks
 * of them reaches no file: name resolution (systemd-resolved, nscd), user
 * and group lookups (userdb), the journal; and the databases' own servers,
 * which tests connect to (a server runs as its own user, and reaches the
 * person's files no more than the network does).
 */
export const REACHABLE_SOCKETS: ReadonlyArray<{ readonly at: RegExp; readonly why: string }> = [
  { at: /^\/run\/systemd\/resolve\/io\.systemd\.Resolve(?:\.Monitor)?$/, why: "name resolution (systemd-resolved)" },
  { at: /^\/run\/nscd\/socket$/, why: "name resolution (nscd)" },
  { at: /^\/run\/systemd\/userdb\/[^/]+$/, why: "user and group lookups (userdb)" },
  { at: /^\/run\/systemd\/journal\/(?:socket|stdout|dev-log|syslog)$/, why: "the journal" },
  { at: /^\/(?:run\/postgresql|var\/run\/postgresql|tmp)\/\.s\.PGSQL\.\d+$/, why: "a PostgreSQL server" },
  { at: /^\/(?:run\/mysqld\/mysqld|var\/run\/mysqld\/mysqld|tmp\/mysql)\.sock$/, why: "a MySQL or MariaDB server" },
];

/**
 * Variables naming a socket that stays reachable: the SSH agent signs with the
 * keys `~/.ssh` hides but never hands them out, and `git push` over SSH needs
 * it (docs/sandbox.md says what else it lets a command do).
 */
export const REACHABLE_SOCKET_VARIABLES: readonly string[] = ["SSH_AUTH_SOCK"];
