/**
 * Automaton → plain JSON. Every typed array becomes an element-type tag, a
 * length and little-endian base64, with a fixed key order, so equal automata
 * serialize to identical text.
 */
import { AUTOMATON_FORMAT, AUTOMATON_VERSION, type Automaton, type SerializedArray, type SerializedAutomaton } from "../../runtime/automaton.js";
import { MODE_REGISTER, MODE_SEQUENCE, type Matcher, type MatcherPart, type SerializedMatcher, type SerializedMatcherPart } from "../../runtime/matcher.js";
import { SEQUENCE_TABLES, type SerializedSequence } from "../../runtime/sequence.js";
import { elementsToBytes, encodeBase64, type ElementArray, type ElementType } from "../../runtime/base64.js";

function tagOf(a: ElementArray): ElementType {
  if (a instanceof Uint8Array) return "u8";
  if (a instanceof Uint16Array) return "u16";
  if (a instanceof Uint32Array) return "u32";
  return "i32";
}

function array(a: ElementArray): SerializedArray {
  const type = tagOf(a);
  return { type, length: a.length, base64: encodeBase64(elementsToBytes(a, type)) };
}

export function serializeAutomaton(a: Automaton): SerializedAutomaton {
  return {
    format: AUTOMATON_FORMAT,
    version: AUTOMATON_VERSION,
    stateCount: a.stateCount,
    classCount: a.classCount,
    start: a.start,
    classIndex: array(a.classIndex),
    classBlocks: array(a.classBlocks),
    base: array(a.base),
    defaults: array(a.defaults),
    check: array(a.check),
    next: array(a.next),
    accept: array(a.accept),
    decided: array(a.decided),
  };
}

export function serializeMatcher(m: Matcher): SerializedMatcher {
  return {
    payloads: array(m.payloads),
    parts: m.parts.map(serializePart),
  };
}

function serializePart(p: MatcherPart): SerializedMatcherPart {
  const base = { limit: array(p.limit), automaton: serializeAutomaton(p.automaton) };
  if (p.mode !== MODE_SEQUENCE) return { mode: p.mode === MODE_REGISTER ? "register" : "final", ...base };
  const t = p.sequence!;
  const sequence = Object.fromEntries(SEQUENCE_TABLES.map((name) => [name, array(t[name])])) as unknown as SerializedSequence;
  return { mode: "sequence", ...base, sequence };
}
