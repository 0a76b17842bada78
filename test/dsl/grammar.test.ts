import { describe, expect, it } from "vitest";
import { isBareName, parsePerm } from "../../grammar/index.js";

describe("grammar", () => {
  it("reads each statement kind with offsets", () => {
    const text =
      'scope global\ndefault ask\ninclude "x.perm"\nset shellTools {"a": {"commandArgument": "c"}}\ntest "my tool" "v" -> deny\nbash "git *" deny "why"\nread allow\n';
    const { statements, issues } = parsePerm(text);
    expect(issues).toEqual([]);
    expect(statements.map((s) => s.kind)).toEqual(["scope", "default", "include", "set", "test", "rule", "rule"]);
    const rule = statements[5]!;
    expect(rule.kind === "rule" && [rule.surface.value, rule.pattern?.value, rule.action.text, rule.reason?.value]).toEqual(["bash", "git *", "deny", "why"]);
    expect(text.slice(rule.start, rule.end)).toBe('bash "git *" deny "why"');
    const shorthand = statements[6]!;
    expect(shorthand.kind === "rule" && shorthand.pattern).toBeUndefined();
  });

  it("keeps comments and says which follow a statement", () => {
    const { comments } = parsePerm('# own line\nbash allow # trailing\n  # indented\n"#" "#" deny\n');
    expect(comments.map((c) => [c.text, c.trailing])).toEqual([
      ["# own line", false],
      ["# trailing", true],
      ["# indented", false],
    ]);
  });

  it("reads CRLF files", () => {
    const { statements, issues } = parsePerm('bash "x" allow\r\nread deny\r\n');
    expect(issues).toEqual([]);
    expect(statements).toHaveLength(2);
  });

  it.each([
    ["keywords are words inside longer names", "settings allow\n", 0],
    ["a keyword as a bare surface is a syntax error", "test allow\n", 1],
    ["one error per broken line, none lost", 'a "x\nb "y\nc "z" allow\n', 2],
    ["numbers are not bare names", "7 allow\n", 1],
  ])("%s", (_name, text, errors) => {
    expect(parsePerm(text).issues).toHaveLength(errors);
  });

  it.each([
    ["bash", true],
    ["exa_*", true],
    ["my-tool", true],
    ["my tool", false],
    ["7", false],
    ["test", false],
    ["github:x", false],
    ["", false],
  ])("isBareName(%j) is %s", (name, bare) => {
    expect(isBareName(name)).toBe(bare);
  });
});

describe("hostile text", () => {
  it("never throws, whatever the bytes", async () => {
    const fc = (await import("fast-check")).default;
    const { readPermDsl } = await import("../../compiler/frontend/perm/read-perm-dsl.js");
    const piece = fc.constantFrom(
      "bash",
      " ",
      "\n",
      '"',
      "\\",
      "{",
      "}",
      "[",
      "]",
      ":",
      ",",
      "->",
      "#",
      "test",
      "set",
      "default",
      "scope",
      "include",
      "allow",
      "7",
      "-",
      "\r",
      "\t",
      "\u0000",
      "\uFEFF",
      "*",
      "true",
      "null",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.array(piece, { maxLength: 30 }).map((p) => p.join("")),
        ),
        (text) => {
          parsePerm(text);
          readPermDsl({ file: "h.perm", text, scope: "global", kind: "perm-dsl" });
        },
      ),
      { numRuns: 2000 },
    );
  });
});
