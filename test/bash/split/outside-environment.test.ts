/**
 * split/outside-environment.ts reads the environment a command runs in when
 * a command first needs it, and keeps PATH's directories for the last
 * (PATH, working directory) pair. Neither may go stale: a variable set,
 * changed or removed between two calls is what the next call sees.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

const top = tempDir("outside-environment");
const home = path.join(top, "home");
const cwd = path.join(top, "proj");
const bin = path.join(top, "bin");
mkdirSync(cwd, { recursive: true });
mkdirSync(bin, { recursive: true });
const at = { cwd, home };

const POLICY = { "*": "allow", bash: { "*": "allow", "rm *": "deny" }, path: { "*": "allow", "*.env": "deny" } };
const saved = { PATH: process.env.PATH, CDPATH: process.env.CDPATH };

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const action = async (command: string) => (await decideBash(POLICY, command, at)).action;

describe("the environment a command runs in, read per call", () => {
  it("PATH: a copy of rm put on PATH runs by a bare name only while that directory is on PATH", async () => {
    const attack = `cp /bin/rm ${bin}/ls; ls victim`;
    process.env.PATH = `${bin}:/usr/bin:/bin`;
    expect(await action(attack)).toBe("deny");
    process.env.PATH = "/usr/bin:/bin";
    expect(await action(attack)).toBe("allow");
    // Back again, with the same working directory: the kept directories are not the last call's.
    process.env.PATH = `/usr/bin:${bin}:/bin`;
    expect(await action(attack)).toBe("deny");
  });

  it("CDPATH: a relative cd may go elsewhere once it is set, and not after it is removed", async () => {
    // With CDPATH set, `cd sub` may land anywhere, so the x.env read after it is no longer known as proj/sub/x.env.
    const command = "cd sub && cat x.env";
    delete process.env.CDPATH;
    const without = await decideBash(POLICY, command, at);
    process.env.CDPATH = path.join(top, "elsewhere");
    const withCdpath = await decideBash(POLICY, command, at);
    delete process.env.CDPATH;
    const again = await decideBash(POLICY, command, at);
    expect(without.action).toBe("deny");
    expect(withCdpath.action).toBe("deny");
    expect(JSON.stringify(without)).toBe(JSON.stringify(again));
    expect(JSON.stringify(withCdpath)).not.toBe(JSON.stringify(without));
  });
});
