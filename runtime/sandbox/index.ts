/**
 * permc's kernel layer (docs/sandbox.md): the path rules of a compiled policy
 * as a bubblewrap profile, for each shell command a host allows.
 *
 *   const profile = sandboxProfile(policy, { cwd, home, grants });
 *   const argv = sandboxedShellArgv(profile, "npm test", "bash", located.path);
 */
export { sandboxProfile, DEFAULT_SCAN_LIMIT, NOTES } from "./build-profile.js";
export { sandboxedArgv, sandboxedShellArgv, bwrapOptions } from "./bwrap-argv.js";
export { locateBwrap, INSTALL_HINT, type Located } from "./locate-bwrap.js";
export { runSandboxed, exitStatus, type SandboxedRun, type RunOptions } from "./run-sandboxed.js";
export type { Enforcement, Mount, MountKind, ProfileOptions, RuleReport, SandboxProfile, ScanReport } from "./profile-types.js";
export { BUILD_CACHES, PROTECTED_HOME_PATHS, PROTECTED_PROJECT_PATHS, SYSTEM_ROOTS } from "./writable-defaults.js";
export { askedGrants, sandboxWrappedCommand, shellQuote, type SandboxWrap } from "./wrap-command.js";
export { permcBinArgv } from "./permc-bin.js";
