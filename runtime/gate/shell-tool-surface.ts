import { bySession } from "./gate-context.js";
import { fromBash } from "./outcomes.js";
import type { ToolSurface } from "./tool-surface.js";

/** A shell call: each unit of the command on the `bash` surface, with wrapper and parse floors (decideBash). */
export const shellToolSurface: ToolSurface = {
  name: "shell",
  applies: (call) => call.shell !== undefined,
  decide: ({ shell }, ctx) => {
    const { command, split, analysis } = shell!;
    const { policy, yolo } = ctx;
    // Session rules lift a unit's ask before decideBash applies wrapper and parse floors, so floors stay.
    const bash = analysis.decideBash(
      command,
      split,
      (text) => bySession(ctx, { decision: policy.check("bash", text, yolo), value: text }, "bash", [text]).decision,
      {
        explore: (segments) => policy.explore("bash", segments, yolo),
        yolo: yolo || policy.knobs.yoloMode,
      },
    );
    return fromBash(bash);
  },
};
