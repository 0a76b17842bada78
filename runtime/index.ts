export { loadPolicy, type LoadOptions } from "./load-policy.js";
export { policyFromPayload, type PayloadSource } from "./load-payload.js";
export type { Policy, PolicyInfo } from "./policy.js";
export type { Decision } from "./decision.js";
export { FORMAT_VERSION } from "./format.js";
export { createGate, evaluatePathFamily, type FamilyDecision, type Gate, type GateDecision, type GateOptions, type ToolCall } from "./gate/index.js";
export { toolExposure, type Exposure, type ExposureOptions } from "./gate/tool-exposure.js";
