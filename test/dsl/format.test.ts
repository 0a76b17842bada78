import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPerm } from "../../compiler/print/perm-dsl-format.js";
import { rulesEqualIgnoringSpans } from "../../compiler/ir.js";
import { compileAll, perm } from "./helpers.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function fmt(text: string): string {
  const r = formatPerm(text);
  if (!r.ok) throw new Error("did not format");
  return r.text;
}

describe("permc fmt", () => {
  it("lays out a messy file canonically, keeping comments and line order", () => {
    const messy =
      '\n\n# head\nscope   global\n\n\n"bash"   "*"\task   # why\n  read "a\\u0041" deny   "no"\nset yoloMode   false\nset shellTools {"x":{"commandArgument":"c"}}\ntest   "bash" "ls" ->  ask\n\n';
    expect(fmt(messy)).toBe(
      '# head\nscope global\n\nbash "*" ask  # why\nread "aA" deny "no"\nset yoloMode false\nset shellTools {"x": {"commandArgument": "c"}}\ntest bash "ls" -> ask\n',
    );
  });

  it("quotes names that do not lex as one word", () => {
    expect(fmt('"my tool *" allow\n"test" "x" deny\n"7" allow\n')).toBe('"my tool *" allow\n"test" "x" deny\n"7" allow\n');
  });

  it("leaves a file with syntax errors alone", () => {
    expect(formatPerm('bash "x\n').ok).toBe(false);
  });

  it("keeps examples/policy.perm as it is (the example is canonical)", () => {
    const text = readFileSync(path.join(ROOT, "examples", "policy.perm"), "utf8");
    expect(fmt(text)).toBe(text);
  });

  const name = fc.constantFrom("bash", '"bash"', "exa_*", '"my tool"', '"7"', "read");
  const str = fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s || "x"));
  const space = fc.constantFrom(" ", "  ", "\t");
  const stmt = fc.oneof(
    fc.tuple(name, space, str, space, fc.constantFrom("allow", "ask", "deny")).map((p) => p.join("")),
    fc.tuple(name, space, fc.constantFrom("allow", "ask")).map((p) => p.join("")),
    fc.constantFrom("# note", "", "   ", "default ask", "set yoloMode true"),
  );

  it("is idempotent and never changes what compiles", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(stmt, fc.option(fc.constantFrom("  # c", "#c"), { nil: "" })), { maxLength: 8 }), (lines) => {
        const text = lines.map(([s, c]) => (s.trim() === "" || s.startsWith("#") ? s : s + c)).join("\n");
        const once = fmt(text);
        expect(fmt(once)).toBe(once);
        const a = compileAll([perm(text)], "compose");
        const b = compileAll([perm(once)], "compose");
        expect(b.diagnostics.map((d) => d.slug)).toEqual(a.diagnostics.map((d) => d.slug));
        if (a.state.policy && b.state.policy) expect(rulesEqualIgnoringSpans(a.state.policy.rules, b.state.policy.rules)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
