export {
  createGate,
  evaluatePathFamily,
  type FamilyDecision,
  type Gate,
  type GateDecision,
  type GateName,
  type GateOptions,
  type GateOutcome,
  type GateUnit,
  type ToolCall,
  warmBashAnalysis,
} from "./gate.js";
export { mcpTargets, piMcpTargets, isPiMcpTool } from "./mcp-targets.js";
export { pathAliases, literalPath, piToolPath, type PathAliases, type PathContext, type PathSpelling } from "./path-aliases.js";
export { evaluateAnyValue, evaluateFirst } from "./multi-value.js";
export { toolExposure, type Exposure, type ExposureOptions } from "./tool-exposure.js";
