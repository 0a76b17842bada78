/**
 * DOT → SVG with Graphviz compiled to WebAssembly (@viz-js/viz), loaded on
 * first use only: the rest of the compiler and the runtime never pay for it.
 * Works alike in Node and in the browser (the playground).
 */
type Viz = { renderString(dot: string, options: { format: string; engine?: string }): string };

let viz: Promise<Viz> | null = null;

export async function renderSvg(dot: string): Promise<string> {
  if (viz === null) {
    const attempt = import("@viz-js/viz").then((m) => m.instance() as Promise<Viz>);
    viz = attempt;
    // A failed load is not cached: the next call tries again.
    attempt.catch(() => {
      if (viz === attempt) viz = null;
    });
  }
  return (await viz).renderString(dot, { format: "svg", engine: "dot" });
}
