/**
 * How code fed to a compiler, an assembler or a linker names more files it
 * reads: the lines whose file permc can read (programs/source-directives.ts).
 * The code is floored all the same (a directive may hide from such a reading:
 * a macro, a line splice, an assembler macro, a section name the assembler
 * reads verbatim); these only let a literal name meet the path rules.
 */

/** A line that includes a file by a literal name, as the C preprocessor reads it: `#include "x"`, `#include_next <x>`, `#import`, `#embed`. */
export const C_INCLUDE_LINE = /^[ \t]*#[ \t]*(?:include|include_next|import|embed)[ \t]*(?:"([^"\n]*)"|<([^>\n]*)>)/;

/** An assembler statement that reads a file by a literal name: `.include "x"`, `.incbin "x"[, skip[, count]]` (gas reads directive names in any case). */
export const ASSEMBLER_INCLUDE_LINE = /^[ \t]*\.(?:include|incbin)[ \t]+"([^"\n]*)"/i;

/** A linker-script command that reads (or, `OUTPUT`, writes) a file by a literal name: `INCLUDE x`, `INPUT(x)`, `GROUP(x y)`. */
export const LINKER_SCRIPT_FILE = /\b(?:INCLUDE|INPUT|GROUP|STARTUP|OUTPUT)\b[ \t]*\(?[ \t]*"?([^\s"()]+)"?/;
