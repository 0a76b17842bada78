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
  /**
   * What one analysis derived from this node, kept so a second reader does not
   * derive it again (words/words.ts keeps the cooked word here: the path collector
   * and the walk both read every word). A tree belongs to one analysis.
   */
  memo: object | undefined = undefined;

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

/** One grammar per process (runtime/bash/syntax/parser.ts), so the type ids are stable; indexed by id (a few hundred). */
const NAMED_BY_TYPE_ID: Array<boolean | undefined> = [];

/** Copy `tree` iteratively (deep trees cannot overflow the stack). */
export function copyTree(tree: Tree): SyntaxNode {
  const cursor = tree.walk();
  try {
    const types = tree.language.types;
    const make = (): SyntaxNode => {
      // Each cursor getter is a wasm call; namedness is fixed by the (alias)
      // symbol, so ask once per type id per process.
      const id = cursor.nodeTypeId;
      let named = NAMED_BY_TYPE_ID[id];
      if (named === undefined) NAMED_BY_TYPE_ID[id] = named = cursor.nodeIsNamed;
      return new SyntaxNode(types[id] || "ERROR", named, cursor.startIndex, cursor.endIndex);
    };
    const root = make();
    const stack: SyntaxNode[] = [root];
    for (;;) {
      // Anonymous nodes are tokens in tree-sitter-bash (its only anonymous
      // aliases name external tokens; test/bash/syntax/syntax-copy.test.ts checks the
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
  "word",
  "string",
  "raw_string",
  "ansi_c_string",
  "translated_string",
  "concatenation",
  "simple_expansion",
  "expansion",
  "command_substitution",
  "process_substitution",
  "number",
  "arithmetic_expansion",
]);
/**
 * Parents whose children are words of one command line. A redirect's
 * target and the words tree-sitter hangs on it after the target
 * (reattachRedirectWords moves those onto the command) are glued first, so
 * `2>&1 $'--for'\ce` moves one word, `--force`, as bash reads it.
 */
const WORD_LISTS = new Set(["command", "declaration_command", "unset_command", "for_statement", "array", "file_redirect", "heredoc_redirect"]);

/**
 * tree-sitter-bash sometimes splits one shell word in two (`$'a'\$x`,
 * `'a'\b`): the pieces touch, with no blank between them, and bash reads
 * them as a single word. Join each run of touching pieces into one
 * `concatenation`, in place, so every later step sees bash's words. A
 * command name that touches the next piece absorbs it, and so does a
 * here-string's word (`<<<$'a'\$b`, which tree-sitter ends early).
 */
export function glueTouchingWords(root: SyntaxNode): void {
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    if (WORD_LISTS.has(node.type) && node.children.length > 1 && touches(node.children)) node.children = glued(node.children);
    for (const c of node.children) if (c.children.length > 0) stack.push(c);
  }
}

/** Some word piece touches the piece before it (`glued` would join them); most word lists have none. */
function touches(children: readonly SyntaxNode[]): boolean {
  for (let i = 1; i < children.length; i++) {
    const c = children[i] as SyntaxNode;
    if ((children[i - 1] as SyntaxNode).endIndex === c.startIndex && WORD_PARTS.has(c.type)) return true;
  }
  return false;
}

function glued(children: SyntaxNode[]): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const c of children) {
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.endIndex === c.startIndex && WORD_PARTS.has(c.type)) {
      const last = prev.children[prev.children.length - 1];
      if (prev.type === "herestring_redirect" && last !== undefined && WORD_PARTS.has(last.type)) {
        const herestring = new SyntaxNode("herestring_redirect", true, prev.startIndex, c.endIndex);
        herestring.children = [...prev.children.slice(0, -1), join(last, c)];
        out[out.length - 1] = herestring;
        continue;
      }
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

/**
 * tree-sitter-bash hangs the words written after a redirect's target on the
 * redirect (`git 2>/dev/null push --force` parses as the command `git` with
 * a redirect holding `/dev/null push --force`). For bash they are the
 * command's arguments: move them back onto the command, in place, so the
 * command is judged with all its words (the reference since 34.0.1). Returns
 * whether some such words had no simple command to go to (`{ a; } >x y`):
 * the caller must not read the tree as complete, since bash may run them.
 */
export function reattachRedirectWords(root: SyntaxNode): boolean {
  let lost = false;
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    if (node.type === "redirected_statement") lost = !reattachStatement(node) || lost;
    else if (node.type === "command") reattachInside(node);
    for (const c of node.children) if (c.children.length > 0) stack.push(c);
  }
  return lost;
}

/**
 * The word-like children of a redirect that are not its target: after the
 * target of a file redirect, every word of a descriptor close (`>&-`), and
 * the words after a heredoc's delimiter (`<<EOF push --force`).
 */
function strayWords(redirect: SyntaxNode): SyntaxNode[] {
  if (redirect.type !== "heredoc_redirect" && redirect.type !== "file_redirect") return NO_CHILDREN;
  const words = redirect.children.filter((c) => c.isNamed && WORD_PARTS.has(c.type));
  if (redirect.type === "heredoc_redirect") return words;
  if (redirect.type !== "file_redirect") return [];
  const closes = redirect.children.some((c) => !c.isNamed && (c.type === ">&-" || c.type === "<&-"));
  return closes ? words : words.slice(1);
}

function detach(redirect: SyntaxNode, stray: readonly SyntaxNode[]): void {
  const drop = new Set(stray);
  redirect.children = redirect.children.filter((c) => !drop.has(c));
}

/** The simple command a statement-level redirect binds to: the last one of a list or pipeline, or the one `!` negates. */
function boundCommand(statement: SyntaxNode): SyntaxNode | undefined {
  let node = statement.children.find((c) => c.isNamed && !REDIRECT_TYPES.has(c.type));
  while (node !== undefined && (node.type === "list" || node.type === "pipeline" || node.type === "negated_command")) {
    const named = node.children.filter((c) => c.isNamed);
    node = named[named.length - 1];
  }
  return node?.type === "command" ? node : undefined;
}

const REDIRECT_TYPES = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);

/**
 * `cmd >out a b`: the statement's command gains `a b` at its end. False when
 * there are such words and no simple command to take them.
 */
function reattachStatement(statement: SyntaxNode): boolean {
  const moved: SyntaxNode[] = [];
  const take = (redirect: SyntaxNode): void => {
    const stray = strayWords(redirect);
    if (stray.length === 0) return;
    detach(redirect, stray);
    moved.push(...stray);
  };
  for (const c of statement.children) {
    take(c);
    // File redirects written after a here-document's delimiter hang on the here-document (`cat <<EOF >f x`).
    if (c.type === "heredoc_redirect") for (const r of c.children) if (r.type === "file_redirect") take(r);
  }
  if (moved.length === 0) return true;
  const command = boundCommand(statement);
  if (command === undefined) return false;
  command.children = [...command.children, ...moved].sort((a, b) => a.startIndex - b.startIndex);
  return true;
}

/** `git 2>&1 push`: a redirect inside the command keeps its target; the words after it stay arguments. */
function reattachInside(command: SyntaxNode): void {
  let changed = false;
  const out: SyntaxNode[] = [];
  for (const c of command.children) {
    out.push(c);
    const stray = strayWords(c);
    if (stray.length === 0) continue;
    detach(c, stray);
    out.push(...stray);
    changed = true;
  }
  if (changed) command.children = out;
}

const CHAIN_TYPES: ReadonlySet<string> = new Set(["pipeline", "list"]);
const PIPE_OPERATORS: ReadonlySet<string> = new Set(["|", "|&"]);
const LIST_OPERATORS: ReadonlySet<string> = new Set(["&&", "||"]);

/**
 * tree-sitter-bash groups three or more piped commands before `&&` or `||`
 * wrongly: `a | b | c && d` is pipeline(a, list(pipeline(b, c), d)), as if
 * `d` ran inside the pipeline, in a subshell reading `a`'s output. Bash
 * binds pipes tighter and reads list(pipeline(a, b, c), d): `d` runs in the
 * shell itself, so `ls | ls | ls && cd /etc; cat passwd` reads /etc/passwd
 * (permc read ./passwd and allowed it under `/etc/*`), and `… && bash` reads
 * the agent's input, not the pipe. Rebuilds each such chain of pipelines
 * and lists with bash's grouping (pipes first, then `&&`/`||` from the
 * left), in place; the commands and operators stay the nodes they were.
 * Returns whether some misgrouped chain could not be rebuilt (a comment in
 * it): the caller must then not read the tree as complete.
 */
export function regroupChains(root: SyntaxNode): boolean {
  let unsure = false;
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as SyntaxNode;
      if (!CHAIN_TYPES.has(child.type)) {
        if (child.children.length > 0) stack.push(child);
        continue;
      }
      const chain = flattenChain(child);
      if (chain.misgrouped) {
        const rebuilt = !chain.odd && chain.elements.length === chain.operators.length + 1 ? bashGrouping(chain) : null;
        if (rebuilt === null) unsure = true;
        else children[i] = rebuilt;
      }
      // The chain's commands may hold chains of their own (`$(a | b | c && d)`, a subshell).
      for (const e of chain.elements) if (e.children.length > 0) stack.push(e);
    }
  }
  return unsure;
}

interface Chain {
  /** The commands (simple or compound, or a statement with its redirects) in source order. */
  readonly elements: SyntaxNode[];
  /** The `|`, `|&`, `&&`, `||` tokens between them, in source order. */
  readonly operators: SyntaxNode[];
  /** Whether some pipeline holds a list: a grouping bash never makes. */
  misgrouped: boolean;
  /** Something else among them (a comment after `&&`): the chain is not rebuilt. */
  odd: boolean;
}

function flattenChain(top: SyntaxNode): Chain {
  const chain: Chain = { elements: [], operators: [], misgrouped: false, odd: false };
  const stack: SyntaxNode[] = [top];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    if (CHAIN_TYPES.has(node.type)) {
      // Children are pushed in reverse, so they pop in source order.
      for (let i = node.children.length - 1; i >= 0; i--) {
        const c = node.children[i] as SyntaxNode;
        if (node.type === "pipeline" && c.type === "list") chain.misgrouped = true;
        stack.push(c);
      }
    } else if (node.isNamed && node.type !== "comment") chain.elements.push(node);
    else if (!node.isNamed && (PIPE_OPERATORS.has(node.type) || LIST_OPERATORS.has(node.type))) chain.operators.push(node);
    else chain.odd = true;
  }
  return chain;
}

/** The chain as bash groups it: pipelines of the elements between `&&`/`||`, joined from the left. */
function bashGrouping({ elements, operators }: Chain): SyntaxNode {
  const pipelines: SyntaxNode[][] = [[elements[0] as SyntaxNode]];
  const joiners: SyntaxNode[] = [];
  for (let k = 0; k < operators.length; k++) {
    const operator = operators[k] as SyntaxNode;
    const next = elements[k + 1] as SyntaxNode;
    if (PIPE_OPERATORS.has(operator.type)) (pipelines[pipelines.length - 1] as SyntaxNode[]).push(operator, next);
    else {
      joiners.push(operator);
      pipelines.push([next]);
    }
  }
  let joined = pipelineOf(pipelines[0] as SyntaxNode[]);
  for (let j = 0; j < joiners.length; j++) {
    const right = pipelineOf(pipelines[j + 1] as SyntaxNode[]);
    const list = new SyntaxNode("list", true, joined.startIndex, right.endIndex);
    list.children = [joined, joiners[j] as SyntaxNode, right];
    joined = list;
  }
  return joined;
}

/** One command, or a pipeline of several (`parts` holds them with the `|` tokens between). */
function pipelineOf(parts: SyntaxNode[]): SyntaxNode {
  if (parts.length === 1) return parts[0] as SyntaxNode;
  const pipeline = new SyntaxNode("pipeline", true, (parts[0] as SyntaxNode).startIndex, (parts[parts.length - 1] as SyntaxNode).endIndex);
  pipeline.children = parts;
  return pipeline;
}
