import type { Span } from "../ir.js";
import { DIAGNOSTICS, type DiagnosticName, type Severity } from "./catalogue.js";

export interface Diagnostic {
  readonly code: string;
  readonly slug: string;
  readonly severity: Severity;
  /** Lowercase, user input quoted in backticks. */
  readonly message: string;
  readonly span?: Span;
  readonly help?: string;
  readonly notes: readonly string[];
}

export interface DiagnosticExtras {
  readonly help?: string;
  readonly notes?: readonly string[];
  /** Override the catalogue severity (e.g. a lint promoted by the user). */
  readonly severity?: Severity;
}

export function diagnostic(name: DiagnosticName, message: string, span?: Span, extras: DiagnosticExtras = {}): Diagnostic {
  const k = DIAGNOSTICS[name];
  const help = extras.help ?? ("help" in k ? k.help : undefined);
  return Object.freeze({
    code: k.code,
    slug: k.slug,
    severity: extras.severity ?? k.severity,
    message,
    ...(span ? { span } : {}),
    ...(help ? { help } : {}),
    notes: Object.freeze([...(extras.notes ?? [])]),
  });
}

export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === "error");
}

/** Quote user text for a message: backticks, with control characters made visible. */
export function quote(text: string): string {
  const shown = text.length > 80 ? text.slice(0, 77) + "..." : text;
  return (
    "`" +
    shown.replace(/[\u0000-\u001f\u007f]/g, (c) => (c === "\n" ? "\\n" : c === "\t" ? "\\t" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)) +
    "`"
  );
}
