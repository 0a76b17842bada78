/**
 * The playground's state in the URL fragment, so a link shares it: base64url
 * of a small JSON object. A fragment that does not decode is ignored (the
 * page starts from the example), never half-applied.
 */
import type { PolicyKind } from "./session.js";

export interface PlaygroundState {
  readonly kind: PolicyKind;
  readonly policy: string;
  readonly calls: string;
}

export function encodeState(state: PlaygroundState): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ v: 1, ...state }));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeState(fragment: string): PlaygroundState | null {
  const text = fragment.replace(/^#/, "");
  if (text === "" || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const raw = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as Record<string, unknown>;
    if (raw.v !== 1 || (raw.kind !== "perm" && raw.kind !== "json") || typeof raw.policy !== "string" || typeof raw.calls !== "string") return null;
    return { kind: raw.kind, policy: raw.policy, calls: raw.calls };
  } catch {
    return null;
  }
}
