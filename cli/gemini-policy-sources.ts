// Where Gemini CLI 0.61.0 reads its policy files, and the files there, for
// `permc init gemini`: the system folder (admin tier), the user's
// `~/.gemini/policies` (user tier) and the project's `.gemini/policies`
// (workspace tier). In each folder, every regular file ending in `.toml`
// (Gemini CLI takes no symbolic link there, and no subfolder).
import { type Dirent, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { GeminiSource, GeminiTier } from "../compiler/import/index.js";

export interface GeminiPolicyFolder {
  readonly dir: string;
  readonly tier: GeminiTier;
}

/** The system folder Gemini CLI reads admin policies from, per platform. */
export function geminiSystemPolicyDir(platform: NodeJS.Platform = process.platform): string {
  if (platform === "darwin") return "/Library/Application Support/GeminiCli/policies";
  if (platform === "win32") return "C:\\ProgramData\\gemini-cli\\policies";
  return "/etc/gemini-cli/policies";
}

/**
 * The folders, highest tier first as Gemini CLI lists them. `home` is the
 * user's home (Gemini CLI's GEMINI_CLI_HOME when set). A project that is the
 * home itself has no workspace tier: its `.gemini/policies` is the user's.
 */
export function geminiPolicyFolders(project: string, home: string, systemDir = geminiSystemPolicyDir()): GeminiPolicyFolder[] {
  const user = path.join(home, ".gemini", "policies");
  const workspace = path.join(project, ".gemini", "policies");
  const folders: GeminiPolicyFolder[] = [
    { dir: systemDir, tier: "admin" },
    { dir: user, tier: "user" },
  ];
  if (path.resolve(workspace) !== path.resolve(user)) folders.push({ dir: workspace, tier: "workspace" });
  return folders;
}

/**
 * The `.toml` files of the folders that exist, each folder's in name order
 * (Gemini CLI takes the file system's order; the import notes a tie that
 * depends on it). A folder that exists but cannot be listed is an error, as
 * it is for Gemini CLI: its rules cannot be left out without a word.
 */
export function geminiPolicyFiles(folders: readonly GeminiPolicyFolder[]): Array<{ readonly file: string; readonly tier: GeminiTier }> | { error: string } {
  const files: Array<{ file: string; tier: GeminiTier }> = [];
  for (const { dir, tier } of folders) {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") continue;
      return { error: `${dir}: cannot list Gemini CLI's policy folder (${(e as Error).message})` };
    }
    const names = entries
      .filter((e) => e.isFile() && e.name.endsWith(".toml"))
      .map((e) => e.name)
      .sort();
    for (const name of names) files.push({ file: path.join(dir, name), tier });
  }
  return files;
}

export function readGeminiSources(files: ReadonlyArray<{ readonly file: string; readonly tier: GeminiTier }>): GeminiSource[] | { error: string } {
  const sources: GeminiSource[] = [];
  for (const { file, tier } of files) {
    try {
      sources.push({ file, text: readFileSync(file, "utf8"), tier });
    } catch (e) {
      return { error: `${file}: cannot read (${(e as Error).message})` };
    }
  }
  return sources;
}
