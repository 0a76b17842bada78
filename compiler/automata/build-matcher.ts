/**
 * Priority-ordered patterns → a matcher (runtime/matcher.ts): one DFA when
 * one DFA stays small, else one part per pattern shape (decompose.ts).
 *
 * Steps: sticky multi-factor pieces go to one sequence part (sequence.ts;
 * those past its hit cap are handed back); each shape's other pieces are determinized alone under the state budget
 * (split by priority when over, as split-groups does); then, when more than
 * one shape is present, the whole set is determinized once more as a single
 * final-mode DFA under a budget of twice the parts' total states. If that
 * fits, the single DFA wins: one scan per check and exact analyses. If not,
 * the shapes multiply and stay apart. The failed attempt costs at most its
 * budget in states and in work (SINGLE_WORK_PER_STATE), so compile time
 * stays linear in the parts' size.
 *
 * Ranks: pattern k of the kept (deduplicated, unshadowed) list has rank k;
 * accepts are ranks and `payloads[rank]` is the caller's payload, so a part
 * compares priorities with one integer comparison.
 */
import type { Matcher, MatcherPart, PartMode } from "../../runtime/matcher.js";
import { matcherOf, matcherPart, MODE_FINAL, MODE_REGISTER, MODE_SEQUENCE } from "../../runtime/matcher.js";
import { sequenceFromTables } from "../../runtime/sequence.js";
import { buildSequence, sequenceFactors, type SequencePiece, type SequenceTablesBuild } from "./sequence.js";
import { determinizeGroup, finishGroup, toAutomaton, type RawGroup } from "./build-automaton.js";
import { buildAhoCorasick } from "./aho-corasick.js";
import { buildAlphabet, classOfUnits } from "./alphabet.js";
import { decompose, isRegisterKind, KIND_COUNT, KIND_UNANCHORED_FINAL, KIND_UNANCHORED_STICKY, withoutFinalStar, type Piece } from "./decompose.js";
import { ANY, STAR, type ParsedPattern } from "./parse-pattern.js";
import type { DeterminizeBudget } from "./determinize.js";
import { partLimits } from "./limit.js";
import { splitGroups, type GroupItem } from "./split-groups.js";

/** Slack states of the single-DFA attempt beyond twice the parts' total, so small sets always try it. */
const MERGE_SLACK = 256;
/**
 * Work (positions handled, as determinize counts it) per allowed state of
 * the single-DFA attempt. A union that stays small has small position sets;
 * when shapes multiply, every state carries every unanchored pattern's
 * star, and without this bound the attempt spent seconds on sets of
 * thousands of positions before it ran out of states.
 */
const SINGLE_WORK_PER_STATE = 128;

export interface KeptPattern extends GroupItem {}

export interface MatcherBuild {
  readonly matcher: Matcher;
  /** Caller indices of patterns left out because one of their pieces alone exceeds the budget. */
  readonly tooLarge: readonly number[];
  /** Parts that exist only because a shape was split by the state budget. */
  readonly budgetSplit: boolean;
}

interface Shape {
  readonly kind: number;
  readonly groups: readonly RawGroup[];
  /** The subset construction needed more than one group for the budget. */
  readonly budgetSplit: boolean;
}

/** `kept` in priority order, lowest first; each item's payload is the caller's, its position the rank. */
export function buildMatcher(kept: readonly KeptPattern[], foldRep: Uint16Array | null, budget: DeterminizeBudget, trySingle = true): MatcherBuild {
  let live = kept.map((k, rank) => ({ ...k, rank }));
  const tooLarge: number[] = [];
  let shapes: Shape[] = [];
  let sequence: SequenceTablesBuild | null = null;
  // A piece too large alone takes its whole pattern out; the other shapes are rebuilt without it.
  for (;;) {
    const pieces: Piece[][] = Array.from({ length: KIND_COUNT }, () => []);
    const indexOfRank = new Map<number, number>();
    for (const k of live) {
      indexOfRank.set(k.rank, k.index);
      for (const piece of decompose(k.parsed, k.rank)) pieces[piece.kind]!.push(piece);
    }
    shapes = [];
    const dropped = new Set<number>();
    // Multi-factor sticky pieces of both register kinds share one sequence part; the ones it hands back stay below.
    const inSequence = pieces.map((list) => new Uint8Array(list.length));
    sequence = buildSequencePart(pieces, inSequence, foldRep);
    for (let kind = 0; kind < KIND_COUNT; kind++) {
      const list = pieces[kind]!.filter((_, i) => inSequence[kind]![i] === 0);
      if (list.length === 0) continue;
      const parsed = list.map((p) => (isRegisterKind(kind) ? withoutFinalStar(p.parsed) : p.parsed));
      const groups: RawGroup[] = [];
      // One literal after a leading star: an Aho–Corasick automaton, linear in the factors.
      const literal = parsed.map(isStarThenLiteral);
      if (kind === KIND_UNANCHORED_FINAL || kind === KIND_UNANCHORED_STICKY) {
        const ac = list.flatMap((p, i) => (literal[i] ? [{ parsed: parsed[i]!, rank: p.rank }] : []));
        if (ac.length > 0) {
          const alphabet = buildAlphabet(
            ac.map((a) => a.parsed),
            foldRep,
          );
          const factors = ac.map((a) => Int32Array.from(a.parsed.tokens.subarray(1), (t) => alphabet.classOfLiteral[t]!));
          groups.push({
            alphabet,
            dfa: buildAhoCorasick(
              factors,
              ac.map((a) => a.rank),
              alphabet.classCount,
            ),
          });
        }
      } else {
        literal.fill(false);
      }
      const items = list.flatMap((p, i) => (literal[i] ? [] : [{ parsed: parsed[i]!, payload: p.rank, index: p.rank }]));
      const split = splitGroups(items, foldRep, kindBudget(budget, items));
      for (const rank of split.tooLarge) dropped.add(rank);
      groups.push(...split.groups);
      shapes.push({ kind, groups, budgetSplit: split.groups.length > 1 });
    }
    if (dropped.size === 0) break;
    for (const rank of dropped) tooLarge.push(indexOfRank.get(rank)!);
    live = live.filter((k) => !dropped.has(k.rank));
  }

  const payloads = Int32Array.from(kept, (k) => k.payload);
  const budgetSplit = shapes.some((s) => s.budgetSplit);
  if (trySingle && (shapes.length > 1 || sequence !== null)) {
    const total = shapes.reduce((n, s) => n + s.groups.reduce((m, g) => m + g.dfa.stateCount, 0), 0) + (sequence?.raw.dfa.stateCount ?? 0);
    const single = determinizeGroup(
      live.map((k) => k.parsed),
      live.map((k) => k.rank),
      foldRep,
      singleBudget(budget, total),
    );
    if (single !== null) return { matcher: matcherOf(payloads, [part(single, MODE_FINAL, foldRep)], true), tooLarge, budgetSplit: false };
  }
  const parts: MatcherPart[] = [];
  for (const s of shapes) for (const g of s.groups) parts.push(part(g, isRegisterKind(s.kind) ? MODE_REGISTER : MODE_FINAL, foldRep));
  if (sequence !== null) parts.push(sequencePart(sequence, foldRep, kept.length));
  return { matcher: matcherOf(payloads, parts, true), tooLarge: tooLarge.sort((a, b) => a - b), budgetSplit };
}

/** Takes the sequence-shaped register pieces (marking them in `taken`) into one sequence part, or null. */
function buildSequencePart(pieces: readonly Piece[][], taken: Uint8Array[], foldRep: Uint16Array | null): SequenceTablesBuild | null {
  const from: [number, number][] = [];
  const candidates: SequencePiece[] = [];
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    if (!isRegisterKind(kind)) continue;
    pieces[kind]!.forEach((p, i) => {
      const parsed = withoutFinalStar(p.parsed);
      if (sequenceFactors(parsed) === null) return;
      from.push([kind, i]);
      candidates.push({ parsed, rank: p.rank });
    });
  }
  if (candidates.length === 0) return null;
  const built = buildSequence(candidates, foldRep);
  const back = new Set(built.handedBack);
  from.forEach(([kind, i], k) => {
    if (!back.has(k)) taken[kind]![i] = 1;
  });
  return built.part;
}

function sequencePart(s: SequenceTablesBuild, foldRep: Uint16Array | null, rankCount: number): MatcherPart {
  const finished = finishGroup(s.raw, foldRep);
  const automaton = toAutomaton(finished);
  // Factors were spelled in the alphabet's classes; the finished automaton numbers (and may merge) them anew.
  const before = classOfUnits(s.raw.alphabet, foldRep);
  const renamed = new Int32Array(s.raw.alphabet.classCount);
  for (let u = 0; u < 65_536; u++) renamed[before[u]!] = finished.classOfUnit[u]!;
  const factorClasses = s.factorClasses.map((c) => renamed[c]!);
  let maxRank = -1;
  for (const r of s.patternRank) if (r > maxRank) maxRank = r;
  // The loop stops on its own once the best reaches the part's highest rank; the limit says so for the other readers.
  const limit = new Int32Array(automaton.stateCount).fill(maxRank);
  limit[0] = -1;
  const { raw: _raw, ...stored } = s;
  const sequence = sequenceFromTables({ ...stored, factorClasses }, automaton, rankCount);
  if (typeof sequence === "string") throw new Error(`sequence part: ${sequence}`); // a compiler bug, not an input problem
  return matcherPart(MODE_SEQUENCE, automaton, limit, sequence, true);
}

function singleBudget(budget: DeterminizeBudget, partStates: number): DeterminizeBudget {
  const maxStates = Math.min(budget.maxStates, 2 * partStates + MERGE_SLACK);
  return { ...budget, maxStates, maxWork: Math.min(budget.maxWork, SINGLE_WORK_PER_STATE * maxStates) };
}

/** One star, then only literals: `*F` (a factor with `?` or a second star needs the subset construction). */
function isStarThenLiteral(p: ParsedPattern): boolean {
  const t = p.tokens;
  if (t.length < 2 || t[0] !== STAR || p.optionalTailFrom >= 0) return false;
  for (let i = 1; i < t.length; i++) if (t[i] === STAR || t[i] === ANY) return false;
  return true;
}

/**
 * A shape's budget grows with its size: a trie of long literals needs as
 * many states as it has characters, and splitting it would cost a scan per
 * part. Twice the tokens (plus the dead and start states) still stops a
 * shape whose states multiply, such as `?` after a star.
 */
function kindBudget(budget: DeterminizeBudget, items: readonly { parsed: ParsedPattern }[]): DeterminizeBudget {
  let tokens = 0;
  for (const i of items) tokens += i.parsed.tokens.length + 1;
  return { ...budget, maxStates: Math.max(budget.maxStates, 2 * tokens + 2) };
}

function part(raw: RawGroup, mode: PartMode, foldRep: Uint16Array | null): MatcherPart {
  const g = finishGroup(raw, foldRep);
  const automaton = toAutomaton(g);
  return matcherPart(mode, automaton, partLimits(g.dfa, automaton.decided, mode), undefined, true);
}
