/** `permc sandbox`: prints the kernel profile a module compiles to, and what became of each path rule. */
import { bwrapOptions, type SandboxProfile } from "../runtime/sandbox/index.js";
import { profileFor } from "./sandbox-profile-input.js";
import { parseOptions, UsageError } from "./usage.js";

export async function runSandbox(argv: readonly string[]): Promise<number> {
  const { values } = parseOptions({
    args: argv,
    options: {
      policy: { type: "string" },
      home: { type: "string" },
      cwd: { type: "string" },
      grant: { type: "string", multiple: true },
      "grant-read": { type: "string", multiple: true },
      json: { type: "boolean" },
    },
  });
  if (!values.policy) throw new UsageError("sandbox needs --policy <module.mjs>");
  const built = await profileFor({
    policy: values.policy,
    ...(values.home !== undefined ? { home: values.home } : {}),
    ...(values.cwd !== undefined ? { cwd: values.cwd } : {}),
    grants: values.grant ?? [],
    readGrants: values["grant-read"] ?? [],
  });
  if ("error" in built) {
    process.stderr.write(`permc sandbox: error: ${built.error}\n`);
    return 1;
  }
  const p = built.profile;
  process.stdout.write(values.json ? JSON.stringify({ ...p, bwrapOptions: bwrapOptions(p) }, null, 2) + "\n" : renderProfile(p));
  return 0;
}

export function renderProfile(p: SandboxProfile): string {
  const lines = [
    `kernel profile (${p.engine}) for cwd ${p.cwd}, home ${p.home}, temp ${p.tmpDir}`,
    "",
    "mounts, in order (after: / read-only, fresh /dev and /proc, network as it is):",
    ...p.mounts.map((m) => `  ${m.kind.padEnd(10)} ${m.path}  (${m.why})`),
    "",
    "path rules:",
    ...(p.rules.length === 0
      ? ["  (none)"]
      : p.rules.map((r) => `  ${r.enforcement.padEnd(16)} ${r.surface} ${JSON.stringify(r.pattern)} ${r.action}: ${r.detail}`)),
    "",
    p.scan.roots.length === 0
      ? "scan: none needed (no wildcard path rule)"
      : `scan: ${p.scan.visited} entries under ${p.scan.roots.join(", ")} (limit ${p.scan.limit}${p.scan.complete ? ", complete" : ", REACHED: files beyond it were not examined"})`,
    ...(p.grants.length > 0 ? [`granted for this command: ${p.grants.join(", ")}`] : []),
    ...(p.readGrants.length > 0 ? [`granted for reading, for this command: ${p.readGrants.join(", ")}`] : []),
    "not covered by the kernel layer:",
    ...p.notes.map((n) => `  - ${n}`),
  ];
  return lines.join("\n") + "\n";
}
