/** Files a command writes that no word names one by one: under a directory (`cp -t DIR`, `tar xf`), or after a prefix (`split`). */
import { resolve } from "node:path";
import type { CharSet, Segment } from "../../explore.js";
import type { ClassifyCall } from "./classify-call.js";
import type { RawPathToken } from "./types.js";

/** The suffixes split and csplit make: letters and digits (`xaa`, `x00`, `x0a`). */
const SUFFIX_CHARACTERS: CharSet = {
  negated: false,
  ranges: [
    [48, 57],
    [65, 90],
    [97, 122],
  ],
};

/** A directory the command writes files under (`cp -t DIR`, `git clone URL DIR`): any path under it, by prefix. */
export function noteWrittenUnder(call: ClassifyCall, t: RawPathToken, absolute: string | null, canonical: string | null): void {
  const under = (p: string): Segment[] => [{ kind: "text", text: p.replace(/\/+$/, "") + "/" }, { kind: "any" }];
  // A bare name is not resolved above unless it exists; a directory about to be made is resolved here.
  const dir = absolute ?? (t.base.known ? resolve(t.base.dir, t.token) : null);
  // `tar xf a.tar`: the archive's members, when permc can read them, are the files written; else any name under the directory.
  const members = dir === null || t.archive === undefined ? null : call.archiveMembers(t.archive, t.base);
  if (members !== null && dir !== null) {
    for (const name of members.names) call.tokens.push({ token: `${dir.replace(/\/+$/, "")}/${name}`, base: t.base, derived: true, role: "write" });
  } else {
    const forms = dir === null ? [[{ kind: "any" } as Segment]] : [under(dir), ...(canonical !== null && canonical !== dir ? [under(canonical)] : [])];
    call.rawPatterns.push({ token: t.token, alternatives: forms, base: { known: true, dir: "/" }, kind: "unknown", role: "write" });
  }
}

/** `split f PREFIX`, `csplit -f sshlink/`: the files are PREFIX and a suffix of letters and digits (in PREFIX's directory). */
export function noteWrittenPrefix(call: ClassifyCall, t: RawPathToken, absolute: string, canonical: string | null): void {
  // A prefix ending in `/` (`split f sshlink/`) names a directory, which the resolved path no longer shows.
  const slash = /\/$/.test(t.token) ? "/" : "";
  const named = (p: string): Segment[] => [
    { kind: "text", text: p.replace(/\/+$/, "") + slash },
    { kind: "many", set: SUFFIX_CHARACTERS },
  ];
  // Each spelling judged apart: the names land where the resolved one says, and the one as written meets its own rules.
  for (const p of canonical !== null && canonical !== absolute ? [absolute, canonical] : [absolute])
    call.rawPatterns.push({
      token: `${p === absolute ? t.token : canonical} (and a suffix)`,
      alternatives: [named(p)],
      base: { known: true, dir: "/" },
      kind: "unknown",
      role: "write",
    });
}
