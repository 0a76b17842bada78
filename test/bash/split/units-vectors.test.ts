/**
 * bash-units.jsonl: permc reports every unit the reference reports, in the
 * same order, with the same text, context and wrapper kind. Its own units
 * are marked `derived` and only ever added. Path candidates mirror the
 * reference; permc's extra candidates are marked `derived`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import type { BashUnit } from "../../../runtime/bash/split.js";
import { parser, readJsonl, split } from "../helpers.js";

interface RefUnit {
  text: string;
  context?: string;
  wrapperKind?: string;
}
interface UnitsVector {
  id: string;
  category: string;
  command: string;
  expected: {
    units?: RefUnit[];
    parsed?: false;
    hasError?: boolean;
    paths?: { ruleCandidates: Array<{ token: string; value: string }>; externalPaths: string[] };
  };
}

const vectors = readJsonl<UnitsVector>("bash-units.jsonl");

/** permc's unit in the vector's shape (the reference calls opaque wrappers "opaque-payload"). */
function asReference(u: BashUnit): RefUnit {
  const out: RefUnit = { text: u.text };
  if (u.context !== undefined) out.context = u.context;
  if (u.wrapperKind !== undefined) out.wrapperKind = u.wrapperKind === "opaque" ? "opaque-payload" : u.wrapperKind;
  return out;
}

/** `/dev/std*` resolve through /proc/self/fd: their external status depends on the host. */
const hostDependent = (p: string): boolean => /^\/dev\/std(in|out|err)$/.test(p);

/**
 * Commands whose tree tree-sitter gives without an error but permc reads as
 * misread (runtime/bash/syntax/misread-tree.ts: a command named by an unquoted
 * reserved word), so they are asked: bash does not run what the tree says.
 */
const STRICTER_THAN_TREE_SITTER: Readonly<Record<string, string>> = {
  "control_flow-020": "bash runs `sleep 1` in a coprocess named worker; the tree has commands `coproc worker { sleep 1` and `}`",
  "syntax_error-014": "bash stops at `fi` alone (a syntax error)",
  "syntax_error-027": "bash stops at `then` (a syntax error)",
};

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

describe("bash-units.jsonl", () => {
  it("has vectors", () => {
    expect(vectors.length).toBeGreaterThan(100);
  });

  it.each(vectors.map((v) => [v.id, v] as const))("%s: the reference's units appear unchanged and in order", (_id, v) => {
    const s = split(p, v.command);
    const reference = v.expected.units ?? [];
    const own = s.units.filter((u) => u.derived !== true).map(asReference);
    expect(own).toEqual(reference);
    // And as a subsequence of everything permc reports.
    let i = 0;
    for (const u of s.units) {
      if (i < reference.length && JSON.stringify(asReference(u)) === JSON.stringify(reference[i]) && u.derived !== true) i++;
    }
    expect(i).toBe(reference.length);
    if (v.expected.parsed === false) expect(s.empty).toBe(true);
  });

  it.each(vectors.map((v) => [v.id, v] as const))("%s: hasError agrees with tree-sitter's", (id, v) => {
    const s = split(p, v.command);
    expect(s.hasError).toBe(STRICTER_THAN_TREE_SITTER[id] !== undefined ? true : (v.expected.hasError ?? false));
  });

  it.each(vectors.filter((v) => v.expected.paths !== undefined).map((v) => [v.id, v] as const))(
    "%s: path candidates mirror the reference; external paths are a superset",
    (_id, v) => {
      const s = split(p, v.command);
      const paths = v.expected.paths ?? { ruleCandidates: [], externalPaths: [] };
      const own = s.ruleCandidates.filter((c) => c.derived !== true).map((c) => ({ token: c.token, value: c.value }));
      expect(own).toEqual(paths.ruleCandidates);
      for (const e of paths.externalPaths) {
        if (hostDependent(e)) continue;
        expect(s.externalPaths).toContain(e);
      }
      // Anything extra comes from a candidate permc flags as outside the cwd.
      const flagged = new Set(s.ruleCandidates.filter((c) => c.external).flatMap((c) => c.values));
      for (const e of s.externalPaths) {
        if (!paths.externalPaths.includes(e) && !hostDependent(e)) expect(flagged.has(e)).toBe(true);
      }
    },
  );
});
