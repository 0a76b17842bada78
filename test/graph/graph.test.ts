import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { codeUnitName, edgeLabel, formatRanges, type Range } from "../../compiler/graph/char-ranges.js";
import { renderSvg } from "../../compiler/graph/index.js";
import { permc } from "../support/cli.js";
import { workDir } from "../support/compile-and-load.js";

const CASES = path.resolve(import.meta.dirname, "..", "golden-graph");
const ALL: Range = [0, 0xffff];

/** Graphviz writes `-` as `&#45;` and so on; the labels are compared as a reader sees them. */
function decodeEntities(svg: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return svg.replace(/&(#\d+|[a-z]+);/g, (m, e: string) => (e.startsWith("#") ? String.fromCharCode(Number(e.slice(1))) : (named[e] ?? m)));
}

describe("edge labels", () => {
  it.each<[string, readonly Range[], readonly Range[], string]>([
    ["one printable character", [[0x61, 0x61]], [], "a"],
    ["a range", [[0x61, 0x7a]], [], "a-z"],
    [
      "space and controls by code",
      [
        [0x20, 0x20],
        [0x09, 0x09],
      ],
      [],
      "\\u0009 \\u0020",
    ],
    [
      "adjacent ranges merge",
      [
        [0x61, 0x63],
        [0x64, 0x66],
      ],
      [],
      "a-f",
    ],
    [
      "everything the other edges leave",
      [
        [0, 0x60],
        [0x62, 0xffff],
      ],
      [[0x61, 0x61]],
      "any other",
    ],
    [
      "most code units, some going nowhere",
      [
        [0, 0x60],
        [0x63, 0xffff],
      ],
      [[0x61, 0x61]],
      "any except a-b",
    ],
    ["every code unit", [ALL], [], "any other"],
  ])("%s", (_what, ranges, others, label) => {
    expect(edgeLabel(ranges, others)).toBe(label);
  });

  it("counts ranges past the eighth instead of listing them", () => {
    const many: Range[] = Array.from({ length: 10 }, (_, i) => [0x41 + 2 * i, 0x41 + 2 * i]);
    expect(formatRanges(many)).toBe("A C E G I K M O … (2 more ranges)");
  });

  it("names a code unit that is not printable ASCII by its code", () => {
    expect([0x7f, 0xe9, 0x21, 0x7e].map(codeUnitName)).toEqual(["\\u007f", "\\u00e9", "!", "~"]);
  });
});

describe("permc graph", () => {
  it("renders a golden DOT file to well-formed SVG with the rule labels", async () => {
    const dot = readFileSync(path.join(CASES, "bash-parts", "bash.dot"), "utf8");
    const svg = await renderSvg(dot);
    expect(svg).toMatch(/^<\?xml[^>]*>\s*<!DOCTYPE svg[^>]*>\s*(<!--[\s\S]*?-->\s*)?<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    // Balanced elements: every opening tag that is not self-closing is closed.
    const body = svg.slice(svg.indexOf("<svg"));
    const opened = (body.match(/<(?!\/|!|\?)[a-zA-Z][^>]*[^/]>/g) ?? []).length;
    const closed = (body.match(/<\/[a-zA-Z]+>/g) ?? []).length;
    expect(opened).toBe(closed);
    const text = decodeEntities(svg);
    for (const label of ["part 1 of 3", "register: the best rule of any state passed decides", "#3 deny *--force*", "bash-parts/global.perm:6", "any other"]) {
      expect(text).toContain(label);
    }
    // One cluster per part.
    expect(svg.match(/class="cluster"/g)?.length).toBe(3);
  });

  it("writes a surface's DOT and the lints' SVG from the command line", async () => {
    const dir = workDir();
    const policy = path.join(CASES, "pi-json-paths", "global.json");
    const dot = await permc(["graph", policy, "--surface", "bash", "--home", "/home/g"]);
    // The lints speak as in `permc compile` (a deny an allow overrides for some values).
    expect(dot.stderr).toMatch(/overridden-deny/);
    expect(dot.status).toBe(0);
    expect(dot.stdout).toContain('digraph "surface bash"');
    expect(dot.stdout).toMatch(/#\d+ allow echo \?\\n.*global\.json:12/);
    const out = path.join(dir, "lints.svg");
    const svg = await permc(["graph", policy, "--lints", "--format", "svg", "-o", out, "--home", "/home/g"]);
    expect(svg.status).toBe(0);
    const text = readFileSync(out, "utf8");
    expect(text).toContain("</svg>");
    expect(text).toContain("overrides");
    expect(decodeEntities(text)).toContain("*.example");
    rmSync(out);
  });

  it.each([
    [["--surface", "bash", "--lints"], /exactly one of --surface NAME and --lints/],
    [["--surface", "bash", "--format", "png"], /--format must be dot or svg/],
  ])("refuses bad usage %j", async (args, message) => {
    const r = await permc(["graph", path.join(CASES, "pi-json-paths", "global.json"), ...args]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it("shows the compile's warnings on stderr and still draws", async () => {
    const dir = workDir();
    const policy = path.join(dir, "dup.json");
    writeFileSync(policy, '{ "permission": { "*": "ask", "bash": { "git *": "allow", "git *": "deny" } } }\n');
    const r = await permc(["graph", policy, "--surface", "bash", "--home", "/home/g"]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/duplicate-key/);
    expect(r.stdout).toContain('digraph "surface bash"');
  });

  it("refuses a surface no rule names and the runtime never asks about (exit 2); `*` draws the universal default alone", async () => {
    const refused = await permc(["graph", path.join(CASES, "bash-prefixes", "global.perm"), "--surface", "nosuch", "--home", "/home/g"]);
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.split("\n")[0]).toBe('permc graph: unknown surface "nosuch": no rule names it and the runtime never asks about it');
    const r = await permc(["graph", path.join(CASES, "bash-prefixes", "global.perm"), "--surface", "*", "--home", "/home/g"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("#0 ask (default)");
    expect(r.stdout).not.toContain("git");
  });
});
