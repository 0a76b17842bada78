import type { Span } from "../ir.js";
import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import { ownKeyOrder, reorderedIndexKeys } from "./js-key-order.js";

/**
 * A parsed value as the reference's code sees it (a JavaScript value), with
 * spans. JSON and the frontmatter mini-YAML both produce it, so one set of
 * validators serves both.
 */
export type RawValue = RawString | RawNumber | RawBoolean | RawNull | RawList | RawMap;

export interface RawString {
  readonly kind: "string";
  readonly value: string;
  readonly span: Span;
}
export interface RawNumber {
  readonly kind: "number";
  readonly value: number;
  readonly span: Span;
}
export interface RawBoolean {
  readonly kind: "boolean";
  readonly value: boolean;
  readonly span: Span;
}
export interface RawNull {
  readonly kind: "null";
  readonly span: Span;
}
export interface RawList {
  readonly kind: "list";
  readonly items: readonly RawValue[];
  readonly span: Span;
}

export interface RawMap {
  readonly kind: "map";
  /** Own keys in enumeration order; a duplicate key appears once, at its first position, with its last value. */
  readonly entries: readonly RawEntry[];
  readonly span: Span;
  /**
   * A map assigned to `__proto__` by the frontmatter reader becomes the
   * object's prototype: invisible to `Object.entries`, yet seen by property
   * reads such as `parsed.permission` or `value.action`.
   */
  readonly proto: RawMap | null;
}

export interface RawEntry {
  readonly key: string;
  readonly keySpan: Span;
  readonly value: RawValue;
}

/** Property read through the prototype chain, as `obj[key]` does. */
export function getProperty(map: RawMap, key: string): RawValue | undefined {
  for (let m: RawMap | null = map; m; m = m.proto) {
    const hit = m.entries.find((e) => e.key === key);
    if (hit) return hit.value;
  }
  return undefined;
}

/** "a string", "an array", … for messages. */
export function describeRaw(value: RawValue): string {
  switch (value.kind) {
    case "string":
      return `the string ${quote(value.value)}`;
    case "number":
      return `the number \`${String(value.value)}\``;
    case "boolean":
      return `\`${String(value.value)}\``;
    case "null":
      return "`null`";
    case "list":
      return "an array";
    case "map":
      return "an object";
  }
}

/**
 * Builds a map with plain-object assignment semantics: a repeated key keeps
 * its first position and takes the new value; enumeration puts array-index
 * keys first. Reports both quirks, since they silently change rule order.
 */
export class ObjectBuilder {
  private readonly byKey = new Map<string, RawEntry>();
  private readonly created: { key: string; keySpan: Span }[] = [];
  private readonly diags: Diagnostic[];
  proto: RawMap | null = null;

  constructor(diagnostics: Diagnostic[]) {
    this.diags = diagnostics;
  }

  set(key: string, keySpan: Span, value: RawValue): void {
    const earlier = this.byKey.get(key);
    if (earlier) {
      // Nothing inside the discarded value is ever read, so what was said about it no longer applies.
      pruneWithin(this.diags, earlier.value.span);
      const notes = ["the earlier value is discarded unread; this one takes the earlier key's place in the rule order"];
      if (earlier.value.kind === "map" && value.kind === "map") {
        notes.push("the earlier map is replaced as a whole, not merged with this one");
      }
      this.diags.push(diagnostic("duplicateKey", `duplicate key ${quote(key)}; this value replaces the earlier one`, keySpan, { notes }));
    } else {
      this.created.push({ key, keySpan });
    }
    this.byKey.set(key, { key, keySpan, value });
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  build(span: Span): RawMap {
    for (const { moved, ahead } of reorderedIndexKeys(this.created)) {
      this.diags.push(
        diagnostic(
          "integerKeyOrder",
          `integer-like key ${quote(moved.key)} is enumerated before ${quote(ahead.key)}, which is written above it`,
          moved.keySpan,
          { notes: ["rules are checked in enumeration order and the last match wins, so this can change decisions"] },
        ),
      );
    }
    const entries = ownKeyOrder(this.created).map((c) => this.byKey.get(c.key)!);
    return { kind: "map", entries, span, proto: this.proto };
  }
}

function pruneWithin(diags: Diagnostic[], span: Span): void {
  for (let i = diags.length - 1; i >= 0; i--) {
    const s = diags[i]!.span;
    if (s && s.file === span.file && s.start >= span.start && s.end <= span.end) diags.splice(i, 1);
  }
}
