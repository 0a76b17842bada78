/**
 * Pi's own extension runner around extension factories, as Pi builds it for
 * a session: its resource loader with everything but the extensions turned
 * off. Shared by the bench (pi-first-decision.ts) and the Pi extension's
 * tests (test/pi/harness.ts), so both drive the extension the same way.
 */
export type PiModule = typeof import("@mariozechner/pi-coding-agent");
type LoaderOptions = ConstructorParameters<PiModule["DefaultResourceLoader"]>[0];

export interface PiRunnerOptions {
  readonly cwd: string;
  readonly agentDir: string;
  readonly factories: NonNullable<LoaderOptions["extensionFactories"]>;
  /** Pi's runner or a subclass (a test gives its context what a newer Pi does). */
  readonly Runner?: PiModule["ExtensionRunner"];
}

/** The runner of the loaded extensions; throws with Pi's errors when one does not load. */
export async function piExtensionRunner(pi: PiModule, options: PiRunnerOptions): Promise<InstanceType<PiModule["ExtensionRunner"]>> {
  const { cwd, agentDir } = options;
  const loader = new pi.DefaultResourceLoader({
    cwd,
    agentDir,
    settingsManager: pi.SettingsManager.inMemory(),
    extensionFactories: options.factories,
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    noContextFiles: true,
  });
  await loader.reload();
  const loaded = loader.getExtensions();
  if (loaded.errors.length > 0) throw new Error(`the extensions did not load: ${JSON.stringify(loaded.errors)}`);
  const Runner = options.Runner ?? pi.ExtensionRunner;
  return new Runner(loaded.extensions, loaded.runtime, cwd, pi.SessionManager.inMemory(cwd), pi.ModelRegistry.inMemory(pi.AuthStorage.inMemory()));
}
