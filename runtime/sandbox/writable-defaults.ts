/**
 * Where a sandboxed command may write besides the working tree and the temp
 * dir, and what stays read-only even inside those roots. Data, not code: a
 * new build tool's cache or a new agent's config directory is one line here
 * (docs/sandbox.md lists them; a policy widens them with a `path_write` allow
 * rule, a person with `permc run --grant PATH`).
 */

/** Home-relative caches builds write (package managers, compilers, test runners). */
export const BUILD_CACHES: readonly string[] = [
  ".cache",
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

/** Working-tree-relative paths that stay read-only: the agents' project config, git's hooks and config. */
export const PROTECTED_PROJECT_PATHS: readonly string[] = [
  ".pi",
  ".claude",
  ".opencode",
  ".codex",
  ".gemini",
  ".git/hooks",
  ".git/config",
  ".git/config.worktree",
];

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
export const SCAN_SKIPPED_HOME_DIRS: readonly string[] = [...BUILD_CACHES, ".rustup", ".cargo/bin", "go/pkg", ".nvm", ".pyenv/versions"];
