/**
 * The JS copy of a tree-sitter tree (runtime/bash/syntax/syntax.ts) must hold every
 * node with its exact range: the splitter slices unit texts from it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Tree } from "web-tree-sitter";
import { getBashParser } from "../../../runtime/bash/index.js";
import { copyTree, type SyntaxNode } from "../../../runtime/bash/syntax/syntax.js";
import { HOSTILE_RM } from "../hostile-cases.js";
import { VECTORS_DIR } from "../../support/fixtures.js";

const VECTORS = VECTORS_DIR;
const commands = [
  ...readFileSync(path.join(VECTORS, "bash-units.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { command: string }).command),
  ...HOSTILE_RM.map(([, command]) => command),
  ...readFileSync(path.join(VECTORS, "bash-decisions.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { command: string }).command),
  "cat <<'EOF' | sh\nrm -rf /\nEOF",
  'echo "${x#*/}" ${y//a/b} $((1 + 2)) `ls` <(cat) [[ a =~ ^b ]] {a,b}',
];

/** The plain cursor walk the copy replaces, asking every node for its children. */
function fullWalk(tree: Tree): string[] {
  const out: string[] = [];
  const c = tree.walk();
  let depth = 0;
  for (;;) {
    out.push(`${depth} ${c.nodeType} ${c.nodeIsNamed} ${c.startIndex} ${c.endIndex}`);
    if (c.gotoFirstChild()) {
      depth++;
      continue;
    }
    for (;;) {
      if (c.gotoNextSibling()) break;
      if (!c.gotoParent()) {
        c.delete();
        return out;
      }
      depth--;
    }
  }
}

function flatten(root: SyntaxNode): string[] {
  const out: string[] = [];
  const stack: Array<[SyntaxNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [n, d] = stack.pop()!;
    out.push(`${d} ${n.type} ${n.isNamed} ${n.startIndex} ${n.endIndex}`);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i]!, d + 1]);
  }
  return out;
}

describe("tree copy", () => {
  it("the grammar's anonymous nodes are all tokens (the copy never asks them for children)", () => {
    const require = createRequire(import.meta.url);
    const grammar = JSON.parse(
      readFileSync(path.join(path.dirname(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm")), "src", "grammar.json"), "utf8"),
    ) as {
      rules: Record<string, unknown>;
      externals: Array<{ type: string; name?: string }>;
    };
    const externals = new Set(grammar.externals.map((e) => e.name));
    const lexical = new Set(["STRING", "PATTERN", "TOKEN", "IMMEDIATE_TOKEN"]);
    const offenders: string[] = [];
    const visit = (n: unknown): void => {
      if (Array.isArray(n)) return n.forEach(visit);
      if (typeof n !== "object" || n === null) return;
      const r = n as { type?: string; named?: boolean; value?: string; content?: { type: string; name?: string } };
      if (r.type === "ALIAS" && r.named === false && r.content) {
        const token =
          lexical.has(r.content.type) ||
          (r.content.type === "SYMBOL" && (externals.has(r.content.name) || lexical.has((grammar.rules[r.content.name!] as { type: string })?.type)));
        if (!token) offenders.push(String(r.value));
      }
      Object.values(n).forEach(visit);
    };
    visit(grammar.rules);
    expect(offenders).toEqual([]);
  });

  it(`copies every node with its type, namedness and range (${commands.length} commands)`, async () => {
    const parser = await getBashParser();
    for (const command of commands) {
      const tree = parser.parse(command)!;
      try {
        expect(flatten(copyTree(tree)), command).toEqual(fullWalk(tree));
      } finally {
        tree.delete();
      }
    }
  });
});
