/**
 * The packed runtime tables: every (state, class) transition read through
 * base/check/next/defaults equals the DFA's; the class map sends every code
 * unit to its class; decided flags are exactly "nothing reachable changes the
 * answer"; and a large trie-like automaton stays a few MB.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classOfUnits } from "../../compiler/automata/alphabet.js";
import { foldRepresentatives } from "../../compiler/automata/case-fold.js";
import { buildClassMap } from "../../compiler/automata/class-map.js";
import { computeDecided } from "../../compiler/automata/decided.js";
import { finishGroup, toAutomaton } from "../../compiler/automata/build-automaton.js";
import { compileAutomata } from "../../compiler/automata/index.js";
import { packTable } from "../../compiler/automata/pack-table.js";
import { transition, type SparseDfa } from "../../compiler/automata/sparse-dfa.js";
import { runAutomaton, type Automaton } from "../../runtime/automaton.js";
import { matchCaseArb, PATTERN_CHARS, VALUE_CHARS } from "./arbitraries.js";
import { rawDfa } from "./helpers.js";

function packedTransition(a: Pick<Automaton, "base" | "check" | "next" | "defaults">, q: number, c: number): number {
  const i = a.base[q]! + c;
  return a.check[i] === q ? a.next[i]! : a.defaults[q]!;
}

/** States reachable from q, q included. */
function reachable(d: SparseDfa, q: number): Set<number> {
  const seen = new Set([q]);
  const stack = [q];
  while (stack.length > 0) {
    const s = stack.pop()!;
    for (let c = 0; c < d.classCount; c++) {
      const t = transition(d, s, c);
      if (!seen.has(t)) {
        seen.add(t);
        stack.push(t);
      }
    }
  }
  return seen;
}

describe("packed tables", () => {
  it("row displacement reproduces every transition", () => {
    fc.assert(
      fc.property(matchCaseArb(PATTERN_CHARS, VALUE_CHARS, 10), fc.boolean(), (c, fold) => {
        const { dfa } = finishGroup(rawDfa(c.patterns, fold), null);
        const packed = packTable(dfa);
        for (let q = 0; q < dfa.stateCount; q++) {
          expect(dfa.rowStart[q + 1]! - dfa.rowStart[q]!).toBeLessThan(dfa.classCount); // a default is always used
          for (let cl = 0; cl < dfa.classCount; cl++) expect(packedTransition(packed, q, cl)).toBe(transition(dfa, q, cl));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("the two-level class map sends every code unit to its class", () => {
    const raw = rawDfa(["é*", "😀?", "a[b]\\", "ZZ*", "\u4e00\u4e01*"], true);
    const classes = classOfUnits(raw.alphabet, foldRepresentatives());
    const { classIndex, classBlocks } = buildClassMap(classes, raw.dfa.classCount);
    for (let u = 0; u < 65_536; u++) {
      if (classBlocks[(classIndex[u >> 8]! << 8) | (u & 255)] !== classes[u]) throw new Error(`unit ${u}`);
    }
    // Blocks for high bytes 0x00, 0x4e, 0xd8, 0xde; every other high byte shares one all-"rest" block.
    expect(classBlocks.length / 256).toBe(5);
  });

  it("decided[q] is 1 exactly when every reachable state has q's accept", () => {
    fc.assert(
      fc.property(matchCaseArb(PATTERN_CHARS, VALUE_CHARS, 8), (c) => {
        const { dfa } = finishGroup(rawDfa(c.patterns), null);
        const decided = computeDecided(dfa);
        for (let q = 0; q < dfa.stateCount; q++) {
          const same = [...reachable(dfa, q)].every((t) => dfa.accept[t] === dfa.accept[q]);
          expect(decided[q]).toBe(same ? 1 : 0);
        }
        expect(decided[0]).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it("matching stops at a decided state: `rm -rf *` has won after its space", () => {
    const a = toAutomaton(finishGroup(rawDfa(["rm -rf *"]), null));
    let q = a.start;
    for (const ch of "rm -rf ") q = packedTransition(a, q, a.classBlocks[ch.charCodeAt(0)]!);
    expect([a.accept[q], a.decided[q]]).toEqual([0, 1]);
    expect(runAutomaton(a, `rm -rf ${"x".repeat(100_000)}`)).toBe(0);
  });

  it("a 200,000-state trie-like automaton stays a few MB and uses 32-bit state ids", () => {
    let seed = 7;
    const letter = (): string => String.fromCharCode(97 + ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % 26));
    const patterns = Array.from({ length: 28_000 }, (_, i) => ({ pattern: `${Array.from({ length: 10 }, letter).join("")} *`, payload: i }));
    const { groups, problems } = compileAutomata(patterns, { foldCase: false, maxStates: 400_000 });
    expect(problems).toEqual([]);
    const a = groups[0]!;
    expect(a.stateCount).toBeGreaterThan(200_000);
    expect(a.next).toBeInstanceOf(Uint32Array);
    const bytes = [a.classIndex, a.classBlocks, a.base, a.defaults, a.check, a.next, a.accept, a.decided].reduce((n, t) => n + t.byteLength, 0);
    expect(bytes).toBeLessThan(8_000_000);
    expect(runAutomaton(a, `${patterns[123]!.pattern.slice(0, -2)} now`)).toBe(123);
  });
});
