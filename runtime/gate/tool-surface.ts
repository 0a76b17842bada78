import type { GateContext } from "./gate-context.js";
import type { CallSubject } from "./gate-entry.js";
import type { GateDecision } from "./gate-types.js";

/** One kind of tool the tool gate knows (tool-gate.ts): the first whose `applies` holds decides the call on the tool's own surface. */
export interface ToolSurface {
  readonly name: string;
  applies(call: CallSubject): boolean;
  decide(call: CallSubject, ctx: GateContext): GateDecision;
}
