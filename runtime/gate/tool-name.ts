/**
 * A tool name as the gate decides it: ASCII blanks (space, tab, CR, LF) around
 * it dropped, nothing else. JavaScript's trim() also drops a byte-order mark
 * and Unicode spaces, so `"\ufeffread"` was decided as `read`, though a host
 * looks up (and runs) the tool of the name it was given. Any other character
 * keeps the name distinct: it is decided on its own surface, and the adapters
 * floor a tool they do not model to ask.
 */
export function toolNameOf(name: string): string {
  return name.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
}
