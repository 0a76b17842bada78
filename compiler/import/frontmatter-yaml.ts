// OpenCode agent files keep their config in a YAML frontmatter. Permission
// blocks are nested maps of scalars, so this reads just that: `key: value`
// and `key:` opening a nested map by indentation, quoted or plain keys and
// scalars, `#` comments. Lists and other YAML are skipped (not needed here).

export type YamlValue = string | { [key: string]: YamlValue };

export function frontmatter(text: string): string | null {
  const t = text.replace(/\r\n?/g, "\n");
  if (!t.startsWith("---\n")) return null;
  const end = t.indexOf("\n---", 3);
  return end < 0 ? null : t.slice(4, end + 1);
}

export function parseYamlMaps(text: string): { [key: string]: YamlValue } {
  const root: { [key: string]: YamlValue } = {};
  const stack: { indent: number; map: { [key: string]: YamlValue } }[] = [{ indent: -1, map: root }];
  for (const raw of text.split("\n")) {
    const line = stripComment(raw);
    if (line.trim() === "" || line.trim().startsWith("- ")) continue;
    const indent = line.length - line.trimStart().length;
    const m = /^\s*("(?:[^"\\]|\\.)*"|'[^']*'|[^:]+?)\s*:(?:\s+(.*)|$)/.exec(line);
    if (!m) continue;
    while (stack.length > 1 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const key = unquote(m[1]!);
    const value = m[2]?.trim() ?? "";
    const parent = stack[stack.length - 1]!.map;
    if (value === "") {
      const child: { [key: string]: YamlValue } = {};
      parent[key] = child;
      stack.push({ indent, map: child });
    } else parent[key] = unquote(value);
  }
  return root;
}

function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) {
    try {
      return JSON.parse(s) as string;
    } catch {
      return s.slice(1, -1);
    }
  }
  if (s.length >= 2 && s.startsWith("'") && s.endsWith("'")) return s.slice(1, -1).replace(/''/g, "'");
  return s;
}

/** A `#` starts a comment outside quotes when it begins the line or follows a space. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i);
  }
  return line;
}
