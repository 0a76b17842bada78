/**
 * Realistic generated policies: commands × subcommands with prefix rules,
 * some leading `*`, some `?`, spread over a few surfaces; deterministic.
 */
const COMMANDS = ["git", "npm", "pnpm", "cargo", "docker", "kubectl", "make", "go", "python3", "node", "terraform", "aws", "gh", "yarn", "rustup", "helm"];
const SUBCOMMANDS = ["status", "build", "test", "run", "push", "pull", "install", "deploy", "apply", "logs", "exec", "publish", "diff", "lint", "fmt", "clean"];
const ACTIONS = ["allow", "ask", "deny"] as const;

export function generatePermission(ruleCount: number): Record<string, unknown> {
  const bash: Record<string, unknown> = { "*": "ask" };
  const read: Record<string, string> = { "*": "allow" };
  let n = 1;
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  for (let i = 0; n < ruleCount; i++) {
    const cmd =
      COMMANDS[i % COMMANDS.length]! + (i >= COMMANDS.length * SUBCOMMANDS.length ? String(Math.floor(i / (COMMANDS.length * SUBCOMMANDS.length))) : "");
    const sub = SUBCOMMANDS[Math.floor(i / COMMANDS.length) % SUBCOMMANDS.length]!;
    const action = ACTIONS[next() % 3]!;
    const r = next() % 20;
    if (r === 0) bash[`*--${sub}-force*`] = "deny";
    else if (r === 1) bash[`${cmd} ${sub} -?`] = action;
    else if (r === 2 && n % 10 === 0) read[`*.${sub}`] = "deny";
    else bash[`${cmd} ${sub} *`] = action;
    n++;
  }
  return { "*": "ask", bash, read };
}

export const SAMPLE_VALUES = [
  "git status",
  "npm run build -- --filter web",
  "cargo test --workspace -q",
  "docker push registry.example.com/app:1.2.3",
  "kubectl logs -f deploy/api",
  "unknown-tool --flag value",
];
