/**
 * `node dist/bin/permc-claude-hook.cjs --policy <module.mjs> [--home DIR]
 * [--log FILE]`: `permc hook claude` as `permc init claude` writes it. The
 * same answers as `node dist/bin/permc.js hook claude …`, from the same
 * cached bundle (cli/cached-hook.ts), but as one CommonJS file
 * (scripts/bundle-cli.mjs builds it from this module): an ES module entry
 * makes node start its ES module loader, about ten milliseconds of a call.
 * When the bundle cannot be loaded, or for --help, it runs the regular bin.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runCachedHook } from "./cached-hook.js";

/** dist/bin/ (the CommonJS build defines it as __dirname). */
const BIN_DIR = import.meta.dirname;
const args = process.argv.slice(2);

async function main(): Promise<void> {
  if (!args.includes("--help") && !args.includes("-h")) {
    const code = await runCachedHook(["claude", ...args], BIN_DIR);
    if (code !== null) {
      process.exitCode = code;
      return;
    }
  }
  process.argv.splice(2, 0, "hook", "claude");
  await import(pathToFileURL(path.join(BIN_DIR, "permc.js")).href);
}

main().catch((e: unknown) => {
  // Claude Code blocks a call on exit 2 only.
  process.stderr.write(`[permc] permc hook: internal error: ${e instanceof Error ? e.message : String(e)}; the call is blocked\n`);
  process.exitCode = 2;
});
