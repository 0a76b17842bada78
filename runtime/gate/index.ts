export { createGate, type Gate, type GateDecision, type GateName, type GateOptions, type GateUnit, type ToolCall } from "./gate.js";
export { mcpTargets } from "./mcp-targets.js";
export { pathAliases, literalPath, type PathAliases, type PathContext } from "./path-aliases.js";
export { evaluateAnyValue, evaluateFirst } from "./multi-value.js";
