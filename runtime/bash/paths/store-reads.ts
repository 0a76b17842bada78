/** A path read in a repository's store (`cat .git/objects/65/ec…`): the content of files the repository holds or held. */
import type { ClassifyCall } from "./classify-call.js";
import { storeReach } from "./repository-store.js";
import { isDirectory } from "./tree.js";

/** Each absolute form of a path read in a repository's store: what the store may hold, by prefix (repository-store.ts). */
export function noteStoreRead(call: ClassifyCall, token: string, values: readonly string[], walked: boolean): void {
  for (const v of values) {
    const reach = v.startsWith("/") ? storeReach(v, walked) : null;
    // A directory not walked is listed, not read (`ls .git/objects`, `cd .git/objects`).
    if (reach === null || (!walked && isDirectory(v))) continue;
    call.rawPatterns.push({
      token: reach.kind === "under" ? `files the repository keeps under ${reach.top} (${token} is its store)` : `${token} (a repository's store)`,
      alternatives: reach.kind === "under" ? [[{ kind: "text", text: reach.top === "/" ? "/" : `${reach.top}/` }, { kind: "any" }]] : [[{ kind: "any" }]],
      base: { known: true, dir: "/" },
      kind: "unknown",
      role: "read",
    });
  }
}
