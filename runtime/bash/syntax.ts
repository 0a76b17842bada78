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

/** Nodes that are one shell word, or part of one. */
const WORD_PARTS = new Set([
  "word", "string", "raw_string", "ansi_c_string", "translated_string", "concatenation", "simple_expansion",
  "expansion", "command_substitution", "process_substitution", "number", "arithmetic_expansion",
]);
/** Parents whose children are words of one command line. */
const WORD_LISTS = new Set(["command", "declaration_command", "unset_command", "for_statement", "array"]);

/**
 * tree-sitter-bash sometimes splits one shell word in two (`$'a'\$x`,
 * `'a'\b`): the pieces touch, with no blank between them, and bash reads
 * them as a single word. Join each run of touching pieces into one
 * `concatenation`, in place, so every later step sees bash's words. A
 * command name that touches the next piece absorbs it.
 */
export function glueTouchingWords(root: SyntaxNode): void {
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    if (WORD_LISTS.has(node.type) && node.children.length > 1) node.children = glued(node.children);
    for (const c of node.children) if (c.children.length > 0) stack.push(c);
  }
}

function glued(children: SyntaxNode[]): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const c of children) {
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.endIndex === c.startIndex && WORD_PARTS.has(c.type)) {
      if (prev.type === "command_name" && prev.children.length === 1) {
        const name = new SyntaxNode("command_name", true, prev.startIndex, c.endIndex);
        name.children = [join(prev.children[0] as SyntaxNode, c)];
        out[out.length - 1] = name;
        continue;
      }
      if (WORD_PARTS.has(prev.type)) {
        out[out.length - 1] = join(prev, c);
        continue;
      }
    }
    out.push(c);
  }
  return out;
}

function join(a: SyntaxNode, b: SyntaxNode): SyntaxNode {
  const node = new SyntaxNode("concatenation", true, a.startIndex, b.endIndex);
  const left = a.type === "concatenation" ? a.children : [a];
  const right = b.type === "concatenation" ? b.children : [b];
  node.children = [...left, ...right];
  return node;
}
