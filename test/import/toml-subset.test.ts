/**
 * The TOML reader behind `permc import gemini`: what Gemini CLI's policy
 * files use reads as TOML says, and anything else is an error naming its
 * line (Gemini CLI skips a file its parser rejects, so a half-read file
 * could import rules Gemini CLI never applied, or miss a deny).
 */
import { describe, expect, it } from "vitest";
import { parseToml } from "../../compiler/import/toml-subset.js";

const plain = (text: string) => {
  const r = parseToml(text);
  if ("error" in r) throw new Error(r.error);
  return JSON.parse(JSON.stringify(r.root));
};

describe("TOML subset: reads", () => {
  it.each<[string, string, unknown]>([
    ["a basic string with escapes", String.raw`a = "q\"b\\s\tt\u00e9\U0001F600"`, { a: 'q"b\\s\tté😀' }],
    ["a literal string keeps backslashes", String.raw`a = '\x00"file_path":"\.md'`, { a: String.raw`\x00"file_path":"\.md` }],
    ["a multi-line basic string (first newline trimmed, line-ending backslash)", 'a = """\nx\\\n   y\n"""', { a: "xy\n" }],
    ["a multi-line literal string", "a = '''\nraw \\n\n'''", { a: "raw \\n\n" }],
    ["quotes before the closing delimiter", 'a = """x"""""', { a: 'x""' }],
    ["integers, signs, underscores, bases", "a = [1_000, -3, +4, 0x1F, 0o17, 0b101]", { a: [1000, -3, 4, 31, 15, 5] }],
    ["floats", "a = [1.5, -2e3, 6.0]", { a: [1.5, -2000, 6] }],
    ["booleans", "a = true\nb = false", { a: true, b: false }],
    ["a multi-line array with comments and a trailing comma", 'a = [\n  "x", # one\n  # two\n  "y",\n]\n', { a: ["x", "y"] }],
    ["an inline table (and a comma before its brace, as Gemini CLI's parser takes)", "a = { b = 1, c.d = true, }", { a: { b: 1, c: { d: true } } }],
    ["quoted and dotted keys", "\"a b\" = 1\nx . y = 2\n'z' = 3", { "a b": 1, x: { y: 2 }, z: 3 }],
    [
      "arrays of tables, and a sub-table of the last element",
      '[[rule]]\nn = 1\n[[rule]]\nn = 2\n[rule.sub]\nk = "v"\n[[other.list]]\nm = 3',
      { rule: [{ n: 1 }, { n: 2, sub: { k: "v" } }], other: { list: [{ m: 3 }] } },
    ],
    ["a table opened after its sub-table", "[a.b]\nx = 1\n[a]\ny = 2", { a: { b: { x: 1 }, y: 2 } }],
    ["CRLF line ends and comments after values", 'a = 1 # one\r\n[t] # table\r\nb = "x"\r\n', { a: 1, t: { b: "x" } }],
    ["an empty file", "", {}],
  ])("%s", (_what, text, expected) => {
    expect(plain(text)).toEqual(expected);
  });

  it("records the line each table starts on", () => {
    const r = parseToml("# c\n\n[[rule]]\nx = 1\n\n[[rule]]\ny = { z = 1 }\n");
    if ("error" in r) throw new Error(r.error);
    const rules = r.root["rule"] as Record<string, unknown>[];
    expect(rules.map((t) => r.lines.get(t as never))).toEqual([3, 6]);
  });
});

describe("TOML subset: refuses, naming the line", () => {
  it.each<[string, string, string]>([
    ["an escape TOML does not have (Gemini CLI's own example extension policy has one)", 'a = "ok"\nb = "(\\.env)"', "line 2: `\\.` is not a TOML escape"],
    ["a key defined twice", "a = 1\na = 2", "line 2: `a` is defined twice"],
    ["a table defined twice", "[a]\n[a]", "line 2: table `a` is defined twice"],
    ["a table header over an array of tables", "[[a]]\n[a]", "line 2: table `a` is defined twice"],
    ["an array of tables over a table", "[a]\n[[a]]", "line 2: `a` is already defined, not as an array of tables"],
    ["adding to an inline table", "a = { b = 1 }\n[a.c]", "line 2: `a` is already defined as a value"],
    ["an array mixing types", "a = [1, 2.0]", "line 1: an array mixes integers and floats"],
    ["a date", "a = 1979-05-27", "line 1: `1979-05-27`: dates and times are not read here"],
    ["a bare word", "a = allow", "line 1: `allow` is not a TOML value"],
    ["a leading zero", "a = 01", "line 1: `01` is not a TOML value"],
    ["an unterminated string", 'a = "x\nb = 1', "line 1: unterminated string"],
    ["text after a value", 'a = "x" "y"', "line 1: the line goes on after its value"],
    ["a missing `=`", "a 1", "line 1: `=` expected after a key"],
    ["an unclosed header", "[a\nb = 1", "line 1: `]` expected after the table name"],
    ["a byte-order mark", "\uFEFFa = 1", "line 1: the file starts with a byte-order mark"],
    ["an integer too large to read exactly", "a = 9007199254740993", "line 1: `9007199254740993` is too large an integer"],
    ["a newline inside an inline table", "a = {\nb = 1 }", "line 1: a key expected"],
  ])("%s", (_what, text, message) => {
    const r = parseToml(text);
    expect("error" in r ? r.error : "read without error").toContain(message);
  });
});
