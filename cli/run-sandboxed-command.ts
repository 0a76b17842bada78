/**
 * `permc run -- CMD ARGS…`: one command under the kernel profile. The exit
 * status is the command's (128 + n for signal n). When the command cannot
 * run sandboxed it is not run at all (exit 126, one message naming what is
 * missing), unless the person opts out with --unsandboxed-if-unavailable.
 */
import { spawn } from "node:child_process";
import { exitStatus, locateBwrap, runSandboxed, type SandboxedRun } from "../runtime/sandbox/index.js";
import { profileFor } from "./sandbox-profile-input.js";
import { parseOptions, UsageError } from "./usage.js";

/** The command did not run: the sandbox could not start, or the policy could not be read. */
export const NOT_RUN = 126;

/** How many times a profile is built and the sandbox set up before a run is given up. */
const SET_UP_ATTEMPTS = 3;

export async function runUnderSandbox(argv: readonly string[]): Promise<number> {
  const split = argv.indexOf("--");
  if (split === -1 || split === argv.length - 1) throw new UsageError("run needs the command after `--`: permc run --policy M -- CMD ARGS…");
  const command = argv.slice(split + 1);
  const { values } = parseOptions({
    args: argv.slice(0, split),
    options: {
      policy: { type: "string" },
      home: { type: "string" },
      cwd: { type: "string" },
      grant: { type: "string", multiple: true },
      "grant-read": { type: "string", multiple: true },
      "unsandboxed-if-unavailable": { type: "boolean" },
    },
  });
  if (!values.policy) throw new UsageError("run needs --policy <module.mjs>");
  const cwd = values.cwd ?? process.cwd();
  const optOut = values["unsandboxed-if-unavailable"] === true;
  let run: SandboxedRun | null = null;
  // A path the profile saw may be gone when bubblewrap mounts it (a socket closed, a repository in the temp dir
  // removed: another program's, moments before): the profile is built again, twice at most.
  for (let attempt = 1; attempt <= SET_UP_ATTEMPTS && (run === null || setUpFailed(run)); attempt++) {
    const built = await profileFor({
      policy: values.policy,
      ...(values.home !== undefined ? { home: values.home } : {}),
      cwd,
      grants: values.grant ?? [],
      readGrants: values["grant-read"] ?? [],
    });
    if ("error" in built) return refuse(built.error);
    const writable = built.profile.mounts.filter((m) => m.kind === "writable" || m.kind === "pinned").map((m) => m.path);
    const located = locateBwrap(process.env, process.platform, writable);
    if ("error" in located) return optOut ? unsandboxed(command, cwd, located.error) : refuse(located.error);
    try {
      run = await runSandboxed(built.profile, command, { bwrap: located.path, forwardSignals: true });
    } catch (e) {
      return refuse(e instanceof Error ? e.message : String(e));
    }
  }
  if (run === null) return refuse("no attempt was made");
  for (const moved of run.movedAside)
    process.stderr.write(
      moved.to !== null
        ? `permc run: the command made ${moved.path}, a protected file; moved aside to ${moved.to}\n`
        : `permc run: the command made ${moved.path}, a protected file: ${moved.error}\n`,
    );
  // Never run another way: the sandbox was made, and something changed what it holds.
  if (run.refused !== null) return refuse(`the sandbox's mounts were not the profile's: ${run.refused}`);
  if (!run.started) {
    process.stderr.write(run.setupError);
    const why = "the sandbox did not start (bubblewrap's message above: unprivileged user namespaces may be off)";
    return optOut ? unsandboxed(command, cwd, why) : refuse(why);
  }
  return exitStatus(run);
}

/** bubblewrap could not set the sandbox up, and said why (not a mount check's refusal: that is never tried again). */
function setUpFailed(run: SandboxedRun): boolean {
  return !run.started && run.refused === null && run.setupError !== "";
}

function refuse(why: string): number {
  process.stderr.write(`permc run: ${why}; the command was not run\n`);
  return NOT_RUN;
}

/** The person's explicit opt-out: the command runs with the analysis as its only layer, and they are told. */
function unsandboxed(command: readonly string[], cwd: string, why: string): Promise<number> {
  process.stderr.write(`permc run: warning: ${why}; running the command WITHOUT the kernel layer (--unsandboxed-if-unavailable)\n`);
  return new Promise((resolve) => {
    const child = spawn(command[0] as string, command.slice(1), { stdio: "inherit", cwd });
    child.on("error", (e) => {
      process.stderr.write(`permc run: ${e.message}\n`);
      resolve(127);
    });
    child.on("close", (status, signal) => resolve(exitStatus({ status, signal })));
  });
}
