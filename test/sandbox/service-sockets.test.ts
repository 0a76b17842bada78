/**
 * The host's services behind Unix sockets (a ninth look at the kernel layer,
 * 2026-12-07): a read-only mount does not stop a `connect`, and a service
 * asked over its socket acts outside the sandbox (the docker daemon mounts
 * `/` into a container, the session bus starts a `systemd-run --user` unit,
 * an X server types into a terminal). Each attack row starts a real server
 * outside, as such a daemon listens, and connects from inside `permc run`.
 */
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { linkSync, mkdirSync, renameSync, rmSync, unlinkSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { sandboxProfile } from "../../runtime/sandbox/index.js";
import { parseUnixSocketTable } from "../../runtime/sandbox/service-sockets.js";
import { permc } from "../support/cli.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { compiledFor, connectFromInside, type KernelLayout, kernelLayout, probeSocket } from "../support/kernel-run.js";

const BASE = { "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "~/.ssh/*": "deny" }, external_directory: { "*": "allow" } };
const HEADER = "Num       RefCount Protocol Flags    Type St Inode Path\n";

describe("the kernel's list of bound sockets", () => {
  it.each([
    { line: "000000009e617d5f: 00000003 00000000 00000000 0001 03  1152", paths: [], abstract: [] },
    { line: "0000000012345678: 00000002 00000000 00010000 0001 01 20417 /run/docker.sock", paths: ["/run/docker.sock"], abstract: [] },
    { line: "0000000012345678: 00000002 00000000 00010000 0001 01 20417 /tmp/a dir/b c.sock", paths: ["/tmp/a dir/b c.sock"], abstract: [] },
    { line: "0000000012345678: 00000002 00000000 00010000 0001 01 20417 @/tmp/.X11-unix/X0", paths: [], abstract: ["/tmp/.X11-unix/X0"] },
    // Bound relative to the binder's own directory: nobody else finds it by that name.
    { line: "0000000012345678: 00000002 00000000 00010000 0001 01 20417 rel.sock", paths: [], abstract: [] },
  ])("$line", ({ line, paths, abstract }) => {
    expect(parseUnixSocketTable(HEADER + line + "\n")).toEqual({ paths, abstract });
  });

  it("a run that cannot read it does not start", async () => {
    const at = kernelLayout("service-sockets-table");
    const { policy } = await compileAndLoad([piJson(BASE)], { home: at.home });
    expect(policy).not.toBeNull();
    const options = { cwd: at.proj, home: at.home, tmpDir: at.tmp, socketTable: path.join(at.root, "absent") };
    expect(() => sandboxProfile(policy!, options)).toThrow(/cannot list the host's sockets/);
  });
});

describe("a service's socket outside the sandbox", () => {
  let at: KernelLayout;
  beforeEach(() => {
    at = kernelLayout("service-sockets");
  });

  it.each<{ where: string; socket: (at: KernelLayout) => string }>([
    { where: "a daemon's socket (docker's, the session bus's)", socket: (at) => path.join(at.root, "run", "user", "1000", "bus") },
    { where: "one in the temp dir, which the command may write (an X server's, an editor's server)", socket: (at) => path.join(at.tmp, ".X11-unix", "X0") },
    { where: "one in the working tree, there before the command started", socket: (at) => path.join(at.proj, "dev.sock") },
  ])(
    "$where refuses the command",
    async ({ socket }) => {
      mkdirSync(path.dirname(socket(at)), { recursive: true });
      const mod = await compiledFor(at, BASE);
      const { out, reached } = await probeSocket(at, mod, socket(at));
      expect(out).toContain("refused");
      expect(reached).toBe(0);
    },
    30_000,
  );

  it("one renamed after its bind, or linked into place as OpenSSH does a ControlMaster's (the kernel lists the old name)", async () => {
    const dir = path.join(at.root, "mux");
    mkdirSync(dir);
    const mod = await compiledFor(at, BASE);
    for (const move of [
      renameSync,
      (from: string, to: string) => {
        linkSync(from, to);
        unlinkSync(from);
      },
    ]) {
      const final = path.join(dir, "final.sock");
      const server = createServer((c) => c.end("REACHED\n"));
      await new Promise<void>((resolve) => server.listen(`${final}.Xq9`, resolve));
      move(`${final}.Xq9`, final);
      try {
        expect(await connectFromInside(at, mod, final)).toContain("refused");
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        rmSync(final, { force: true });
      }
    }
  }, 30_000);

  it("one bound under a relative name, where services keep theirs ($XDG_RUNTIME_DIR)", async () => {
    const runtime = path.join(at.root, "runtime");
    mkdirSync(runtime);
    const server = spawn(
      "python3",
      ["-c", "import socket\ns=socket.socket(socket.AF_UNIX)\ns.bind('rel.sock')\ns.listen()\nprint('up',flush=True)\nc,_=s.accept()\nc.send(b'REACHED\\n')"],
      { cwd: runtime, stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve) => server.stdout.once("data", () => resolve()));
      const mod = await compiledFor(at, BASE);
      expect(await connectFromInside(at, mod, path.join(runtime, "rel.sock"), { XDG_RUNTIME_DIR: runtime })).toContain("refused");
    } finally {
      server.kill();
    }
  }, 30_000);

  it("the SSH agent's stays reachable (`git push` signs with it)", async () => {
    const agent = path.join(at.root, "agent.sock");
    const mod = await compiledFor(at, BASE);
    const { out, reached } = await probeSocket(at, mod, agent, { SSH_AUTH_SOCK: agent });
    expect(out).toContain("REACHED");
    expect(reached).toBe(1);
  }, 30_000);

  it("one a path_write allow rule names stays reachable; a wildcard over its directory does not name it", async () => {
    const dir = path.join(at.root, "run");
    mkdirSync(dir);
    const named = path.join(dir, "docker.sock");
    const other = path.join(dir, "other.sock");
    const mod = await compiledFor(at, { ...BASE, path: { ...BASE.path, [`${dir}/*`]: "allow", [named]: "allow" } });
    const reachedNamed = await probeSocket(at, mod, named);
    expect(reachedNamed.out).toContain("REACHED");
    const reachedOther = await probeSocket(at, mod, other);
    expect(reachedOther.out).toContain("refused");
    expect(reachedOther.reached).toBe(0);
  }, 30_000);

  it("`permc sandbox` lists the covered socket, and names the abstract ones it cannot cover", async () => {
    const { createServer } = await import("node:net");
    const socket = path.join(at.root, "svc.sock");
    const abstract = `permc-test-${randomBytes(4).toString("hex")}`;
    const servers = [createServer(), createServer()];
    await new Promise<void>((resolve) => servers[0]?.listen(socket, resolve));
    await new Promise<void>((resolve) => servers[1]?.listen(`\0${abstract}`, resolve));
    try {
      const mod = await compiledFor(at, BASE);
      const shown = await permc(["sandbox", "--policy", mod, "--home", at.home, "--cwd", at.proj], { env: { TMPDIR: at.tmp } });
      expect(shown.status, shown.stderr).toBe(0);
      expect(shown.stdout).toMatch(new RegExp(`hide-file\\s+${socket}`));
      expect(shown.stdout).toContain(`@${abstract}`);
    } finally {
      for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  }, 30_000);
});
