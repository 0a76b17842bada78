/**
 * Issue 35: a program with no record is unknown, not a leaf. Given a
 * directory, it may read every file under it (`gzip -r .`, `etags -R DIR`),
 * and told to recurse with nothing named, the directory it runs in
 * (`ctags -R`); the walkers that are listed by name (rgrep, gzip, zstd,
 * lz4, jar, etags, `python -m zipfile -c`) say so exactly. And an option's
 * value of the form NAME=PATH names a file (`kubectl … --from-file=k=PATH`).
 * The real programs are the oracle: where installed, each is run on a copy
 * of the fixture and must print the secret, and permc must not allow it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { installed } from "../secret-oracle.js";
import { secretsProject, type SecretsProject } from "../../support/secrets-project.js";

let project: SecretsProject;
beforeAll(() => {
  project = secretsProject("unknown-walkers", { files: { "notes.txt": "n\n", "src/a.ts": "export {}\n" } });
});
const decide = (command: string): Promise<string> => project.decide(command);
/** The real command's output (stdout), run where permc decides it. */
const run = (command: string): string => project.run(command);

describe("a walker permc has no record for, or has one now", () => {
  // [the command decided, a harmless spelling of it that prints what it reads, the program, the secret it shows]
  const cases: ReadonlyArray<readonly [string, string, string, string]> = [
    ["rgrep SECRET .", "rgrep SECRET .", "rgrep", "SECRET=1"],
    ["rgrep -h . sshlink/", "rgrep -h . sshlink/", "rgrep", "KEY-ID-RSA"],
    ["gzip -r .", "gzip -rc . | gzip -dc", "gzip", "SECRET=1"],
    ["zstd -rc . -o ../out.zst", "zstd -qrc . | zstd -qdc", "zstd", "SECRET=1"],
    ["lz4 -rm sshlink", "lz4 -qrc sshlink/ 2>/dev/null | lz4 -qdc 2>/dev/null; lz4 -qc sshlink/id_rsa | lz4 -qdc", "lz4", "KEY-ID-RSA"],
    ["jar cvf ../x.jar -C sshlink .", "rm -f ../y.jar; jar cf ../y.jar -C sshlink . && unzip -p ../y.jar id_rsa", "jar", "KEY-ID-RSA"],
    // ctags and etags open every file under the tree (what they print depends on what they can parse).
    ["ctags -R --languages=all -x", "ctags -R --languages=all -x --verbose -f - 2>&1", "ctags", "OPENING .env"],
    ["etags -R -o - sshlink", "etags -R -o - sshlink", "etags", "sshlink/id_rsa"],
    ["python3 -m zipfile -c x.zip .", "python3 -m zipfile -c ../z.zip . && unzip -p ../z.zip .env", "python3", "SECRET=1"],
  ];
  it.each(cases)("%s is not allowed (the real program reads the secret)", async (command, oracle, program, secret) => {
    if (installed(program)) expect(run(oracle)).toContain(secret);
    expect(await decide(command)).not.toBe("allow");
  });

  it.each([
    // An unknown program given a directory that holds a denied file, or told to recurse with nothing named.
    "some-unknown-tool sshlink",
    "some-unknown-tool -r",
    "some-unknown-tool --recursive --verbose",
  ])("%s is not allowed", async (command) => {
    expect(await decide(command)).not.toBe("allow");
  });

  it.each([
    "ls",
    "cat notes.txt",
    "wc -l src/*.ts",
    "gzip notes.txt",
    "some-unknown-tool src",
    "some-unknown-tool notes.txt",
    "python3 -m zipfile -l x.zip",
    "lsb_release -r",
    "cd sshlink",
    "pushd src",
  ])("%s stays allowed", async (command) => {
    expect(await decide(command)).toBe("allow");
  });
});

describe("an option's value of the form NAME=PATH names a file", () => {
  it.each([
    ["kubectl create secret generic x --from-file=k=envlink.txt --dry-run=client -o yaml", "U0VDUkVUPTEK"],
    ["kubectl create configmap x --from-file=k=sshlink/id_rsa --dry-run=client -o yaml", "KEY-ID-RSA"],
  ])("%s is denied (kubectl prints the file)", async (command, shown) => {
    if (installed("kubectl")) expect(run(command)).toContain(shown);
    expect(await decide(command)).toBe("deny");
  });

  it("a NAME=VALUE value that names no file stays allowed", async () => {
    expect(await decide("kubectl create configmap x --from-literal=k=v --dry-run=client -o yaml")).toBe("allow");
  });
});
