/** A DOT double-quoted string: backslashes and quotes escaped, lines joined with DOT's centred line break. */
export function dotString(lines: string | readonly string[]): string {
  const list = typeof lines === "string" ? [lines] : lines;
  return `"${list
    .map((l) =>
      l
        .replace(/\\/g, "\\\\")
        .replace(/"/g, '\\"')
        .replace(/[\r\n]/g, " "),
    )
    .join("\\n")}"`;
}
