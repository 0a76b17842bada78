/**
 * The V8 flags the bin sets before any wasm is compiled. The bash grammar is
 * a large wasm module: with V8's default tiering budget a one-request `permc
 * eval` makes its hot functions tier up to TurboFan on background threads,
 * and the process cannot exit until those compiles finish (over a second). A
 * larger budget leaves short runs on Liftoff and still tiers up the hot code
 * of a long stream (bench/cold-start.ts measures both).
 *
 * The hook sets them only when it loads the grammar (cli/cached-hook.ts):
 * node:v8 alone loads some forty of Node's internal modules, and V8 keys its
 * code cache on the flags in force when the script is compiled.
 */
export const CLI_V8_FLAGS = "--wasm-tiering-budget=100000000";
