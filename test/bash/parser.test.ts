/**
 * Parser initialisation: once per process, shared by concurrent callers; a
 * failed attempt is forgotten so the next call retries (fail closed meanwhile).
 */
import { afterEach, describe, expect, it } from "vitest";
import { getBashParser, resetBashParserForTests } from "../../runtime/bash/parser.js";
import { splitBash } from "../../runtime/bash/split.js";

afterEach(() => {
  resetBashParserForTests();
});

describe("getBashParser", () => {
  it("initialises once and shares the parser between concurrent callers", async () => {
    resetBashParserForTests();
    const [a, b] = await Promise.all([getBashParser(), getBashParser()]);
    expect(a).toBe(b);
    expect(await getBashParser()).toBe(a);
  });

  it("rejects when initialisation fails, and the next call succeeds", async () => {
    resetBashParserForTests(new Error("injected wasm load failure"));
    await expect(getBashParser()).rejects.toThrow("injected wasm load failure");
    const parser = await getBashParser();
    const s = splitBash(parser, "git status && rm -rf build");
    expect(s.units.filter((u) => u.derived !== true).map((u) => u.text)).toEqual(["git status", "rm -rf build"]);
  });

  it("concurrent callers of a failing attempt all reject; a later call retries", async () => {
    resetBashParserForTests(new Error("injected"));
    const results = await Promise.allSettled([getBashParser(), getBashParser()]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    await expect(getBashParser()).resolves.toBeDefined();
  });

  it("frees trees: ten thousand splits do not grow wasm memory without bound", async () => {
    const parser = await getBashParser();
    for (let i = 0; i < 10_000; i++) splitBash(parser, `echo ${i} && ls -la | grep x; cat <<EOF\n$(pwd)\nEOF`);
    // Reaching here without an out-of-memory abort is the assertion.
    expect(true).toBe(true);
  });
});
