/**
 * CDPATH where the command runs: `cd NAME` may then enter a directory under
 * any of its entries, so the paths after a relative `cd` are unknown. The
 * option defaults to this process's CDPATH, the environment the agent's
 * shell inherits.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../../runtime/bash/split.js";
import { parser, VECTOR_CWD, VECTOR_HOME } from "../helpers.js";

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

const saved = process.env.CDPATH;
afterEach(() => {
  if (saved === undefined) delete process.env.CDPATH;
  else process.env.CDPATH = saved;
});

/** Whether `cat ./passwd` after `cd ssh` is a path permc resolved, or one it cannot know. */
function afterCd(opts: { cdpath?: string }): { known: boolean; unknown: boolean } {
  const s = splitBash(p, "cd ssh && cat ./passwd", { cwd: VECTOR_CWD, home: VECTOR_HOME, ...opts });
  return {
    known: s.ruleCandidates.some((c) => c.value === `${VECTOR_CWD}/ssh/passwd`),
    unknown: s.pathPatterns.some((c) => c.token.includes("passwd")),
  };
}

describe("a relative cd under CDPATH", () => {
  it("without CDPATH, the path after it is resolved", () => {
    delete process.env.CDPATH;
    expect(afterCd({})).toEqual({ known: true, unknown: false });
  });

  it.each([
    ["given as an option", { cdpath: "/etc" }, undefined],
    ["inherited from the environment", {}, "/etc"],
  ])("with CDPATH %s, the path after it is unknown", (_label, opts, env) => {
    if (env === undefined) delete process.env.CDPATH;
    else process.env.CDPATH = env;
    expect(afterCd(opts).unknown).toBe(true);
  });
});
