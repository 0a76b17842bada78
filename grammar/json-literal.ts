import type { Json } from "./index.js";

/** The plain JS value of a JSON literal, as the reader builds it (a repeated key: first place, last value). */
export function plain(v: Json): unknown {
  switch (v.kind) {
    case "list":
      return v.items.map(plain);
    case "map": {
      // The object the reader builds from it too (a repeated key: first place, last value), so meaning is kept.
      return Object.fromEntries(v.entries.map((e) => [e.key.value, plain(e.value)]));
    }
    case "null":
      return null;
    case "number":
      return v.value;
    default:
      return v.value;
  }
}
