/**
 * Programs agents run that permc has no record for (they are judged by their
 * name and words alone), asked by the variables discovery all the same: a
 * hijack variable is one for every command, so a variable one of these reads
 * to run code or take options (terraform's `TF_CLI_ARGS`) is one permc must
 * know whatever program reads it. The env fuzz deals them as it deals the
 * others, where they are installed.
 */
export const UNMODELLED_PROGRAMS: readonly string[] = [
  "terraform",
  "rustup",
  "rustdoc",
  "cargo-clippy",
  "clippy-driver",
  "pytest",
  "flask",
  "nvcc",
  "initdb",
  "pg_ctl",
  "kpt",
  "cfn-lint",
  "pygmentize",
  "mvn",
  "gradle",
  // Build and test runners found sweeping every installed program through the start-up files discovery: ctest runs
  // the commands a build tree's CTestCustom.ctest names (CTEST_CUSTOM_PRE_TEST).
  "ctest",
  "cpack",
  "prove",
  "ninja",
  // Pi, the coding agent permc's extension runs in, run by the agent itself (`pi -p`; its settings, keys and
  // extensions are code: traced with `--path node_modules/.bin`).
  "pi",
];
