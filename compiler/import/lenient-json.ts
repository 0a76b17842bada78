// Agent settings files are JSON in name only: JSONC comments and trailing
// commas are common (the corpus has both). One scanner drops both outside
// strings, then JSON.parse reads the rest, so key order is JavaScript's.

export function parseLenientJson(text: string): { value: unknown; lenient: boolean } | { error: string } {
  let out = "";
  let lenient = false;
  const src = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j;
    } else if (c === "/" && src[i + 1] === "/") {
      while (i < src.length && src[i] !== "\n") i++;
      out += "\n";
      lenient = true;
    } else if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      i = end < 0 ? src.length : end + 1;
      lenient = true;
    } else if (c === ",") {
      const next = src[skipBlank(src, i + 1)];
      if (next === "}" || next === "]") lenient = true;
      else out += c;
    } else out += c;
  }
  try {
    return { value: JSON.parse(out), lenient };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The index of the next character that is not whitespace or inside a comment. */
function skipBlank(src: string, i: number): number {
  for (;;) {
    while (i < src.length && /\s/.test(src[i]!)) i++;
    if (src.startsWith("//", i)) while (i < src.length && src[i] !== "\n") i++;
    else if (src.startsWith("/*", i)) {
      const end = src.indexOf("*/", i + 2);
      i = end < 0 ? src.length : end + 2;
    } else return i;
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
