/**
 * A home with a key, a project in it and a temp dir, and `permc run` for real
 * on it (the process boundary is the subject: bubblewrap, mounts, what
 * reaches the command), for the kernel layer's hunt tests.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { expect } from "vitest";
import { permc, ROOT } from "./cli.js";
import { tempDir } from "./temp-dir.js";

export const PERMC_BIN = path.join(ROOT, "dist", "bin", "permc.js");

export interface KernelLayout {
  readonly root: string;
  /** Holds `.ssh/id_rsa` ("SECRET-KEY") and `.bashrc` ("bashrc"). */
  readonly home: string;
  /** The working tree, `home/proj`. */
  readonly proj: string;
  /** The run's TMPDIR. */
  readonly tmp: string;
}

export function kernelLayout(prefix: string, homeDir?: string): KernelLayout {
  const root = tempDir(prefix);
  const home = homeDir ?? path.join(root, "home");
  const layout = { root, home, proj: path.join(home, "proj"), tmp: path.join(root, "tmp") };
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  mkdirSync(layout.proj, { recursive: true });
  mkdirSync(layout.tmp);
  writeFileSync(path.join(home, ".ssh", "id_rsa"), "SECRET-KEY\n");
  writeFileSync(path.join(home, ".bashrc"), "bashrc\n");
  return layout;
}

/** The policy `{permission}` compiled for the layout's home; the module's path. */
export async function compiledFor(at: KernelLayout, permission: unknown): Promise<string> {
  const src = path.join(at.root, "policy.json");
  const mod = path.join(at.root, "policy.mjs");
  writeFileSync(src, JSON.stringify({ permission }));
  const r = await permc(["compile", src, "-o", mod, "--home", at.home]);
  expect(r.status, r.stderr).toBe(0);
  return mod;
}

export interface RunWith {
  readonly PATH?: string;
  /** Descriptors the caller leaves open, by number. */
  readonly open?: Readonly<Record<number, number>>;
  /** `--grant` paths. */
  readonly grants?: readonly string[];
  /** More of the environment `permc run` starts in (`TMUX`, `npm_config_cache`). */
  readonly env?: Readonly<Record<string, string>>;
  /** The command as argv instead of `bash -c COMMAND`. */
  readonly argv?: readonly string[];
}

/** The command through `permc run`; its status and what it printed. A descriptor given as `open[0]` is its stdin. */
export function runIn(at: KernelLayout, mod: string, command: string, how: RunWith = {}): Promise<{ status: number | null; out: string }> {
  const stdio: Array<"ignore" | "pipe" | number> = ["ignore", "pipe", "pipe"];
  for (const [fd, opened] of Object.entries(how.open ?? {})) {
    while (stdio.length < Number(fd)) stdio.push("ignore");
    stdio[Number(fd)] = opened;
  }
  return new Promise((resolve) => {
    const grants = (how.grants ?? []).flatMap((g) => ["--grant", g]);
    const argv = how.argv ?? ["bash", "-c", command];
    const child = spawn(process.execPath, [PERMC_BIN, "run", "--policy", mod, "--home", at.home, "--cwd", at.proj, ...grants, "--", ...argv], {
      cwd: at.proj,
      env: { PATH: how.PATH ?? "/usr/bin:/bin", HOME: at.home, TMPDIR: at.tmp, LANG: "C", ...how.env },
      stdio,
      timeout: 20_000,
    });
    let out = "";
    child.stdout?.on("data", (c: Buffer) => (out += c.toString("utf8")));
    child.stderr?.on("data", (c: Buffer) => (out += c.toString("utf8")));
    child.on("close", (status) => resolve({ status, out }));
  });
}

/**
 * A server listening at `socket` outside the sandbox (a path, or `\0name` for an abstract one), and what a
 * connection to it from inside gets: "REACHED" (the server answered, and `reached` counts it) or "refused …".
 */
export async function probeSocket(
  at: KernelLayout,
  mod: string,
  socket: string,
  env: Readonly<Record<string, string>> = {},
): Promise<{ out: string; reached: number }> {
  let reached = 0;
  const server = createServer((c) => {
    reached++;
    c.end("REACHED\n");
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  try {
    return { out: await connectFromInside(at, mod, socket, env), reached };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** What a connection to `socket` from inside `permc run` gets: what the server sent, or "refused …". */
export async function connectFromInside(at: KernelLayout, mod: string, socket: string, env: Readonly<Record<string, string>> = {}): Promise<string> {
  const probe = `require("net").connect(${JSON.stringify(socket)}).on("data", (d) => process.stdout.write(String(d))).on("error", (e) => console.log("refused", e.code))`;
  return (await runIn(at, mod, "", { argv: [process.execPath, "-e", probe], env })).out;
}
