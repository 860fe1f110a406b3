import { describe, expect, expectTypeOf, it } from 'vitest';
import { CAPABILITIES } from '../../src/engines/capabilities';
import { EngineError, NO_PACING, type Engine, type EngineSession, type GroupInfo } from '../../src/engines/types';
import type { CommandArgs, CommandKind, CommandResult } from '../../src/services/commands/types';
import type { runCommand } from '../../src/services/commands/commands';
import { executeCommand, isCommandKind } from '../../src/runner/execute';

/** A Baileys-like engine whose session answers the pairing code. */
function baileys(): { engine: Engine; session: EngineSession } {
  const session = { requestPairingCode: async () => 'ABCD1234' } as unknown as EngineSession;
  return {
    engine: {
      name: 'baileys',
      capabilities: CAPABILITIES.baileys,
      version: 'test',
      pacing: NO_PACING,
      claimSize: 1,
      open: () => session,
    },
    session,
  };
}

describe('runner commands', () => {
  it('types both ends from the one map', () => {
    expectTypeOf<Parameters<typeof runCommand>[2]>().toEqualTypeOf<CommandKind>();
    expectTypeOf<Parameters<typeof runCommand<'pair'>>[3]>().toEqualTypeOf<CommandArgs<'pair'>>();
    expectTypeOf<ReturnType<typeof runCommand<'pair'>>>().resolves.toEqualTypeOf<{ code: string }>();
    expectTypeOf<CommandResult<'groups'>>().toEqualTypeOf<GroupInfo[]>();
  });

  it('runs a known command against the session', async () => {
    const { engine, session } = baileys();
    expect(await executeCommand(engine, session, 'pair', { number: '905301234567' })).toEqual({ code: 'ABCD1234' });
  });

  it('rejects a kind the map does not have, including names every object inherits', async () => {
    const { engine, session } = baileys();
    for (const kind of ['reboot', 'toString', '__proto__', '']) {
      expect(isCommandKind(kind)).toBe(false);
      const run = executeCommand(engine, session, kind, {});
      await expect(run).rejects.toBeInstanceOf(EngineError);
      await expect(run).rejects.toMatchObject({ code: 'INVALID', message: `Unknown command ${kind}.` });
    }
  });

  it('refuses what the engine cannot do, and simulator controls on a real engine', async () => {
    const { engine, session } = baileys();
    await expect(executeCommand(engine, session, 'catalog', {})).rejects.toMatchObject({ code: 'UNSUPPORTED' });
    await expect(executeCommand(engine, session, 'sim-fault', { fault: 'ban' })).rejects.toMatchObject({
      code: 'UNSUPPORTED',
      message: 'This phone does not run on the simulator.',
    });
  });

  it('checks the arguments a stored row carries', async () => {
    const { engine, session } = baileys();
    await expect(executeCommand(engine, session, 'pair', {})).rejects.toMatchObject({
      code: 'INVALID',
      message: 'number is required.',
    });
  });
});
