/**
 * Long options whose name says where a program writes, for the programs
 * permc has no record for (unknown ones, and leaves such as `tsc`, whose
 * operands are data but whose output goes where they are told):
 * `tsc --outDir /etc`, `vite build --outDir ~/.ssh`, `esbuild --outdir=DIR`,
 * `python -m build --outdir DIR`. Compared without case, `-` or `_`, so
 * `--out-dir`, `--outDir` and `--out_dir` are one name. Not the ambiguous
 * `--output`, `--out` or `--prefix` (a format, a name prefix), and no short
 * option (`-o` and `-d` mean anything): programs/output-locations.ts.
 */

/** The program writes files under the directory named: any path under it may be written. */
export const OUTPUT_DIRECTORY_OPTIONS: ReadonlySet<string> = new Set([
  "outdir",
  "outputdir",
  "outputdirectory",
  "outpath",
  "outputpath",
  "outfolder",
  "outputfolder",
  "outbase",
  "destdir",
  "dest",
  "destination",
  "targetdir",
  "builddir",
  "distdir",
  "installdir",
  "declarationdir",
  "packdestination",
  "wheeldir",
]);

/** The program writes the file named. */
export const OUTPUT_FILE_OPTIONS: ReadonlySet<string> = new Set(["outfile", "outputfile", "tsbuildinfofile"]);
