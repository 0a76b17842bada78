/**
 * tree-sitter-bash hangs a redirect written after the last command of an
 * `&&` / `||` list on the whole list: `cd ~ && true 2>&1 | tee -a .bashrc`
 * parses as `(cd ~ && true 2>&1) | tee -a .bashrc`, as if `cd ~` ran inside
 * the pipeline. Bash binds a redirect to the command it follows and pipes
 * tighter than `&&`: it runs `cd ~`, then `true 2>&1 | tee -a .bashrc` in the
 * home directory. Read the tree's way, `tee` wrote `./.bashrc`, and a deny of
 * `~/.bashrc` let the command through (real bash:
 * test/bash/paths/list-redirects.test.ts).
 *
 * `bindListRedirects` moves such redirects onto the list's last part, in
 * place: `(a && b) >x` becomes `a && (b >x)`. A pipeline that then holds a
 * list is a grouping bash never makes, which `regroupChains` (syntax.ts)
 * rebuilds into bash's: `a && (b >x | c)`; which may leave a list under a
 * later redirect (`a && b >x | c >y`), so the two run until neither changes
 * anything (split/source.ts). The plain fragment builds these trees directly
 * (plain-pipelines.ts).
 */
import { SyntaxNode } from "./syntax.js";

/** Returns whether it moved any. */
export function bindListRedirects(root: SyntaxNode): boolean {
  let moved = false;
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as SyntaxNode;
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const rebuilt = listWithRedirects(children[i] as SyntaxNode);
      if (rebuilt !== null) {
        children[i] = rebuilt;
        moved = true;
      }
      const child = children[i] as SyntaxNode;
      // The rebuilt list's left part may be such a statement too (`a >x && b >y`), and any node may hold others.
      if (child.children.length > 0) stack.push(child);
    }
  }
  return moved;
}

/** `(left && last) R…` as `left && (last R…)`, or null when `statement` is not a redirected list. */
function listWithRedirects(statement: SyntaxNode): SyntaxNode | null {
  if (statement.type !== "redirected_statement") return null;
  const body = statement.children[0];
  if (body === undefined || body.type !== "list") return null;
  const parts = body.children;
  let last = parts.length - 1;
  while (last >= 0 && !(parts[last] as SyntaxNode).isNamed) last--;
  // Something after the last command (a comment) or no command: left as tree-sitter read it.
  if (last !== parts.length - 1 || last < 0) return null;
  const right = parts[last] as SyntaxNode;
  const bound = new SyntaxNode("redirected_statement", true, right.startIndex, statement.endIndex);
  bound.children = [right, ...statement.children.slice(1)];
  const list = new SyntaxNode("list", true, body.startIndex, statement.endIndex);
  list.children = [...parts.slice(0, last), bound];
  return list;
}
