import path from "node:path";
import { CACHED_CODE } from "./writable-defaults.js";

/** CACHED_CODE's places in the home, and npx's where the environment moves npm's cache (`npm_config_cache`). */
export function cachedCode(home: string, env: NodeJS.ProcessEnv): string[] {
  const npmCache = env.npm_config_cache ?? env.NPM_CONFIG_CACHE;
  const moved = npmCache !== undefined && path.isAbsolute(npmCache) ? [path.join(npmCache, "_npx")] : [];
  return [...CACHED_CODE.map((p) => path.join(home, p)), ...moved];
}
