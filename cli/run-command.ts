/**
 * One command as `permc <name>` runs it, whichever way the bin reached it (the
 * command table in run.ts, or the hook's cached bundle for `permc eval`): a
 * usage error prints its message and the command's help and exits 2; an
 * output that cannot be written is one line naming it and why, exit 1;
 * anything else thrown is an internal error, exit 1.
 */
import type { CliIO, CommandMain } from "./cli-io.js";
import { UsageError } from "./usage.js";
import { WriteFailure } from "./atomic-write.js";

export async function runCommand(
  name: string,
  help: string,
  load: () => CommandMain | Promise<CommandMain>,
  args: readonly string[],
  io: CliIO,
): Promise<number> {
  try {
    const run = await load();
    return await run(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`permc ${name}: ${e.message}\n\n${help}\n`);
      return 2;
    }
    if (e instanceof WriteFailure) {
      process.stderr.write(`permc ${name}: error: ${e.message}\n`);
      return 1;
    }
    process.stderr.write(`permc ${name}: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 1;
  }
}
