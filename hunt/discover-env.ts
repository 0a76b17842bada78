/**
 * `npm run hunt:discover-env`: refreshes the env fuzz's cache
 * (hunt/data/env-reads.json) from the programs installed here: every program
 * with a record, every leaf program and the unmodelled programs agents run
 * (data/unmodelled-programs.ts), found on the hunt's PATH: the names
 * each reads (env-reads.ts), then what it does with each that is not a hijack
 * variable (env-uses.ts). Needs gcc, bubblewrap, strace, gdb (for Go
 * programs), and some minutes. `-- --programs a,b` asks only those programs
 * again and keeps the cache's answers for the others. Review the cache's diff
 * before committing it.
 */
import { writeFileSync } from "node:fs";
import { isHijackVariable } from "../runtime/bash/programs/knowledge/variables.js";
import { discoverEnvReads, type EnvReads, envReadsFile, readEnvReads } from "./env-reads.js";
import { gdbMissing } from "./go-env-reads.js";
import { pairsToProbe, probeEnvUses } from "./env-uses.js";
import { discoveryPath, discoveryPrograms, systemRelease } from "./discovery-programs.js";
import { repoRoot } from "./fixture.js";
import { missingTools } from "./sandbox.js";

const missing = missingTools() ?? gdbMissing();
if (missing !== null) {
  process.stderr.write(`hunt:discover-env: ${missing}\n`);
  process.exit(2);
}

const chosen = discoveryPrograms(process.argv, "hunt:discover-env");
const programs = chosen.programs;
const PATH = discoveryPath(process.argv);

/** One program to a line, so a refresh reviews as a diff of the programs whose reads changed. */
function cacheText(c: EnvReads): string {
  const lines = Object.entries(c.programs).map(([n, v]) => `  ${JSON.stringify(n)}: ${JSON.stringify(v)}`);
  const uses = Object.entries(c.uses ?? {}).map(([n, u]) => `  ${JSON.stringify(n)}: ${JSON.stringify(u)}`);
  return `{\n "discovered": ${JSON.stringify(c.discovered)},\n "programs": {\n${lines.join(",\n")}\n },\n "uses": {\n${uses.join(",\n")}\n }\n}\n`;
}

function sortedByName<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

try {
  const progress = process.stderr.isTTY ? (done: number, total: number) => process.stderr.write(`\r${done}/${total}`) : undefined;
  const asked = await discoverEnvReads(programs, PATH, { onProgress: progress });
  const probedNow = pairsToProbe(asked, isHijackVariable);
  const usesNow = await probeEnvUses(probedNow, PATH, { onProgress: progress });
  // A partial refresh keeps what the cache says of every program it did not ask.
  const kept = chosen.partial ? readEnvReads(repoRoot()) : null;
  const found = sortedByName({ ...Object.fromEntries(Object.entries(kept?.programs ?? {}).filter(([n]) => !programs.includes(n))), ...asked });
  const uses = sortedByName({ ...Object.fromEntries(Object.entries(kept?.uses ?? {}).filter(([n]) => !programs.includes(n))), ...usesNow });
  const pairs = Object.values(found).reduce((n, v) => n + v.length, 0);
  const probed = pairsToProbe(found, isHijackVariable);
  const cache: EnvReads = {
    discovered: `${new Date().toISOString().slice(0, 10)} on ${systemRelease()}: ${Object.keys(found).length} programs, ${pairs} (program, name) pairs, ${probed.length} probed for their use`,
    programs: found,
    uses,
  };
  writeFileSync(envReadsFile(repoRoot()), cacheText(cache));
  process.stdout.write(`\n${cache.discovered}\n`);
} catch (e) {
  process.stderr.write(`hunt:discover-env: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
}
