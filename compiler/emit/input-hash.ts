import { sha256 } from "../../runtime/hash.js";
import type { CompileRequest } from "../pass.js";
import { COMPILER_VERSION } from "../version.js";

/** Hash of what decides the output: the compiler, each input's scope, kind and text, and the target; not file paths. */
export function inputHash(request: CompileRequest): string {
  return sha256(
    JSON.stringify({
      compiler: COMPILER_VERSION,
      target: request.target,
      inputs: request.inputs.map((i) => ({ scope: i.scope, kind: i.kind, text: i.text, ...(i.includes ? { includes: [...i.includes.values()] } : {}) })),
      limits: request.limits ?? null,
    }),
  );
}
