/**
 * permc's kernel layer (docs/sandbox.md): the path rules of a compiled policy
 * as a bubblewrap profile, for each shell command a host allows.
 *
 *   const profile = sandboxProfile(policy, { cwd, home, grants });
 *   makePlaceholders(profile); // the protected paths not there, made empty to be mounted read-only
 *   const argv = sandboxedShellArgv(profile, "npm test", "bash", located.path);
 *   // …run it, then moveAsideWatched(profile). runSandboxed does all three.
 */
export { sandboxProfile, NOTES } from "./build-profile.js";
export { DEFAULT_SCAN_LIMIT } from "./profile-context.js";
export { sandboxedArgv, sandboxedShellArgv, bwrapOptions } from "./bwrap-argv.js";
export { locateBwrap, INSTALL_HINT, type Located } from "./locate-bwrap.js";
export { runSandboxed, exitStatus, type SandboxedRun, type RunOptions } from "./run-sandboxed.js";
export { makePlaceholders, moveAsideWatched, type MovedAside } from "./placeholders.js";
export type { Enforcement, Mount, MountKind, Placeholder, ProfileOptions, RuleReport, SandboxProfile, ScanReport } from "./profile-types.js";
export { ABSENT_FORMS, type AbsentForm, BUILD_CACHES, PROTECTED_HOME_PATHS, PROTECTED_PROJECT_PATHS, SYSTEM_ROOTS } from "./writable-defaults.js";
export { askedGrants, sandboxWrappedCommand, shellQuote, type SandboxWrap } from "./wrap-command.js";
export { permcBinArgv } from "./permc-bin.js";
