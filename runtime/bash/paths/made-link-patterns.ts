/** A path the command may reach through a link it makes and permc cannot see: a pattern that meets any rule. */
import type { ClassifyCall } from "./classify-call.js";
import type { RawPathToken } from "./types.js";

/** Under where the command makes links permc cannot see (`tar xf a.tar && cat x/passwd`): any path. */
export function noteThroughMadeLinks(call: ClassifyCall, t: RawPathToken, absolute: string): void {
  if (t.landed === true || t.underTree === true || t.writesUnder === true || !call.reachedThroughMade(t.token, t.base, absolute, t.gitWord === true)) return;
  call.rawPatterns.push({
    token: `${t.token} (through a link the command may make)`,
    alternatives: [[{ kind: "any" }]],
    base: { known: true, dir: "/" },
    kind: "unknown",
    role: t.role ?? "both",
  });
}
