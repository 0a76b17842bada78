import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Decision, publicFields } from "../../runtime/decision.js";
import type { BashDecision, BashUnitDecision } from "../../runtime/bash/index.js";
import { decisionOf, fromBash, fromFamily } from "../../runtime/gate/outcomes.js";

/** The spread it replaced: the public fields (runtime/decision.ts, as the CLI still reports them), then the gate and the value, then a family's member. */
function spread(d: Decision, gate: "bash_path", value: string, member?: string): object {
  const reported = { ...publicFields(d), gate, value };
  return member === undefined ? reported : { ...reported, surface: member };
}

const decision: fc.Arbitrary<Decision> = fc.record(
  {
    action: fc.constantFrom("allow", "ask", "deny"),
    matchedPattern: fc.option(fc.string({ maxLength: 4 })),
    reason: fc.string({ maxLength: 4 }),
    origin: fc.constantFrom("global", "project", "permc"),
    surface: fc.constantFrom("path_read", "bash"),
    rule: fc.integer({ min: -1, max: 9 }),
    error: fc.string({ maxLength: 4 }),
  },
  { requiredKeys: ["action", "matchedPattern", "origin", "rule"] },
);

describe("decisionOf: a gate's decision, field by field", () => {
  it("has the fields, values and order of the spread it replaced (JSON output shows the order)", () => {
    fc.assert(
      fc.property(decision, fc.string({ maxLength: 4 }), fc.option(fc.constantFrom("path_read", "path_write"), { nil: undefined }), (d, value, member) => {
        const built = member === undefined ? decisionOf(d, "bash_path", value) : fromFamily({ decision: d, value, surface: member }, "bash_path");
        expect(JSON.stringify(built)).toBe(JSON.stringify(spread(d, "bash_path", value, member)));
      }),
      { numRuns: 500 },
    );
  });
});

/** The spread fromBash was: the call's fields, then each unit's, the optional ones when set. */
function bashSpread(b: BashDecision): object {
  return {
    action: b.action,
    matchedPattern: b.matchedPattern,
    ...(b.reason !== undefined ? { reason: b.reason } : {}),
    origin: b.origin,
    surface: "bash",
    gate: "tool",
    value: b.command,
    units: b.units.map((u) => ({
      text: u.text,
      action: u.action,
      matchedPattern: u.matchedPattern,
      ...(u.context !== undefined ? { context: u.context } : {}),
      ...(u.floor !== undefined ? { floor: u.floor } : {}),
      ...(u.floorReason !== undefined ? { floorReason: u.floorReason } : {}),
      ...(u.derived ? { derived: true as const } : {}),
    })),
  };
}

const unit: fc.Arbitrary<BashUnitDecision> = fc.record(
  {
    text: fc.string({ maxLength: 4 }),
    action: fc.constantFrom("allow", "ask", "deny"),
    matchedPattern: fc.option(fc.string({ maxLength: 4 })),
    context: fc.string({ maxLength: 4 }),
    floor: fc.constantFrom("opaque", "indirection", "unparseable"),
    floorReason: fc.string({ maxLength: 4 }),
    matchedSpelling: fc.string({ maxLength: 4 }),
    derived: fc.constant(true as const),
  },
  { requiredKeys: ["text", "action", "matchedPattern"] },
);

describe("fromBash: a shell call's decision, field by field", () => {
  it("has the fields, values and order of the spread it replaced", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            action: fc.constantFrom("allow", "ask", "deny"),
            matchedPattern: fc.option(fc.string({ maxLength: 4 })),
            reason: fc.string({ maxLength: 4 }),
            origin: fc.constantFrom("global", "builtin"),
            command: fc.string({ maxLength: 6 }),
            units: fc.array(unit, { maxLength: 4 }),
          },
          { requiredKeys: ["action", "matchedPattern", "origin", "command", "units"] },
        ),
        (b) => {
          expect(JSON.stringify(fromBash(b as BashDecision))).toBe(JSON.stringify(bashSpread(b as BashDecision)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
