/**
 * Parser initialisation: once per process, shared by concurrent callers; a
 * failed attempt is forgotten so the next call retries (fail closed meanwhile).
 */
import v8 from "node:v8";
import vm from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { getBashParser, loadedBashParser, resetBashParserForTests, UNLOADED_PARSER } from "../../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../../runtime/bash/split.js";
import { createGate } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";

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

  it("frees trees: ten thousand splits leave wasm memory where it was, while the same parses unfreed grow it", async () => {
    const parser = await getBashParser();
    const command = (i: number) => `echo ${i} && ls -la | grep x; cat <<EOF\n$(pwd)\nEOF`;
    // Wasm memory is counted as external memory and never shrinks: it grows only when trees pile up. Buffers other
    // test files in this worker let go of count there too, and a collection during a loop made the leak's measure
    // negative (a 43 MB program read by another file, 2026-12-06): each measure starts from a collected heap.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const external = () => {
      gc();
      return process.memoryUsage().external;
    };
    for (let i = 0; i < 1_000; i++) splitBash(parser, command(i)); // the heap reaches its working size
    const before = external();
    for (let i = 0; i < 10_000; i++) splitBash(parser, command(i));
    const bySplits = external() - before;
    // The measure can see a leak: the same parses without delete(), as a splitter that forgot to free would do.
    const beforeLeak = external();
    for (let i = 0; i < 10_000; i++) parser.parse(command(i));
    const byLeak = external() - beforeLeak;
    expect(byLeak).toBeGreaterThan(2 * 2 ** 20);
    expect(bySplits).toBeLessThan(byLeak / 4);
  });
});

describe("the grammar loads only when some text must be parsed", () => {
  const opts = { cwd: "/tmp/proj", home: "/home/t" };

  it("a plain command splits without the parser, as it does with it", async () => {
    const command = "cd app && npm test | tee log";
    const without = splitBash(UNLOADED_PARSER, command, opts);
    expect(without.failed).toBe(false);
    expect(without).toEqual(splitBash(await getBashParser(), command, opts));
  });

  it.each([
    ["an array", "a=(x y); git commit -m ${a[0]}"],
    ["an arithmetic expansion with a power", "echo $((2 ** 10))"],
    ["a case statement", "case $1 in a) echo a;; esac"],
    ["a [[ ]] comparison", "[[ $x == y ]] && echo y"],
    ["a continuation bash reads differently", "r\\\nm x"],
    ["source a wrapper hands to a shell", "bash -c 'case a in a) x=1;; esac'"],
  ])("text that needs tree-sitter (%s) fails closed with needsParser, and splits once the parser is given", async (_, command) => {
    const without = splitBash(UNLOADED_PARSER, command, opts);
    expect(without).toMatchObject({ failed: true, needsParser: true, units: [] });
    const withParser = splitBash(await getBashParser(), command, opts);
    expect(withParser.failed).toBe(false);
    expect(withParser.needsParser).toBeUndefined();
  });

  it("the gate decides a plain command without loading the grammar, and loads it for the first command that needs it", async () => {
    const { policy } = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow", "rm *": "deny" } })], { home: "/home/t" });
    resetBashParserForTests();
    const gate = createGate(policy!, opts);
    expect((await gate.decide({ tool: "bash", input: { command: "ls -la && rm x" } })).action).toBe("deny");
    expect(loadedBashParser()).toBe(UNLOADED_PARSER);
    expect((await gate.decide({ tool: "bash", input: { command: "case a in a) rm x;; esac" } })).action).toBe("deny");
    expect(loadedBashParser()).not.toBe(UNLOADED_PARSER);
  });
});
