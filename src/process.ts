import { withDevSecretsKey } from './adapters/secrets/dev-key';
import { ConfigError, parseConfig, type Config } from './config';
import { missingSecretsKey } from './services/secrets/product-secrets';

/** How long a stopping process waits for its work to finish before it exits anyway. */
const SHUTDOWN_GRACE_MS = 5_000;

/** On SIGTERM or SIGINT: runs `stop` (sessions, loops, server), then exits; exits anyway after the grace time. */
export function exitOnSignals(stop: () => Promise<unknown>): void {
  const shutdown = () => {
    void stop()
      .catch(() => undefined)
      .then(() => process.exit(0));
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/** Runs an entry's main function; a failure to start prints and exits with 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

/** The configuration from the environment; a wrong value prints the message naming it and exits with 1. */
export function configOrExit(): Config {
  try {
    const config = withDevSecretsKey(parseConfig(process.env));
    const missing = missingSecretsKey(config);
    if (missing) throw new ConfigError(missing);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
