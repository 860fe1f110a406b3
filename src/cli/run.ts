import type { Client } from '@libsql/client';

/** Runs a command's work on a database client: its exit code, or 1 with `failure(err)` printed; the client is closed either way. */
export async function withClient(
  client: Client,
  work: () => Promise<number>,
  failure: (err: unknown) => string,
): Promise<number> {
  try {
    return await work();
  } catch (err) {
    console.error(failure(err));
    return 1;
  } finally {
    client.close();
  }
}

/** Runs a command-line entry and exits with its code (1, with the error printed, when it throws). */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
