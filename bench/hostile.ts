/**
 * Rule sets of one hostile shape each, at any size, for the "any mix of rule
 * shapes" rows (issue 13 goal 1): each is mostly prefix rules, as real
 * policies are, with a large share of the shape under test spread over all
 * priorities. Deterministic: a fixed seed, words built from syllables so
 * 10,000 rules hold thousands of distinct literals.
 */
export interface HostileShape {
  readonly name: string;
  /** `permission` of a pi JSON config with about `count` rules. */
  readonly permission: (count: number) => Record<string, unknown>;
  /** Bash values checked against it: some match the shape, some a prefix rule, some nothing. */
  readonly values: readonly string[];
}

const ACTIONS = ["allow", "ask", "deny"] as const;

function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff);
}

function wordMaker(syllables: readonly string[], seed: number): (i: number) => string {
  return (i) => {
    const n = rng(seed + i * 7919);
    let w = "";
    for (let k = 0, len = 2 + (n() % 2); k < len; k++) w += syllables[n() % syllables.length]!;
    return w + (i >= 500 ? String(i % 997) : "");
  };
}

const LATIN = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "zi", "pe", "su", "do", "ge", "fa", "hu", "bi", "xo"];
const NON_ASCII = ["дом", "кот", "ü", "ß", "é", "ñ", "中", "文", "日", "本", "가", "나", "😀", "🚀", "λ", "Ω"];

const latin = wordMaker(LATIN, 1);
const exotic = wordMaker(NON_ASCII, 2);

/**
 * `count` rules: a default, prefix rules `word word *`, and every `every`-th
 * rule (from the first) made by `special`, whose `k` counts them. The first
 * rules hold the shape too, so the 10-rule set of a shape is of that shape and
 * the 10 → 10,000 ratio measures growth. (Until 2026-12-02 20:00 UTC the specials were
 * rules `every`, `2·every`, …: the 10-rule infix set held no infix rule, and
 * the ratio compared an unanchored pattern's scan with a prefix trie that
 * settles in a few characters.)
 */
function mix(count: number, every: number, special: (i: number, k: number) => string, word = latin): Record<string, unknown> {
  const bash: Record<string, string> = { "*": "ask" };
  const next = rng(12345);
  // Counted as they are added: Object.keys on every step made generating 10,000 rules quadratic.
  let size = 1;
  for (let i = 1; size < count; i++) {
    const action = ACTIONS[next() % 3]!;
    const pattern = i % every === 1 ? special(i, Math.floor(i / every)) : `${word(i % 400)} ${word(i)} *`;
    if (!Object.hasOwn(bash, pattern)) size++;
    bash[pattern] = action;
  }
  return { "*": "ask", bash };
}

export const HOSTILE_SHAPES: readonly HostileShape[] = [
  {
    name: "infix-heavy (1 in 12 rules `*word word*`)",
    permission: (count) => mix(count, 12, (i) => `*${latin(i)} ${latin(i + 1)}*`),
    values: [
      "kalo mine --x",
      `${latin(7)} ${latin(7)} ${latin(12 * 40 + 1)} ${latin(12 * 40 + 2)} y`,
      "git status --short",
      `x ${latin(25)} ${latin(26)}`,
      "unknown-tool --flag value",
      "npm run build -- --filter web",
    ],
  },
  {
    name: "?-heavy (1 in 3 rules with 2–4 `?`)",
    permission: (count) => mix(count, 3, (i, k) => `${latin(i % 400)} ${latin(i).slice(0, 2)}??${"?".repeat(k % 3)} -${latin(i).slice(2, 3)}? *`),
    values: [
      `${latin(4)} ${latin(4).slice(0, 2)}xyz -${latin(4).slice(2, 3)}z now`,
      `${latin(8)} ${latin(8)} x`,
      "git status --short",
      "unknown-tool --flag value",
      "npm run build -- --filter web",
      "a b c d e f",
    ],
  },
  {
    name: "many-star (1 in 6 rules with 3–4 `*`)",
    permission: (count) => mix(count, 6, (i, k) => (k % 4 === 0 ? `*${latin(i)} *${latin(i + 3)}*` : `${latin(i % 400)} * ${latin(i)} * --${latin(i + 1)}*`)),
    values: [
      `${latin(7)} a ${latin(7)} b --${latin(8)} c`,
      `x ${latin(25)} y ${latin(28)} z`,
      `${latin(5)} ${latin(5)} x`,
      "git status --short",
      "unknown-tool --flag value",
      "npm run build -- --filter web",
    ],
  },
  {
    name: "long-literal (1 in 4 rules with 100–300-char literals)",
    permission: (count) =>
      mix(count, 4, (i, k) => {
        const long = `/srv/projects/${latin(i)}/${"deeply/nested/".repeat(6 + ((k * 5) % 14))}${latin(i + 1)}.conf`;
        return k % 5 === 0 ? `*${long}*` : `cat ${long}`;
      }),
    values: [
      `cat /srv/projects/${latin(5)}/${"deeply/nested/".repeat(6 + 5)}${latin(6)}.conf`,
      `${latin(10)} ${latin(10)} y`,
      "git status --short",
      "unknown-tool --flag value",
      "npm run build -- --filter web",
      `cat /srv/projects/${latin(8)}/deeply`,
    ],
  },
  {
    name: "non-ASCII (all words from Cyrillic, CJK, Hangul, emoji; 1 in 12 infix)",
    permission: (count) => mix(count, 12, (i) => `*${exotic(i)} ${exotic(i + 1)}*`, exotic),
    values: [
      `${exotic(7)} ${exotic(7)} x`,
      `a ${exotic(25)} ${exotic(26)} b`,
      "git status --short",
      `${exotic(1)} 🚀`,
      "unknown-tool --flag value",
      "дом кот ü 中文 😀",
    ],
  },
];
