// A strict reader for the part of TOML (1.0) that Gemini CLI policy files
// use: comments, `[table]` and `[[array.of.tables]]` headers, bare, quoted
// and dotted keys, the four kinds of string, integers, floats, booleans,
// arrays and inline tables. Anything else (dates and times, a key defined
// twice, a mixed array) is an error naming its line: Gemini CLI skips a
// whole file its TOML parser rejects, so a file this reader cannot read
// exactly is refused rather than half-read.

export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

export interface TomlDocument {
  readonly root: TomlTable;
  /** The line each table starts on (a `[header]`, `[[header]]` or inline `{`), for messages about it. */
  readonly lines: ReadonlyMap<TomlTable, number>;
}

class TomlError extends Error {}

export function parseToml(text: string): TomlDocument | { error: string } {
  const reader = new Reader(text);
  try {
    reader.document();
    return { root: reader.root, lines: reader.lines };
  } catch (e) {
    if (e instanceof TomlError) return { error: `line ${reader.line}: ${e.message}` };
    throw e;
  }
}

const BARE_KEY = /^[A-Za-z0-9_-]+/;
const DECIMAL = /^[+-]?(0|[1-9](_?[0-9])*)$/;
const PREFIXED_INTEGER: Readonly<Record<string, RegExp>> = { x: /^[0-9A-Fa-f](_?[0-9A-Fa-f])*$/, o: /^[0-7](_?[0-7])*$/, b: /^[01](_?[01])*$/ };
const RADIX: Readonly<Record<string, number>> = { x: 16, o: 8, b: 2 };
const FLOAT = /^[+-]?(0|[1-9](_?[0-9])*)((\.[0-9](_?[0-9])*)([eE][+-]?[0-9](_?[0-9])*)?|[eE][+-]?[0-9](_?[0-9])*)$/;
const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/;
const ESCAPES: Readonly<Record<string, string>> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", '"': '"', "\\": "\\" };

/** What a table is to the rules on redefining it. */
type Origin = "header" | "implicit" | "dotted" | "inline" | "array-element";

class Reader {
  readonly root: TomlTable = Object.create(null) as TomlTable;
  readonly lines = new Map<TomlTable, number>();
  private readonly origin = new Map<TomlTable, Origin>();
  /** Arrays made by `[[header]]`: only these take more elements from a header. */
  private readonly tableArrays = new Set<TomlValue[]>();
  private pos = 0;
  line = 1;

  constructor(private readonly text: string) {
    this.origin.set(this.root, "implicit");
  }

  document(): void {
    if (this.text.startsWith("\uFEFF")) throw new TomlError("the file starts with a byte-order mark");
    let current = this.root;
    for (;;) {
      this.blanksAndNewlines();
      if (this.pos >= this.text.length) return;
      if (this.peek() === "[") current = this.header();
      else this.keyValue(current, "dotted");
      this.endOfLine();
    }
  }

  private header(): TomlTable {
    const array = this.text.startsWith("[[", this.pos);
    this.pos += array ? 2 : 1;
    this.blanks();
    const keys = this.key();
    this.blanks();
    if (!this.text.startsWith(array ? "]]" : "]", this.pos)) throw new TomlError(`\`${array ? "]]" : "]"}\` expected after the table name`);
    this.pos += array ? 2 : 1;
    const parent = this.walk(this.root, keys.slice(0, -1), "implicit");
    const last = keys[keys.length - 1]!;
    const existing = Object.hasOwn(parent, last) ? parent[last] : undefined;
    const table = Object.create(null) as TomlTable;
    this.lines.set(table, this.line);
    if (array) {
      if (existing === undefined) {
        const list: TomlValue[] = [];
        this.tableArrays.add(list);
        parent[last] = list;
      } else if (!Array.isArray(existing) || !this.tableArrays.has(existing))
        throw new TomlError(`\`${keys.join(".")}\` is already defined, not as an array of tables`);
      (parent[last] as TomlValue[]).push(table);
      this.origin.set(table, "array-element");
      return table;
    }
    if (existing === undefined) {
      parent[last] = table;
      this.origin.set(table, "header");
      return table;
    }
    if (isTable(existing) && this.origin.get(existing) === "implicit") {
      this.origin.set(existing, "header");
      this.lines.set(existing, this.line);
      return existing;
    }
    throw new TomlError(`table \`${keys.join(".")}\` is defined twice`);
  }

  /** The table `keys` name under `from`, made (as `made`) where missing; a `[[header]]` array stands for its last element. */
  private walk(from: TomlTable, keys: readonly string[], made: Origin): TomlTable {
    let table = from;
    for (const k of keys) {
      const next = Object.hasOwn(table, k) ? table[k] : undefined;
      if (next === undefined) {
        const created = Object.create(null) as TomlTable;
        this.origin.set(created, made);
        table[k] = created;
        table = created;
      } else if (Array.isArray(next) && this.tableArrays.has(next)) table = next[next.length - 1] as TomlTable;
      else if (isTable(next) && this.origin.get(next) !== "inline" && !(made === "dotted" && this.origin.get(next) === "header")) table = next;
      else throw new TomlError(`\`${k}\` is already defined as a value`);
    }
    return table;
  }

  private keyValue(table: TomlTable, made: Origin): void {
    const keys = this.key();
    this.blanks();
    if (this.peek() !== "=") throw new TomlError("`=` expected after a key");
    this.pos++;
    this.blanks();
    const value = this.value();
    const parent = this.walk(table, keys.slice(0, -1), made);
    const last = keys[keys.length - 1]!;
    if (Object.hasOwn(parent, last)) throw new TomlError(`\`${keys.join(".")}\` is defined twice`);
    parent[last] = value;
  }

  private key(): string[] {
    const keys: string[] = [];
    for (;;) {
      const c = this.peek();
      if (c === '"') keys.push(this.basicString());
      else if (c === "'") keys.push(this.literalString());
      else {
        const m = BARE_KEY.exec(this.text.slice(this.pos, this.pos + 256));
        if (!m) throw new TomlError(`a key expected, found ${this.found()}`);
        keys.push(m[0]);
        this.pos += m[0].length;
      }
      this.blanks();
      if (this.peek() !== ".") return keys;
      this.pos++;
      this.blanks();
    }
  }

  private value(): TomlValue {
    return this.typedValue()[0];
  }

  /** A value and its type as TOML 0.5 arrays (Gemini CLI's parser) keep them apart: `1` and `1.0` differ. */
  private typedValue(): [TomlValue, string] {
    const c = this.peek();
    if (c === '"') return [this.text.startsWith('"""', this.pos) ? this.multilineBasicString() : this.basicString(), "strings"];
    if (c === "'") return [this.text.startsWith("'''", this.pos) ? this.multilineLiteralString() : this.literalString(), "strings"];
    if (c === "[") return [this.array(), "arrays"];
    if (c === "{") return [this.inlineTable(), "tables"];
    const m = /^[^\s,\]}#]+/.exec(this.text.slice(this.pos, this.pos + 128));
    if (!m) throw new TomlError(`a value expected, found ${this.found()}`);
    this.pos += m[0].length;
    const v = scalar(m[0]);
    return [v, typeof v === "boolean" ? "booleans" : DECIMAL.test(m[0]) || /^0[xob]/.test(m[0]) ? "integers" : "floats"];
  }

  private array(): TomlValue[] {
    this.pos++;
    const items: TomlValue[] = [];
    let first: string | undefined;
    for (;;) {
      this.blanksAndNewlines();
      if (this.peek() === "]") break;
      const [v, kind] = this.typedValue();
      first ??= kind;
      if (kind !== first) throw new TomlError(`an array mixes ${first} and ${kind} (Gemini CLI's TOML parser rejects that)`);
      items.push(v);
      this.blanksAndNewlines();
      if (this.peek() === ",") this.pos++;
      else if (this.peek() !== "]") throw new TomlError(`\`,\` or \`]\` expected in an array, found ${this.found()}`);
    }
    this.pos++;
    return items;
  }

  private inlineTable(): TomlTable {
    const table = Object.create(null) as TomlTable;
    this.lines.set(table, this.line);
    this.origin.set(table, "inline");
    this.pos++;
    this.blanks();
    if (this.peek() === "}") {
      this.pos++;
      return table;
    }
    for (;;) {
      this.keyValue(table, "dotted");
      this.blanks();
      if (this.peek() === "}") break;
      if (this.peek() !== ",") throw new TomlError(`\`,\` or \`}\` expected in an inline table, found ${this.found()}`);
      this.pos++;
      this.blanks();
      // Gemini CLI's parser takes a comma before the closing brace (TOML 1.0 does not): a file it loads must load here.
      if (this.peek() === "}") break;
    }
    this.pos++;
    // Tables made by dotted keys inside are part of this one, closed with it.
    freeze(table, this.origin);
    return table;
  }

  private basicString(): string {
    this.pos++;
    let s = "";
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined || c === "\n" || c === "\r") throw new TomlError("unterminated string");
      this.pos++;
      if (c === '"') return s;
      if (c === "\\") s += this.escape();
      else if (isControl(c) && c !== "\t") throw new TomlError("a control character in a string must be escaped");
      else s += c;
    }
  }

  private multilineBasicString(): string {
    this.pos += 3;
    this.skipFirstNewline();
    let s = "";
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) throw new TomlError('unterminated """ string');
      if (this.text.startsWith('"""', this.pos)) {
        // Up to two quotes right before the closing three belong to the string.
        let run = 3;
        while (run < 5 && this.text[this.pos + run] === '"') run++;
        s += '"'.repeat(run - 3);
        this.pos += run;
        return s;
      }
      this.pos++;
      if (c === "\\") {
        const rest = /^[ \t]*(\r?\n)/.exec(this.text.slice(this.pos, this.pos + 256));
        if (rest) {
          // A backslash ending a line joins it to the next non-blank text.
          this.pos += rest[0].length;
          this.line++;
          this.blanksAndNewlines(false);
        } else s += this.escape();
      } else if (c === "\n") {
        this.line++;
        s += c;
      } else if (c === "\r" && this.text[this.pos] === "\n") {
        this.pos++;
        this.line++;
        s += "\n";
      } else if (isControl(c) && c !== "\t") throw new TomlError("a control character in a string must be escaped");
      else s += c;
    }
  }

  private literalString(): string {
    this.pos++;
    const end = this.text.indexOf("'", this.pos);
    const newline = this.text.slice(this.pos, end < 0 ? undefined : end).search(/[\r\n]/);
    if (end < 0 || newline >= 0) throw new TomlError("unterminated string");
    const s = this.text.slice(this.pos, end);
    if ([...s].some((c) => isControl(c) && c !== "\t")) throw new TomlError("a control character in a literal string");
    this.pos = end + 1;
    return s;
  }

  private multilineLiteralString(): string {
    this.pos += 3;
    this.skipFirstNewline();
    const end = this.text.indexOf("'''", this.pos);
    if (end < 0) throw new TomlError("unterminated ''' string");
    let run = 3;
    while (run < 5 && this.text[end + run] === "'") run++;
    const s = this.text.slice(this.pos, end + run - 3).replace(/\r\n/g, "\n");
    this.line += (s.match(/\n/g) ?? []).length;
    this.pos = end + run;
    return s;
  }

  private skipFirstNewline(): void {
    if (this.text.startsWith("\n", this.pos)) this.pos++;
    else if (this.text.startsWith("\r\n", this.pos)) this.pos += 2;
    else return;
    this.line++;
  }

  private escape(): string {
    const e = this.text[this.pos++];
    if (e !== undefined && Object.hasOwn(ESCAPES, e)) return ESCAPES[e]!;
    if (e === "u" || e === "U") {
      const digits = e === "u" ? 4 : 8;
      const hex = this.text.slice(this.pos, this.pos + digits);
      const code = /^[0-9A-Fa-f]+$/.test(hex) && hex.length === digits ? Number.parseInt(hex, 16) : -1;
      if (code < 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new TomlError(`\`\\${e}${hex}\` is not a Unicode scalar value`);
      this.pos += digits;
      return String.fromCodePoint(code);
    }
    throw new TomlError(`\`\\${e ?? ""}\` is not a TOML escape (write \`\\\\\` for a backslash, or use a '…' literal string)`);
  }

  private endOfLine(): void {
    this.blanks();
    if (this.peek() === "#") this.comment();
    if (this.pos >= this.text.length) return;
    if (this.text.startsWith("\n", this.pos) || this.text.startsWith("\r\n", this.pos)) return;
    throw new TomlError(`the line goes on after its value: ${this.found()}`);
  }

  private blanks(): void {
    while (this.peek() === " " || this.peek() === "\t") this.pos++;
  }

  /** Blanks, newlines and (unless inside a string) comments. */
  private blanksAndNewlines(comments = true): void {
    for (;;) {
      this.blanks();
      const c = this.peek();
      if (c === "\n") {
        this.pos++;
        this.line++;
      } else if (c === "\r" && this.text[this.pos + 1] === "\n") {
        this.pos += 2;
        this.line++;
      } else if (c === "#" && comments) this.comment();
      else return;
    }
  }

  private comment(): void {
    while (this.pos < this.text.length && this.text[this.pos] !== "\n" && !this.text.startsWith("\r\n", this.pos)) {
      const c = this.text[this.pos]!;
      if (isControl(c) && c !== "\t") throw new TomlError("a control character in a comment");
      this.pos++;
    }
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private found(): string {
    const rest = this.text.slice(this.pos, this.pos + 20).split(/\r?\n/)[0]!;
    return rest === "" ? "the end of the line" : `\`${rest}\``;
  }
}

function scalar(token: string): TomlValue {
  if (token === "true") return true;
  if (token === "false") return false;
  if (DATE_OR_TIME.test(token)) throw new TomlError(`\`${token}\`: dates and times are not read here`);
  const prefixed = /^0([xob])(.*)$/.exec(token);
  if (prefixed) {
    const [, base, digits] = prefixed as unknown as [string, string, string];
    if (!PREFIXED_INTEGER[base]!.test(digits)) throw new TomlError(`\`${token}\` is not a TOML integer`);
    return safeInteger(Number.parseInt(digits.replace(/_/g, ""), RADIX[base]), token);
  }
  if (DECIMAL.test(token)) return safeInteger(Number(token.replace(/_/g, "")), token);
  if (FLOAT.test(token)) return Number(token.replace(/_/g, ""));
  if (/^[+-]?(inf|nan)$/.test(token)) return token.endsWith("nan") ? Number.NaN : token.startsWith("-") ? -Infinity : Infinity;
  throw new TomlError(`\`${token}\` is not a TOML value (a string needs quotes)`);
}

function safeInteger(n: number, token: string): number {
  if (!Number.isSafeInteger(n)) throw new TomlError(`\`${token}\` is too large an integer to read exactly`);
  return n;
}

function isTable(v: TomlValue | undefined): v is TomlTable {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function freeze(table: TomlTable, origin: Map<TomlTable, Origin>): void {
  for (const v of Object.values(table)) {
    if (isTable(v)) {
      origin.set(v, "inline");
      freeze(v, origin);
    }
  }
}

function isControl(c: string): boolean {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}
