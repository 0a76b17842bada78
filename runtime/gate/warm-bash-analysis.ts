import { bashAnalysis } from "./bash-analysis.js";

/**
 * Start loading the bash analysis and its grammar now (a long-lived host, at
 * session start), so the first command that needs tree-sitter does not wait
 * for the wasm. It decides nothing: a failure is dropped here and forgotten
 * by the parser's loader, and the call that needs the parser loads it again
 * and fails closed if it still cannot.
 *
 * Apart from bash-analysis.ts so the public declarations, which name this,
 * do not name the bash analysis's types (and through them the grammar's).
 */
export function warmBashAnalysis(): Promise<void> {
  return bashAnalysis()
    .then((bash) => bash.getBashParser())
    .then(
      () => undefined,
      () => undefined,
    );
}
