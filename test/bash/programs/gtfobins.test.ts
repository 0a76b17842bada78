/**
 * The GTFOBins completeness anchor: every program the catalogue lists with a
 * shell or command function has a record (exact or floored), and a command
 * that uses that function is never allowed under `{"*": "allow", "rm *":
 * "deny"}`. Everyday uses of the exactly modelled programs stay allowed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { findRecord } from "../../../runtime/bash/programs/knowledge/index.js";
import { EVERYDAY_USES, GTFOBINS_MUST_DENY, GTFOBINS_SHELL_OR_COMMAND, GTFOBINS_VARIANTS } from "./gtfobins-cases.js";
import { DENY_RM, decide, parser } from "../helpers.js";

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

const NAMES = GTFOBINS_SHELL_OR_COMMAND.map(([name]) => name);

describe("GTFOBins: programs with a shell or command function", () => {
  it("the table lists each name once, each with one command, and names every must-deny entry", () => {
    expect(NAMES.length).toBe(255);
    expect(new Set(NAMES).size).toBe(NAMES.length);
    for (const name of GTFOBINS_MUST_DENY) expect(NAMES).toContain(name);
  });

  it.each(NAMES)("%s has a record", (name) => {
    expect(findRecord(name), name).not.toBeNull();
  });

  it.each(GTFOBINS_SHELL_OR_COMMAND)("%s: %s is never allowed", (name, command) => {
    const d = decide(p, command, DENY_RM);
    expect(d.action, `${name}: ${command}`).not.toBe("allow");
    if (GTFOBINS_MUST_DENY.has(name)) expect(d.action, `${name}: ${command}`).toBe("deny");
  });

  it.each(GTFOBINS_SHELL_OR_COMMAND)("%s: its command names the program it is listed for", (name, command) => {
    // The representative command must exercise this program, not another one.
    const d = decide(p, command, DENY_RM);
    const units = d.units.map((u) => u.text);
    const spelled = name === "ld.so" ? /ld-linux/ : new RegExp(`(^|[\\s/|;&])${name.replace(/[.+]/g, "\\$&")}(\\s|$)`);
    expect(
      units.some((u) => spelled.test(u)),
      `${name}: ${units.join(" ; ")}`,
    ).toBe(true);
  });
});

describe("GTFOBins: other spellings of the same functions", () => {
  it.each(GTFOBINS_VARIANTS)("%s: %s is never allowed", (label, command) => {
    expect(decide(p, command, DENY_RM).action, label).not.toBe("allow");
  });
});

describe("everyday uses of the exactly modelled programs", () => {
  it.each(EVERYDAY_USES)("%s: %s is allowed", (name, command) => {
    expect(findRecord(name), name).not.toBeNull();
    const d = decide(p, command, DENY_RM);
    expect(d.action, `${command}: ${d.units.map((u) => u.floorReason ?? "").join(" ; ")}`).toBe("allow");
  });
});

describe("python -m MOD runs the program MOD", () => {
  it.each([
    ["python3 -m pip install requests", "deny"],
    ["python -mpip install requests", "deny"],
    ["python3 -u -m pip install requests", "deny"],
    ["python3 -m pip list", "allow"],
    ["python3 -m pytest", "allow"],
  ])("%s under pip install *: deny → %s", (command, action) => {
    expect(decide(p, command, { rules: { "*": "allow", "pip install *": "deny" } }).action).toBe(action);
  });
});
