/** node:module in the playground: resolves the one package file the runtime reads, the bash grammar. */
import grammarUrl from "../../vendor/tree-sitter-bash/tree-sitter-bash.wasm?url";

/** The grammar's URL, as `createRequire().resolve` gives it (the page preloads it: shims/fs.ts). */
export const GRAMMAR_URL = new URL(grammarUrl, location.href).href;

export function createRequire(): { resolve(id: string): string } {
  return {
    resolve(id: string): string {
      if (id === "permc/tree-sitter-bash.wasm") return GRAMMAR_URL;
      // Anything else resolves to a path that does not exist (grammar/chevrotain.ts then imports the bundled package).
      return `/playground-has-no-files/${id}`;
    },
  };
}
export default { createRequire, GRAMMAR_URL };
