import path from "node:path";
import { listDir } from "./fs-probes.js";
import { CACHED_CODE, CACHED_CODE_VARIABLES, TEMP_CACHED_CODE, TEMP_CACHED_CODE_NAMES } from "./writable-defaults.js";

/**
 * The places a cache holds code in, run later outside as it is (writable-defaults.ts CACHED_CODE, TEMP_CACHED_CODE):
 * in the home, in the temp dir, where the environment moves them (`npm_config_cache`'s npx, `NODE_COMPILE_CACHE`).
 */
export function cachedCode(home: string, env: NodeJS.ProcessEnv, tmpDir: string): string[] {
  const npmCache = env.npm_config_cache ?? env.NPM_CONFIG_CACHE;
  const moved = npmCache !== undefined && path.isAbsolute(npmCache) ? [path.join(npmCache, "_npx")] : [];
  const named = CACHED_CODE_VARIABLES.map((v) => env[v]).filter((d): d is string => d !== undefined && path.isAbsolute(d));
  const inTemp = listDir(tmpDir).filter((name) => TEMP_CACHED_CODE_NAMES.some((n) => n.test(name)));
  const uid = String(process.getuid?.() ?? 0);
  const inTempAlways = TEMP_CACHED_CODE.map((name) => name.replace("$UID", uid));
  return [...CACHED_CODE.map((p) => path.join(home, p)), ...moved, ...named, ...[...inTempAlways, ...inTemp].map((p) => path.join(tmpDir, p))];
}
