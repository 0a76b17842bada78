import { describe, expect, it } from "vitest";

describe("package entry points (what users import after npm ci)", () => {
  it("`permc` resolves to the built compiler API", async () => {
    const api = await import("permc");
    expect(typeof api.compile).toBe("function");
    expect(typeof api.renderAll).toBe("function");
    expect(api.COMPILER_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("`permc/runtime` resolves to the built runtime", async () => {
    const runtime = await import("permc/runtime");
    expect(typeof runtime.loadPolicy).toBe("function");
    expect(typeof runtime.createGate).toBe("function");
  });
});
