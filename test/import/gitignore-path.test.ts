import { describe, expect, it } from "vitest";
import { translateGitignorePath } from "../../compiler/import/gitignore-path.js";

describe("Claude's gitignore-style paths as permc wildcards", () => {
  it.each([
    ["./.env", [".env"], "./ is the working directory"],
    [".env", [".env", "*/.env"], "a bare name matches at any depth"],
    ["*.key", ["*.key"], "a bare name starting with a star already matches at any depth"],
    ["//etc/passwd", ["/etc/passwd"], "// is the filesystem root"],
    ["~/.ssh/**", ["~/.ssh/*"], "~ is kept for permc to expand; ** → *"],
    ["src/**", ["src/*"], "everything under src"],
    ["src/**/*.ts", ["src/*.ts", "src/*/*.ts"], "**/ is zero or more directories"],
    ["/docs/", ["docs/*"], "a trailing slash names a directory's contents"],
  ])("%s → %j (%s)", (spec, patterns) => {
    expect(translateGitignorePath(spec).patterns).toEqual(patterns);
  });

  it.each([
    ["src/*.ts", "crosses `/`"],
    ["file?.txt", "`?` here also matches `/`"],
    ["secret[0-9]", "literal"],
    ["/**", "outside"],
  ])("%s is reported as inexact (%s)", (spec, message) => {
    expect(translateGitignorePath(spec).inexact.join(" ")).toContain(message);
  });

  it.each(["src/**", "~/.ssh/**", ".env", "//tmp/**", "src/**/*.ts"])("%s translates exactly", (spec) => {
    expect(translateGitignorePath(spec).inexact).toEqual([]);
  });
});
