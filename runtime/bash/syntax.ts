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

/** Shared by every leaf (most nodes): one array less per leaf. Frozen, so a stray push throws (and the split fails closed). */
const NO_CHILDREN: SyntaxNode[] = Object.freeze([]) as unknown as SyntaxNode[];

export class SyntaxNode {
  /** Set only while copying (copyTree). */
  children: SyntaxNode[] = NO_CHILDREN;
  private named: SyntaxNode[] | undefined;

  constructor(
    readonly type: string,
    readonly isNamed: boolean,
    /** UTF-16 offsets into the parsed string. */
    readonly startIndex: number,
    readonly endIndex: number,
  ) {}

  get namedChildren(): SyntaxNode[] {
    this.named ??= this.children === NO_CHILDREN ? NO_CHILDREN : this.children.filter((c) => c.isNamed);
    return this.named;
  }
}

/** One grammar per process (runtime/bash/parser.ts), so the type ids are stable. */
const NAMED_BY_TYPE_ID = new Map<number, boolean>();

/** Copy `tree` iteratively (deep trees cannot overflow the stack). */
export function copyTree(tree: Tree): SyntaxNode {
  const cursor = tree.walk();
  try {
    const types = tree.language.types;
    const make = (): SyntaxNode => {
      // Each cursor getter is a wasm call; namedness is fixed by the (alias)
      // symbol, so ask once per type id per process.
      const id = cursor.nodeTypeId;
      let named = NAMED_BY_TYPE_ID.get(id);
      if (named === undefined) NAMED_BY_TYPE_ID.set(id, (named = cursor.nodeIsNamed));
      return new SyntaxNode(types[id] || "ERROR", named, cursor.startIndex, cursor.endIndex);
    };
    const root = make();
    const stack: SyntaxNode[] = [root];
    for (;;) {
      // Anonymous nodes are tokens in tree-sitter-bash (its only anonymous
      // aliases name external tokens; test/bash/syntax-copy.test.ts checks the
      // grammar), so they have no children: skip the wasm call that would say so.
      if ((stack[stack.length - 1] as SyntaxNode).isNamed && cursor.gotoFirstChild()) {
        const n = make();
        adopt(stack[stack.length - 1] as SyntaxNode, n);
        stack.push(n);
        continue;
      }
      // No children: climb until some ancestor has a next sibling.
      for (;;) {
        stack.pop();
        if (stack.length === 0) return root;
        if (cursor.gotoNextSibling()) {
          const n = make();
          adopt(stack[stack.length - 1] as SyntaxNode, n);
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

function adopt(parent: SyntaxNode, child: SyntaxNode): void {
  if (parent.children === NO_CHILDREN) parent.children = [child];
  else parent.children.push(child);
}
