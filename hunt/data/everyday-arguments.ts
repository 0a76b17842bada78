/**
 * Arguments the start-up files discovery (hunt/startup-reads.ts) runs a
 * program with besides its two runs (an everyday operand, and none): many
 * programs read their configuration only once they have work (`git init`
 * reads the template directory its configuration names, `terraform init`
 * the providers' directories, `mvn validate` Maven's settings). Each runs
 * in the discovery's empty working directory (holding `notes.txt`), offline:
 * what matters is what the program looks up on the way, not whether it
 * succeeds.
 */
export const EVERYDAY_ARGUMENTS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  git: [["init", "-q"], ["status"]],
  docker: [["ps"], ["build", "."]],
  kubectl: [["get", "pods"]],
  terraform: [
    ["init", "-input=false"],
    ["plan", "-input=false"],
  ],
  npm: [["test"], ["install", "--offline"]],
  npx: [["--offline", "tsc"]],
  pip3: [["list"], ["install", "--no-index", "x"]],
  pip: [["list"], ["install", "--no-index", "x"]],
  python3: [["-c", "pass"]],
  node: [["-e", "0"]],
  make: [["all"]],
  cmake: [["-S", ".", "-B", "build"]],
  mvn: [["-o", "-q", "validate"]],
  gcloud: [["config", "list"]],
  gsutil: [["ls"]],
  psql: [["-l"]],
  gpg: [["--list-keys"]],
  man: [["ls"]],
  java: [["-version"]],
  javac: [["-version"]],
  rg: [["x"]],
  curl: [["-s", "file:///dev/null"]],
  wget: [["-q", "-O", "-", "http://127.0.0.1:9/"]],
};
