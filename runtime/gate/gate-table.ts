import { bashExternalDirectoryGate } from "./bash-external-directory-gate.js";
import { bashPathGate } from "./bash-path-gate.js";
import { directoryContentsGate } from "./directory-contents-gate.js";
import { externalDirectoryGate } from "./external-directory-gate.js";
import type { GateEntry } from "./gate-entry.js";
import { pathGate } from "./path-gate.js";
import { skillReadGate } from "./skill-read-gate.js";
import { toolGate } from "./tool-gate.js";

/**
 * The gates, in order (the reference's, 32.0.1). createGate runs every gate
 * on every subject of its kind, subject by subject (subjects.ts: a path's
 * spellings, a shell command, then the call itself), and the answers combine
 * deny first (outcomes.ts combine): so the order here is the order of
 * `GateDecision.gates`, and of which ask a host prompts first.
 */
export const GATES: readonly GateEntry[] = [
  skillReadGate,
  directoryContentsGate,
  pathGate,
  externalDirectoryGate,
  bashExternalDirectoryGate,
  bashPathGate,
  toolGate,
];
