/**
 * `readPatchFiles` against the patch headers OpenCode and Codex read: every
 * file either host would touch is named, and a header the two could read as
 * different files (or a `***` line that is no marker) makes the patch
 * unreadable. The host side of the property is OpenCode's header rule as its
 * parser states it (a line starting with `*** Add File:` etc., the path the
 * JS-trimmed rest), written here from that description.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPatchFiles } from "../../runtime/patch/patch-files.js";

const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");
const files = (text: unknown) => {
  const r = readPatchFiles(text);
  return "files" in r ? r.files : `unreadable: ${r.unreadable}`;
};

describe("readPatchFiles", () => {
  it.each([
    ["a normal patch", patch("*** Add File: a", "+x", "*** Update File: b", "*** Move to: c", "@@", "-x", "+y", "*** Delete File: d"), ["a", "b", "c", "d"]],
    ["CRLF line ends", patch("*** Add File: a", "+x", "*** End of File").replaceAll("\n", "\r\n"), ["a"]],
    ["a file named twice is listed once", patch("*** Update File: a", "@@", "-x", "+y", "*** Update File: a"), ["a"]],
    ["a body line that only mentions a header", patch("*** Add File: a", "+*** Add File: .env"), ["a"]],
    ["a patch that names no file", "garbage", []],
    ["no space after the colon (Add)", patch("*** Add File: notes2.txt", "+a", "*** Add File:.env", "+PWNED=1"), ["notes2.txt", ".env"]],
    ["no space after the colon (Delete)", patch("*** Add File: notes4.txt", "+a", "*** Delete File:envlink.txt"), ["notes4.txt", "envlink.txt"]],
    [
      "no space after the colon (Move to)",
      patch("*** Add File: n", "+a", "*** Update File: notes.txt", "*** Move to:.env", "@@", "-x", "+y"),
      ["n", "notes.txt", ".env"],
    ],
    ["a Move to anywhere", patch("*** Add File: n", "*** Move to: .env"), ["n", ".env"]],
    ["a header indented (Codex trims the line)", patch("*** Add File: n", "+a", "  *** Delete File: .env"), ["n", ".env"]],
    ["a header after U+0085 (Rust trims it, JS does not)", patch("\u0085*** Add File: .env"), [".env"]],
  ] as const)("%s", (_name, text, expected) => {
    expect(files(text)).toEqual(expected);
  });

  it.each([
    ["a tab after the colon", patch("*** Add File: notes.txt", "+a", "*** Add File:\t.env")],
    ["a CR inside the path", patch("*** Add File: x\r/../.env")],
    ["a NUL in the path", patch("*** Add File: a\u0000b")],
    ["a line separator in the path", patch("*** Add File: a\u2028b")],
    ["a paragraph separator in the path", patch("*** Delete File: a\u2029")],
    ["U+0085 in the path", patch("*** Add File: .env\u0085")],
    ["a BOM around the path (JS trims it, Rust does not)", patch("*** Add File: \ufeff.env")],
    ["two spaces after the colon (Codex keeps one)", patch("*** Add File:  .env")],
    ["a space after the path (Codex's Move keeps it)", patch("*** Update File: a", "*** Move to: .env ")],
    ["an empty path", patch("*** Add File:", "+a")],
    ["a path of spaces", patch("*** Delete File:   ")],
    ["an unknown *** line", patch("*** Add File: a", "*** Copy File: .env")],
    ["a header of another case", patch("*** add file: .env")],
    ["a text that is not a string", 7],
  ] as const)("unreadable: %s", (_name, text) => {
    expect(files(text)).toMatch(/^unreadable: /);
  });

  it("any header line OpenCode accepts names a file permc lists, or the patch is unreadable", () => {
    const header = fc.constantFrom("*** Add File:", "*** Update File:", "*** Delete File:", "*** Move to:");
    const spaces = fc.string({ unit: fc.constantFrom(" ", "\t", "\r", "\u00a0", "\u2028", "\ufeff", "\u0085", "\u3000", "\u000b"), maxLength: 3 });
    const name = fc.string({ unit: fc.constantFrom("a", ".", "/", "e", "n", "v", " ", "\r", "\u2028", "\u0000", "~"), minLength: 1, maxLength: 8 });
    const other = fc.constantFrom("+x", "@@", "-y", " z", "", "*** End of File");
    fc.assert(
      fc.property(fc.array(other, { maxLength: 3 }), header, spaces, name, spaces, fc.array(other, { maxLength: 3 }), (before, h, lead, n, trail, after) => {
        const line = `${h}${lead}${n}${trail}`;
        const openCodePath = line.slice(h.length).trim();
        const got = readPatchFiles(patch(...before, line, ...after));
        if (openCodePath === "" || "unreadable" in got) return;
        expect(got.files).toContain(openCodePath);
      }),
    );
  });
});
