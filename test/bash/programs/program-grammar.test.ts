/**
 * Three small, general rules of the program-record interpreter that the
 * GTFOBins records needed: `@file` option files, `-name=$(…)` values of
 * single-dash long options, and a first operand that names no listed
 * subcommand being a plain operand.
 */
import { describe, expect, it } from "vitest";
import { interpret } from "../../../runtime/bash/programs/analyse-program.js";
import { Findings } from "../../../runtime/bash/programs/findings.js";
import { parseArguments } from "../../../runtime/bash/programs/parse-options.js";
import type { OptionGrammar, ProgramRecord } from "../../../runtime/bash/programs/program-record.js";
import { syntheticWord, type Word } from "../../../runtime/bash/words/words.js";

const word = (v: string): Word => syntheticWord(v);
/** A word whose value permc cannot know (`$X`, `$(…)`), spelled as written. */
const dynamic = (raw: string): Word => ({ ...syntheticWord(raw), value: null });
const words = (...ws: Array<string | Word>): Word[] => ws.map((w) => (typeof w === "string" ? word(w) : w));

const AT: OptionGrammar = { unknown: "flag", permute: true, at: { unsure: "reads options from a file" }, short: { o: "write" } };

describe("@file option files", () => {
  it("an @word is an option carrying the grammar's meaning, anywhere when options permute", () => {
    const args = parseArguments(words("cc", "-c", "main.c", "@opts"), 1, AT);
    expect(args.options.map((o) => [o.name, o.value])).toEqual([["@", "opts"]]);
    expect(args.operands).toEqual([2]);
  });

  it("after the options end (POSIX order) an @word is an operand", () => {
    const args = parseArguments(words("cc", "main.c", "@opts"), 1, { ...AT, permute: false });
    expect(args.options).toEqual([]);
    expect(args.operands).toEqual([1, 2]);
  });

  it("a lone @ and grammars without `at` keep @words as operands", () => {
    expect(parseArguments(words("cc", "@"), 1, AT).operands).toEqual([1]);
    expect(parseArguments(words("cat", "@notes"), 1, { unknown: "flag" }).operands).toEqual([1]);
  });

  it("an @word built from an expansion makes the parse unsure", () => {
    expect(parseArguments(words("cc", dynamic("@$F")), 1, AT).unsure).toMatch(/option file/);
    expect(parseArguments(words("cat", dynamic("@$F")), 1, { unknown: "flag" }).unsure).toBeNull();
  });
});

describe("single-dash long options with a value permc cannot know", () => {
  const G: OptionGrammar = { unknown: "flag", permute: true, singleDashLong: true, long: { toolexec: "shell", tags: "value" } };

  it("-name=$(…) is the named option with an unknown value", () => {
    const args = parseArguments(words("go", dynamic("-toolexec=$(x)"), "."), 1, G);
    expect(args.options.map((o) => [o.name, o.value])).toEqual([["toolexec", null]]);
    expect(args.operands).toEqual([2]);
  });

  it("without singleDashLong the word is not taken for a long option", () => {
    const args = parseArguments(words("go", dynamic("-toolexec=$(x)")), 1, { ...G, singleDashLong: false });
    expect(args.options).toEqual([]);
  });
});

describe("a first operand that names no listed subcommand", () => {
  const RECORD: ProgramRecord = {
    names: ["conv"],
    options: { unknown: "flag", permute: true, short: { o: "write" } },
    operands: ["read"],
    subcommands: { lua: { always: { code: "Lua" } } },
  };
  const run = (...ws: string[]): Findings => {
    const w = words("conv", ...ws);
    const f = new Findings("conv", { words: w, src: "", stdin: false, stdinText: null });
    interpret(f, RECORD, w, 1);
    return f;
  };

  it("is read with the record's operand meanings", () => {
    const f = run("notes.md", "-o", "out.html");
    expect(f.kind).toBeNull();
    expect(f.paths.map((p) => [p.word.value, p.role])).toEqual([
      ["out.html", "write"],
      ["notes.md", "read"],
    ]);
    expect(f.inner).toEqual([]);
  });

  it("a listed subcommand still decides", () => {
    const f = run("lua", "-e", "x");
    expect(f.kind).toBe("opaque");
    expect(f.reason).toMatch(/Lua/);
  });

  it("a first operand permc cannot know is still a subcommand it cannot know", () => {
    const w = [word("conv"), dynamic("$S")];
    const f = new Findings("conv", { words: w, src: "", stdin: false, stdinText: null });
    interpret(f, RECORD, w, 1);
    expect(f.reason).toMatch(/subcommand depends on an expansion/);
  });
});

describe("an option permc does not know may take the next word", () => {
  const LOOSE: OptionGrammar = { unknown: "flag", permute: false, short: { v: "flag" } };
  it.each([
    [["pnpm", "--filter", "web", "exec"], [1]],
    [["pnpm", "-C", "/tmp", "exec"], [1]],
    [["pnpm", "-vC", "/tmp", "exec"], [1]],
    // Known options, `--name=value`, and a letter inside a cluster followed by more letters are not guesses.
    [["pnpm", "-v", "exec"], []],
    [["pnpm", "--dir=/tmp", "exec"], []],
    [["pnpm", "-Cv", "exec"], []],
  ])("%j: guessed %j", (ws, guessed) => {
    expect([...parseArguments(words(...ws), 1, LOOSE).guessed]).toEqual(guessed);
  });

  it("the operand after a guessed option's possible value is judged as the subcommand too", () => {
    const record: ProgramRecord = { names: ["tool"], options: LOOSE, operands: ["value"], subcommands: { exec: { operands: ["argv"] } } };
    const f = new Findings("tool", { words: words("tool", "--filter", "web", "exec", "rm", "x"), src: "", stdin: false, stdinText: null });
    interpret(f, record, f.view.words, 1);
    expect(f.inner.map((c) => c.words.map((w) => w.value).join(" "))).toContain("rm x");
    const g = new Findings("tool", { words: words("tool", "-v", "web", "exec", "rm", "x"), src: "", stdin: false, stdinText: null });
    interpret(g, record, g.view.words, 1);
    expect(g.inner.map((c) => c.words.map((w) => w.value).join(" "))).not.toContain("rm x");
  });
});
