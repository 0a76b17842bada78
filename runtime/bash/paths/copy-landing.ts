/** A file or tree copied or moved into a directory (`cp -r x/.ssh ~/`): the names it lands as are written. */
import { basename, resolve } from "node:path";
import type { Segment } from "../../explore.js";
import type { ClassifyCall } from "./classify-call.js";
import { clean, cleanToken } from "./clean-token.js";
import { landingNames } from "./copy-into.js";
import { isDirectory } from "./tree.js";
import type { RawPathToken } from "./types.js";
import type { WalkedDirectory } from "./walked-directory.js";

/** The names token `t` (at `absolute`, walked as `walked`) lands as where it is copied, as write tokens or a prefix query. */
export function noteCopyLanding(call: ClassifyCall, t: RawPathToken, absolute: string | null, walked: WalkedDirectory | null): void {
  const copyDest = t.copyInto === undefined || !t.base.known ? null : resolve(t.base.dir, clean(t.copyInto, call.opts.home));
  // A file (not a walked tree) lands under the destination only when that is a directory: else it is the file written.
  if (t.copyInto === undefined || !(t.tree === true || copyDest === null || t.copyInto.endsWith("/") || isDirectory(copyDest))) return;
  const dest = copyDest;
  if (t.tree !== true && dest !== null) {
    // A file copy lands as exactly its own name, there or not yet (`echo > x && cp x /etc`): the file written.
    call.tokens.push({ token: `${dest.replace(/\/+$/, "")}/${basename(cleanToken(t, call.opts.home))}`, base: t.base, derived: true, role: "write" });
    return;
  }
  const landing = dest === null || absolute === null ? null : landingNames(absolute, walked, dest);
  if (landing === null || landing.anywhere) {
    const forms: Segment[][] = dest === null ? [[{ kind: "any" }]] : [[{ kind: "text", text: dest.replace(/\/+$/, "") + "/" }, { kind: "any" }]];
    call.rawPatterns.push({ token: t.copyInto, alternatives: forms, base: { known: true, dir: "/" }, kind: "unknown", role: "write" });
  } else {
    for (const name of landing.names) call.tokens.push({ token: name, base: t.base, derived: true, landed: true, role: "write" });
  }
}
