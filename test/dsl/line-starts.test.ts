import { describe, expect, it } from "vitest";
import { lineIndex, lineStarts } from "../../grammar/line-starts.js";

describe("grammar/line-starts", () => {
  it.each([
    ["", [0]],
    ["a", [0]],
    ["a\n", [0, 2]],
    ["\n\n", [0, 1, 2]],
    ["ab\r\ncd\nef", [0, 4, 7]],
  ])("lineStarts(%j) is %j", (text, starts) => {
    expect([...lineStarts(text)]).toEqual(starts);
  });

  it.each([
    [0, 0],
    [1, 0],
    [3, 0],
    [4, 1],
    [6, 1],
    [7, 2],
    [99, 2],
  ])('offset %i lies on line index %i of "ab\\r\\ncd\\nef"', (offset, line) => {
    expect(lineIndex(lineStarts("ab\r\ncd\nef"), offset)).toBe(line);
  });
});
