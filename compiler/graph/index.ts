export { lintRelationDot, knownSurfaces, matcherIndexFor, surfaceDot, MAX_GRAPH_STATES, type GraphInput } from "./surface-graph.js";
export { matcherDot, type MatcherDotOptions } from "./matcher-dot.js";
export { renderSvg } from "./render-svg.js";
