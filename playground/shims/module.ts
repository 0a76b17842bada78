/** node:module in the playground: resolves the one package file the runtime reads, the bash grammar. */
import grammarUrl from "../../vendor/tree-sitter-bash/tree-sitter-bash.wasm?url";

export function createRequire(): { resolve(id: string): string } {
  return {
    resolve(id: string): string {
      if (id === "permc/tree-sitter-bash.wasm") return new URL(grammarUrl, location.href).href;
      // Anything else resolves to a path that does not exist (grammar/chevrotain.ts then imports the bundled package).
      return `/playground-has-no-files/${id}`;
    },
  };
}
export default { createRequire };
