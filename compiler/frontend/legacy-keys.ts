/**
 * Root keys of the pre-flat config format. The reference does not translate
 * them: in a current config file they are unknown keys and reject the file.
 */
const MIGRATION: Readonly<Record<string, string>> = {
  defaultPolicy: 'move the default to the universal key: `"permission": { "*": "ask" }`',
  tools: 'move each tool to its own surface: `"permission": { "read": "allow", "write": "ask" }`',
  bash: 'move the command patterns under the bash surface: `"permission": { "bash": { "git *": "allow" } }`',
  mcp: 'move the MCP patterns under the mcp surface: `"permission": { "mcp": { "exa:*": "allow" } }`',
  skills: 'move the skill patterns under the singular skill surface: `"permission": { "skill": { "*": "ask" } }`',
  special: 'move each special entry to its own surface, e.g. `"permission": { "external_directory": "ask" }`',
};

/** Notes explaining a legacy root key, or none for other unknown keys. */
export function legacyKeyNotes(key: string): string[] {
  const how = Object.hasOwn(MIGRATION, key) ? MIGRATION[key] : undefined;
  if (!how) return [];
  return [`${"`" + key + "`"} belongs to the pre-flat legacy format, which the reference no longer reads; the whole file is ignored`, `to migrate, ${how}`];
}
