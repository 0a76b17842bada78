/**
 * A path that changes between the profile and bubblewrap's mounts (the
 * ninth hunt: a second sandboxed command swapped a directory the profile
 * pinned for a link to `~/.ssh`, and bubblewrap, which follows links when it
 * mounts, bound the real `~/.ssh` writable over its hiding: the key was read
 * in 11 runs of 40, a hook written in 5 of 30). Here the swap is made in the
 * window itself, after the profile and before the run, so it lands every
 * time; the runner must see that the mounts are not the profile's and kill
 * the sandbox before the command.
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bwrapOptions, locateBwrap, runSandboxed, type SandboxProfile, sandboxedArgv, sandboxProfile } from "../../runtime/sandbox/index.js";
import { blockingDescriptor } from "../../runtime/sandbox/run-sandboxed.js";
import { type MountEntry, mountsDiffer, parseMountInfo } from "../../runtime/sandbox/verify-mounts.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { kernelLayout } from "../support/kernel-run.js";

describe("a directory swapped for a link after the profile", () => {
  it.each([
    { target: "the hidden ~/.ssh", link: "../../../../.ssh", reads: true },
    { target: "the read-only .git/hooks", link: "../../../.git/hooks", reads: false },
  ])(
    "$target: the sandbox is killed before the command",
    async ({ link, reads }) => {
      const at = kernelLayout("mount-race");
      mkdirSync(path.join(at.proj, ".git", "hooks"), { recursive: true });
      const dir = path.join(at.proj, "r", "a", "b", "c");
      mkdirSync(dir, { recursive: true });
      // A file a rule hides: every directory between it and the working tree is pinned (bound onto itself).
      writeFileSync(path.join(dir, "x.env"), "X=1\n");
      const { policy } = await compileAndLoad([piJson({ "*": "allow", path: { "*": "allow", "~/.ssh/*": "deny", "*.env": "deny" } })], { home: at.home });
      expect(policy).not.toBeNull();
      const profile = sandboxProfile(policy!, { cwd: at.proj, home: at.home, tmpDir: at.tmp });
      expect(profile.mounts).toContainEqual(expect.objectContaining({ kind: "pinned", path: dir }));
      renameSync(dir, `${dir}.d`);
      symlinkSync(link, dir);
      const located = locateBwrap(process.env, process.platform, []);
      if ("error" in located) throw new Error(located.error);
      const ran = path.join(at.proj, "ran");
      const command = reads
        ? `cat ${path.join(at.home, ".ssh", "id_rsa")} > ${path.join(at.tmp, "stolen")}; touch ${ran}`
        : `echo 'touch /tmp/pwned' > ${path.join(at.proj, ".git", "hooks", "pre-commit")}; touch ${ran}`;
      const run = await runSandboxed(profile, ["/bin/sh", "-c", command], { bwrap: located.path });
      expect(existsSync(ran)).toBe(false);
      expect(existsSync(path.join(at.tmp, "stolen"))).toBe(false);
      expect(existsSync(path.join(at.proj, ".git", "hooks", "pre-commit"))).toBe(false);
      expect(run.started).toBe(false);
      // The runner's check refuses it; on a loaded machine bubblewrap has once failed its own set-up first (2 suite runs
      // of 8, not seen alone): the command did not run either way, and what bubblewrap said is kept in the message.
      expect(run.refused ?? `set-up failed: ${run.setupError}`, JSON.stringify(run)).toMatch(/a path changed while bubblewrap mounted|^set-up failed: /);
      expect(readFileSync(path.join(at.home, ".ssh", "id_rsa"), "utf8")).toBe("SECRET-KEY\n");
    },
    30_000,
  );
});

describe("a protected path gone before the mounts", () => {
  it("is not mounted, and the run goes on while nothing is there", async () => {
    const at = kernelLayout("mount-gone");
    const repo = path.join(at.tmp, "other");
    mkdirSync(path.join(repo, ".git", "hooks"), { recursive: true });
    writeFileSync(path.join(repo, ".git", "config"), "[core]\n");
    const { policy } = await compileAndLoad([piJson({ "*": "allow", path: { "*": "allow" } })], { home: at.home });
    const profile = sandboxProfile(policy!, { cwd: at.proj, home: at.home, tmpDir: at.tmp });
    expect(profile.mounts).toContainEqual(expect.objectContaining({ kind: "read-only", path: path.join(repo, ".git", "config") }));
    // Another program removes its repository in the temp dir meanwhile.
    rmSync(repo, { recursive: true });
    const located = locateBwrap(process.env, process.platform, []);
    if ("error" in located) throw new Error(located.error);
    const ran = path.join(at.proj, "ran");
    const run = await runSandboxed(profile, ["/bin/sh", "-c", `touch ${ran}`], { bwrap: located.path });
    expect(run.refused).toBeNull();
    expect(run.started).toBe(true);
    expect(existsSync(ran)).toBe(true);
  }, 30_000);
});

describe("binds that may be skipped", () => {
  it("only where the mounts are checked after: the bare argv a library caller runs keeps bubblewrap failing on a gone path", () => {
    const profile = {
      engine: "bubblewrap" as const,
      cwd: "/p",
      mounts: [
        { kind: "read-only" as const, path: "/p/.git/hooks", why: "" },
        { kind: "pinned" as const, path: "/p/.git", why: "" },
      ],
    };
    // The option before each planned path's first appearance: how bubblewrap is told to bind it.
    const binds = (argv: readonly string[]) => ["/p/.git/hooks", "/p/.git"].map((p) => argv[argv.indexOf(p) - 1]);
    expect(binds(sandboxedArgv(profile as unknown as SandboxProfile, ["true"]))).toEqual(["--ro-bind", "--bind"]);
    expect(binds(bwrapOptions(profile as unknown as SandboxProfile, true))).toEqual(["--ro-bind-try", "--bind-try"]);
  });
});

describe("the sandbox's wait", () => {
  it("never ends in an end of file: were the runner to die before the check, the command would not run", () => {
    const block = blockingDescriptor();
    const waiter = spawn("bash", ["-c", 'read -t 1 -u 4 x; echo "status $?"'], { stdio: ["ignore", "pipe", "inherit", "ignore", block] });
    // The runner's own copy closed, as its death would close it: bash still waits, and its read times out (>128)
    // instead of reading an end of file (1).
    closeSync(block);
    return new Promise<void>((resolve) => {
      let out = "";
      waiter.stdout?.on("data", (c: Buffer) => (out += c.toString("utf8")));
      waiter.on("close", () => {
        expect(out.trim()).toBe("status 142");
        resolve();
      });
    });
  });
});

describe("bubblewrap's own message", () => {
  it("is the runner's when the sandbox cannot be set up (to show, or to try again), not the command's", async () => {
    const at = kernelLayout("mount-setup-error");
    const { policy } = await compileAndLoad([piJson({ "*": "allow", path: { "*": "allow" } })], { home: at.home });
    const profile = sandboxProfile(policy!, { cwd: at.proj, home: at.home, tmpDir: at.tmp });
    // A hiding planned where bubblewrap cannot make its mount point: in the read-only home, a directory not there.
    const broken = { ...profile, mounts: [...profile.mounts, { kind: "hide-dir" as const, path: path.join(at.home, "gone", "deeper"), why: "test" }] };
    const located = locateBwrap(process.env, process.platform, []);
    if ("error" in located) throw new Error(located.error);
    const run = await runSandboxed(broken, ["/bin/sh", "-c", `touch ${path.join(at.proj, "ran")}`], { bwrap: located.path });
    expect(run.started).toBe(false);
    expect(run.refused).toBeNull();
    expect(run.setupError).toMatch(/^bwrap: .*gone/m);
    expect(existsSync(path.join(at.proj, "ran"))).toBe(false);
  }, 30_000);
});

const entry = (mountPoint: string, root: string, device = "254:0", readOnly = true, fsType = "ext4"): MountEntry => ({
  device,
  root,
  mountPoint,
  readOnly,
  fsType,
});

describe("mountsDiffer", () => {
  const host = [entry("/", "/", "254:0", false), entry("/dev", "/", "0:5", false, "devtmpfs"), entry("/home", "/", "254:1", false)];
  const base = [entry("/", "/"), entry("/dev", "/", "0:30", false, "tmpfs"), entry("/dev/null", "/null", "0:5", false, "devtmpfs")];
  it.each<{ name: string; planned: Parameters<typeof mountsDiffer>[0]; sandbox: MountEntry[]; differs: RegExp | null }>([
    {
      name: "as planned: a bind from another file system, a hiding, a covered file",
      planned: [
        { kind: "writable", path: "/home/u/proj", why: "" },
        { kind: "hide-dir", path: "/home/u/.ssh", why: "" },
        { kind: "hide-file", path: "/home/u/proj/.env", why: "" },
      ],
      sandbox: [
        entry("/home/u/proj", "/u/proj", "254:1", false),
        entry("/home/u/.ssh", "/", "0:40", true, "tmpfs"),
        entry("/home/u/proj/.env", "/null", "0:5"),
      ],
      differs: null,
    },
    {
      name: "a pin that landed elsewhere",
      planned: [{ kind: "pinned", path: "/home/u/proj/c", why: "" }],
      sandbox: [entry("/home/u/.ssh", "/u/.ssh", "254:1", false)],
      differs: /a mount at \/home\/u\/\.ssh, which the profile does not plan/,
    },
    {
      name: "a hiding with a bind on top",
      planned: [{ kind: "hide-dir", path: "/home/u/.ssh", why: "" }],
      sandbox: [entry("/home/u/.ssh", "/", "0:40", true, "tmpfs"), entry("/home/u/.ssh", "/u/.ssh", "254:1", false)],
      differs: /is a ext4, not the profile's hide-dir/,
    },
    {
      name: "a read-only bind made writable",
      planned: [{ kind: "read-only", path: "/home/u/proj/.git/hooks", why: "" }],
      sandbox: [entry("/home/u/proj/.git/hooks", "/u/proj/.git/hooks", "254:1", false)],
      differs: /is writable, not the profile's read-only/,
    },
    {
      name: "a bind of another source at the planned path",
      planned: [{ kind: "pinned", path: "/home/u/proj/c", why: "" }],
      sandbox: [entry("/home/u/proj/c", "/u/.ssh", "254:1", false)],
      differs: /is \/u\/\.ssh of 254:1, not the profile's pinned/,
    },
    { name: "a planned mount missing", planned: [{ kind: "read-only", path: "/home/u/x", why: "" }], sandbox: [], differs: /no mount at \/home\/u\/x/ },
    { name: "a bind missing whose path is gone", planned: [{ kind: "read-only", path: "/home/u/gone", why: "" }], sandbox: [], differs: null },
    { name: "a hiding missing, its path gone too", planned: [{ kind: "hide-dir", path: "/home/u/gone", why: "" }], sandbox: [], differs: /no mount at/ },
  ])("$name", ({ planned, sandbox, differs }) => {
    const why = mountsDiffer(planned, [...base, ...sandbox], host, (p) => p === "/home/u/gone");
    if (differs === null) expect(why).toBeNull();
    else expect(why).toMatch(differs);
  });

  it("reads mountinfo's escapes", () => {
    const line = "36 25 254:1 /u/a\\040b /home/u/a\\040b rw,relatime shared:1 - ext4 /dev/vdb rw\n";
    expect(parseMountInfo(line)).toEqual([entry("/home/u/a b", "/u/a b", "254:1", false)]);
  });
});
