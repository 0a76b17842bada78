/**
 * The kernel layer in Pi (issue 40): with `sandbox: true` (or
 * `PERMC_SANDBOX=1`), the extension rewrites an allowed shell call's
 * `event.input.command` in place (Pi's `event.input` is mutable) to run under
 * `permc run`, with the module it decided with; a blocked call and other
 * tools are left alone. What the wrapped command does under bubblewrap is
 * test/sandbox's subject.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { harness, HOME, loadPi } from "./harness.js";
import { compileModule, PERMISSION } from "./helpers.js";

let moduleText: string;
beforeAll(async () => {
  await loadPi();
  moduleText = compileModule(PERMISSION, HOME);
}, 120_000);

describe("permc/pi with the kernel layer on", () => {
  it("an allowed bash command is rewritten to run under permc run, with this module", async () => {
    const h = await harness({ sandbox: true }, moduleText);
    const input = { command: "echo hi", timeout: 5 };
    expect(await h.call("bash", input)).toBeUndefined();
    expect(input.command).toMatch(/permc\.js run --policy \S+ --home \/home\/tester --cwd \S+ -- bash -c 'echo hi'$/);
    expect(input.command).toContain(h.modulePath);
    expect(input.timeout).toBe(5);
  });

  it("PERMC_SANDBOX=1 turns it on as well", async () => {
    const h = await harness({ env: { PERMC_SANDBOX: "1" } }, moduleText);
    const input = { command: "touch x" };
    await h.call("bash", input);
    expect(input.command).toContain(" run --policy ");
  });

  it("a denied command and a file tool are left as they are; without the option nothing changes", async () => {
    const on = await harness({ sandbox: true }, moduleText);
    const denied = { command: "rm -rf build" };
    expect((await on.call("bash", denied))?.block).toBe(true);
    expect(denied.command).toBe("rm -rf build");
    const read = { path: "src/a.ts" };
    await on.call("read", read);
    expect(read).toEqual({ path: "src/a.ts" });
    const off = await harness({}, moduleText);
    const plain = { command: "echo hi" };
    await off.call("bash", plain);
    expect(plain.command).toBe("echo hi");
  });
});
