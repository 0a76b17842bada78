/**
 * A plain JavaScript copy of a tree-sitter tree.
 *
 * Every property read on a web-tree-sitter `Node` crosses into wasm and
 * allocates wrapper objects; the splitter reads each node many times across
 * two walks. Copying the tree once with a cursor (a handful of wasm calls per
 * node) and walking the copy is several times faster, and lets the wasm tree
 * be freed before any analysis runs.
 */
import type { Tree } from "web-tree-sitter";

export class SyntaxNode {
  readonly children: SyntaxNode[] = [];
  private named: SyntaxNode[] | undefined;

  constructor(
    readonly type: string,
    readonly isNamed: boolean,
    /** UTF-16 offsets into the parsed string. */
    readonly startIndex: number,
    readonly endIndex: number,
  ) {}

  get namedChildren(): SyntaxNode[] {
    this.named ??= this.children.filter((c) => c.isNamed);
    return this.named;
  }
}

/** Copy `tree` iteratively (deep trees cannot overflow the stack). */
export function copyTree(tree: Tree): SyntaxNode {
  const cursor = tree.walk();
  try {
    const make = (): SyntaxNode => new SyntaxNode(cursor.nodeType, cursor.nodeIsNamed, cursor.startIndex, cursor.endIndex);
    const root = make();
    const stack: SyntaxNode[] = [root];
    for (;;) {
      if (cursor.gotoFirstChild()) {
        const n = make();
        (stack[stack.length - 1] as SyntaxNode).children.push(n);
        stack.push(n);
        continue;
      }
      // No children: climb until some ancestor has a next sibling.
      for (;;) {
        stack.pop();
        if (stack.length === 0) return root;
        if (cursor.gotoNextSibling()) {
          const n = make();
          (stack[stack.length - 1] as SyntaxNode).children.push(n);
          stack.push(n);
          break;
        }
        if (!cursor.gotoParent()) return root;
      }
    }
  } finally {
    cursor.delete();
  }
}
