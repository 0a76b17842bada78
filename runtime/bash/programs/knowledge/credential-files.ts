/**
 * Files whose content a command prints without naming them: a system
 * database (`getent passwd` prints /etc/passwd), or a client's stored
 * credentials (`aws configure get aws_secret_access_key`, `gh auth token`,
 * `git credential fill`, `kubectl config view --raw`). Records list them as
 * `readsImplicitly` on the commands that print them: touched, not named, so
 * a rule that denies one asks. A command that only uses a credential to talk
 * to its service (`aws s3 ls`, `gh pr list`) reads none of these for the
 * agent to see. The files are each client's default location; a variable
 * that moves one (`AWS_SHARED_CREDENTIALS_FILE`, `KUBECONFIG`) floors already
 * (variables.ts).
 */

/** getent's databases in their files (NSS `files` source). */
export const SYSTEM_DATABASES: readonly string[] = [
  "/etc/passwd",
  "/etc/group",
  "/etc/shadow",
  "/etc/gshadow",
  "/etc/hosts",
  "/etc/services",
  "/etc/protocols",
  "/etc/networks",
  "/etc/ethers",
  "/etc/netgroup",
  "/etc/aliases",
  "/etc/rpc",
];

/** `git config -l`, `git config --get KEY`: the user's configuration (a remote's URL or a helper may hold a token). */
export const GIT_CONFIGURATION: readonly string[] = ["~/.gitconfig", "~/.config/git/config"];

/** `pip config list`: pip's configuration (an index URL may hold a password). */
export const PIP_CONFIGURATION: readonly string[] = ["~/.config/pip/pip.conf", "~/.pip/pip.conf", "/etc/pip.conf"];

/** `aws configure get|list|export-credentials`. */
export const AWS_CREDENTIALS: readonly string[] = ["~/.aws/credentials", "~/.aws/config"];

/** `gh auth token|status|git-credential`: the token in gh's hosts file. */
export const GH_CREDENTIALS: readonly string[] = ["~/.config/gh/hosts.yml"];

/** `git credential fill`, `git credential-store get`: the store helper's files. */
export const GIT_CREDENTIALS: readonly string[] = ["~/.git-credentials", "~/.config/git/credentials"];

/** `kubectl config view`: the kubeconfig, with `--raw` its keys and tokens. */
export const KUBE_CREDENTIALS: readonly string[] = ["~/.kube/config"];

/** `npm config get|list`: the user's and the project's npmrc (auth tokens). */
export const NPM_CREDENTIALS: readonly string[] = ["~/.npmrc", ".npmrc"];

/** `gcloud auth print-access-token` and the other `auth` commands: gcloud's credential store. */
export const GCLOUD_CREDENTIALS: readonly string[] = [
  "~/.config/gcloud/credentials.db",
  "~/.config/gcloud/access_tokens.db",
  "~/.config/gcloud/application_default_credentials.json",
];

/** `az account get-access-token`: the Azure CLI's token cache. */
export const AZURE_CREDENTIALS: readonly string[] = ["~/.azure/msal_token_cache.json", "~/.azure/accessTokens.json"];
