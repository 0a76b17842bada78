/**
 * The folders `permc init gemini` reads, as Gemini CLI 0.61.0 reads them:
 * the system folder (admin), `~/.gemini/policies` (user), the project's
 * `.gemini/policies` (workspace; none when the project is the home); in
 * each, the regular `.toml` files.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { geminiPolicyFiles, geminiPolicyFolders, geminiSystemPolicyDir, readGeminiSources } from "../../cli/gemini-policy-sources.js";
import { importGemini, renderPerm } from "../../compiler/import/index.js";
import { compileAndLoad } from "../support/compile-and-load.js";
import { tempDir } from "../support/temp-dir.js";

describe("Gemini CLI's policy folders", () => {
  it.each<[NodeJS.Platform, string]>([
    ["linux", "/etc/gemini-cli/policies"],
    ["darwin", "/Library/Application Support/GeminiCli/policies"],
    ["win32", "C:\\ProgramData\\gemini-cli\\policies"],
  ])("the system folder on %s is %s", (platform, dir) => {
    expect(geminiSystemPolicyDir(platform)).toBe(dir);
  });

  it("lists admin, user and workspace folders; a project that is the home has no workspace tier", () => {
    expect(geminiPolicyFolders("/p", "/h", "/sys")).toEqual([
      { dir: "/sys", tier: "admin" },
      { dir: "/h/.gemini/policies", tier: "user" },
      { dir: "/p/.gemini/policies", tier: "workspace" },
    ]);
    expect(geminiPolicyFolders("/h", "/h", "/sys").map((f) => f.tier)).toEqual(["admin", "user"]);
  });

  it("takes each folder's regular .toml files in name order (no links, no other files), and skips a folder that is not there", () => {
    const root = tempDir("gemini-folders");
    const user = path.join(root, "user");
    mkdirSync(user);
    for (const name of ["b.toml", "a.toml", "notes.md"]) writeFileSync(path.join(user, name), "");
    mkdirSync(path.join(user, "sub.toml"));
    symlinkSync(path.join(user, "a.toml"), path.join(user, "link.toml"));
    const files = geminiPolicyFiles([
      { dir: path.join(root, "missing"), tier: "admin" },
      { dir: user, tier: "user" },
    ]);
    expect(files).toEqual([
      { file: path.join(user, "a.toml"), tier: "user" },
      { file: path.join(user, "b.toml"), tier: "user" },
    ]);
  });

  it("an admin folder's rules outrank the user's", async () => {
    const root = tempDir("gemini-tiers");
    const [admin, home] = [path.join(root, "sys"), path.join(root, "home")];
    mkdirSync(admin);
    mkdirSync(path.join(home, ".gemini", "policies"), { recursive: true });
    writeFileSync(path.join(admin, "org.toml"), '[[rule]]\ntoolName = "web_fetch"\ndecision = "deny"\npriority = 0\n');
    writeFileSync(path.join(home, ".gemini", "policies", "me.toml"), '[[rule]]\ntoolName = "web_fetch"\ndecision = "allow"\npriority = 999\n');
    const files = geminiPolicyFiles(geminiPolicyFolders(path.join(root, "project"), home, admin));
    if ("error" in files) throw new Error(files.error);
    const sources = readGeminiSources(files);
    if ("error" in sources) throw new Error(sources.error);
    const result = importGemini(sources);
    if ("error" in result) throw new Error(result.error);
    const compiled = await compileAndLoad([{ file: "p.perm", text: renderPerm(result), scope: "global", kind: "perm-dsl" }]);
    expect(compiled.policy!.check("web_fetch", "*").action).toBe("deny");
  });
});
