/**
 * GNU getopt's reading of a long option: any unique prefix of its name is
 * the option (`grep --fil=x` is `--file=x`), and an ambiguous one is an
 * error. Where permc only needs to know whether a word may be one of a few
 * options, any prefix counts (the ambiguous reading is the strictest).
 */

/** Whether `given` (a long option's name without `--`) is one of `names` or a prefix of one (`names` of one letter are short options, skipped). */
export function mayBeLongOption(given: string, names: readonly string[]): boolean {
  return given !== "" && names.some((n) => n.length > 1 && n.startsWith(given));
}
