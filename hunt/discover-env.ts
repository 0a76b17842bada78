/**
 * `npm run hunt:discover-env`: refreshes the env fuzz's cache
 * (hunt/data/env-reads.json) from the programs installed here: every program
 * with a record and every leaf program, found on the hunt's PATH: the names
 * each reads (env-reads.ts), then what it does with each that is not a hijack
 * variable (env-uses.ts). Needs gcc, bubblewrap, strace, and some minutes.
 * Review the cache's diff before committing it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { allRecords } from "../runtime/bash/programs/knowledge/index.js";
import { LEAF_PROGRAMS } from "../runtime/bash/programs/knowledge/leaf-programs.js";
import { isHijackVariable } from "../runtime/bash/programs/knowledge/variables.js";
import { discoverEnvReads, type EnvReads, envReadsFile } from "./env-reads.js";
import { pairsToProbe, probeEnvUses } from "./env-uses.js";
import { FixturePaths, readFixtureSpec, repoRoot } from "./fixture.js";
import { missingTools } from "./sandbox.js";

const missing = missingTools();
if (missing !== null) {
  process.stderr.write(`hunt:discover-env: ${missing}\n`);
  process.exit(2);
}

const programs = [...new Set([...allRecords().flatMap((r) => r.names), ...LEAF_PROGRAMS])];
const PATH = new FixturePaths("/nonexistent").sub(readFixtureSpec().env.PATH);
const release = (() => {
  try {
    return /^PRETTY_NAME="?([^"\n]*)/m.exec(readFileSync("/etc/os-release", "utf8"))?.[1] ?? "an unknown system";
  } catch {
    return "an unknown system";
  }
})();

/** One program to a line, so a refresh reviews as a diff of the programs whose reads changed. */
function cacheText(c: EnvReads): string {
  const lines = Object.entries(c.programs).map(([n, v]) => `  ${JSON.stringify(n)}: ${JSON.stringify(v)}`);
  const uses = Object.entries(c.uses ?? {}).map(([n, u]) => `  ${JSON.stringify(n)}: ${JSON.stringify(u)}`);
  return `{\n "discovered": ${JSON.stringify(c.discovered)},\n "programs": {\n${lines.join(",\n")}\n },\n "uses": {\n${uses.join(",\n")}\n }\n}\n`;
}

try {
  const progress = process.stderr.isTTY ? (done: number, total: number) => process.stderr.write(`\r${done}/${total}`) : undefined;
  const found = await discoverEnvReads(programs, PATH, { onProgress: progress });
  const pairs = Object.values(found).reduce((n, v) => n + v.length, 0);
  const probed = pairsToProbe(found, isHijackVariable);
  const uses = await probeEnvUses(probed, PATH, { onProgress: progress });
  const cache: EnvReads = {
    discovered: `${new Date().toISOString().slice(0, 10)} on ${release}: ${Object.keys(found).length} programs, ${pairs} (program, name) pairs, ${probed.length} probed for their use`,
    programs: found,
    uses,
  };
  writeFileSync(envReadsFile(repoRoot()), cacheText(cache));
  process.stdout.write(`\n${cache.discovered}\n`);
} catch (e) {
  process.stderr.write(`hunt:discover-env: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(2);
}
