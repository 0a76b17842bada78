/**
 * The bash analysis (most of the runtime's modules, and a wasm grammar) loads
 * on the first shell call: a one-call process deciding a file tool (a Claude
 * Code hook) does not pay for it.
 */
export type BashAnalysis = typeof import("../bash/index.js");
let bashModule: Promise<BashAnalysis> | null = null;
// One import per process: a dynamic import() of a loaded module still costs a trip through the loader per call.
export const bashAnalysis = (): Promise<BashAnalysis> => {
  if (bashModule === null) {
    const attempt = import("../bash/index.js");
    bashModule = attempt;
    // A failed import is not kept: the next call tries again (and fails closed meanwhile).
    attempt.catch(() => {
      if (bashModule === attempt) bashModule = null;
    });
  }
  return bashModule;
};
