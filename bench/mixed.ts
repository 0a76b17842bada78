/**
 * A rule set of mixed shapes, as a real policy mixes them (issue 39): per
 * 50 rules, 3 prefix rules `cmd sub *`, 3 exact rules `cmd sub --option`,
 * 3 infix rules `*cmd sub*`, and 41 prefix rules with long option variants
 * `cmd sub --option=variant-n *`, every shape spread over all priorities.
 * At 10,000 rules that is 600 of each of the first three. The hostile sets
 * (bench/hostile.ts) hold one shape each; here every value is read by a
 * prefix trie and by the Aho–Corasick automaton of the infix rules.
 *
 * The values (64, about 50 characters) follow a long option rule, chain
 * commands with `&&` (every command an infix rule's text), follow a prefix
 * rule's command into other options or are an exact rule's text, or match
 * nothing but hold a command late. Deterministic: a fixed seed.
 */

const COMMANDS = ["git", "npm", "pnpm", "cargo", "docker", "kubectl", "make", "go", "python3", "node", "terraform", "aws", "gh", "yarn", "rustup", "helm"];
const SUBCOMMANDS = ["status", "build", "test", "run", "push", "pull", "install", "deploy", "apply", "logs", "exec", "publish", "diff", "lint", "fmt", "clean"];
const OPTIONS = [
  "force-with-lease",
  "no-verify",
  "dry-run",
  "recursive",
  "all-namespaces",
  "output-format",
  "set-upstream",
  "ignore-scripts",
  "workspace",
  "filter",
  "verbose",
  "timeout",
];
const ACTIONS = ["allow", "ask", "deny"] as const;
/** Distinct `cmd sub` pairs the rules use. */
const PAIRS = 600;

function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff);
}

/** The i-th `cmd sub` pair: 256 plain ones, then numbered commands (`git1 status`). */
function pair(i: number): string {
  const cmd = COMMANDS[i % COMMANDS.length]! + (i >= 256 ? String(Math.floor(i / 256)) : "");
  return `${cmd} ${SUBCOMMANDS[Math.floor(i / COMMANDS.length) % SUBCOMMANDS.length]!}`;
}

function longOption(i: number): string {
  return `--${OPTIONS[i % OPTIONS.length]!}=${OPTIONS[(i >> 2) % OPTIONS.length]!}-${i % 97}`;
}

/** `permission` of a pi JSON config with `count` rules (the default included). */
export function mixedPermission(count: number): Record<string, unknown> {
  const bash: Record<string, string> = { "*": "ask" };
  const next = rng(4242);
  let size = 1;
  for (let i = 1; size < count; i++) {
    const k = (i - 1) % 50;
    // Three of each special shape per 50 rules, each on its own pair.
    const j = Math.floor((i - 1) / 50) * 3 + (k % 3);
    let pattern: string;
    if (k < 3) pattern = `${pair(j % PAIRS)} *`;
    else if (k < 6) pattern = `${pair(j % PAIRS)} --${OPTIONS[j % OPTIONS.length]!}`;
    else if (k < 9) pattern = `*${pair((j * 7) % PAIRS)}*`;
    else pattern = `${pair(i % PAIRS)} ${longOption(i)} *`;
    if (!Object.hasOwn(bash, pattern)) size++;
    bash[pattern] = ACTIONS[next() % ACTIONS.length]!;
  }
  return { "*": "ask", bash };
}

/** 64 bash values, about 50 characters each. */
export function mixedValues(): string[] {
  const next = rng(99);
  const values: string[] = [];
  for (let v = 0; v < 64; v++) {
    const i = next() % 700; // past PAIRS: commands no rule names
    switch (v % 4) {
      case 0:
        values.push(`${pair(i)} ${longOption(i)} --verbose x`);
        break;
      case 1: {
        const chain: string[] = [];
        for (let length = 0; length < 46; ) {
          const command = `${pair(next() % PAIRS)}${next() % 3 === 0 ? ` --${OPTIONS[next() % OPTIONS.length]!}` : ""}`;
          chain.push(command);
          length += command.length + 4;
        }
        values.push(chain.join(" && "));
        break;
      }
      case 2:
        // Half of them an exact rule's text (pairs below PAIRS have one), half a prefix rule's command with other words.
        values.push(
          v % 8 === 2
            ? `${pair(i % PAIRS)} --${OPTIONS[(i % PAIRS) % OPTIONS.length]!}`
            : `${pair(i)} --${OPTIONS[(v * 5) % OPTIONS.length]!} origin main --quiet -x`,
        );
        break;
      default:
        values.push(`unknown-tool --flag value --another-flag=${pair(i)} tail`);
    }
  }
  return values;
}
