/**
 * hunt/compare-builds.ts, the check that a change kept every decision, run as
 * a user runs it (the built script). Its comparison needs two builds and asks
 * some 3,000 decisions of each (10 s against this checkout alone): it is run
 * by hand for each change that must keep decisions (README, Development). That
 * it reports a difference where one exists was checked with a build that let
 * unreadable commands through (46 of 2,799 differed) and one without the
 * PATH-shadow floors (58 of 2,799).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SCRIPT = path.join(ROOT, "dist", "hunt", "compare-builds.js");

it("a command line without the other build gets the usage and status 2", () => {
  const r = spawnSync(process.execPath, [SCRIPT], { encoding: "utf8" });
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/^usage: node dist\/hunt\/compare-builds\.js OTHER_REPO/);
});
