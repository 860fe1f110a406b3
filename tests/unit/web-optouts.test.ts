import { describe, expect, it } from 'vitest';
import { addedSummary } from '../../web/pages/developers/OptoutList';
import { wordsIn, wordsProblem } from '../../web/pages/developers/OptoutWords';
import { numbersIn } from '../../web/stores/developers/optouts';

describe('the opt-out card', () => {
  it('reads pasted numbers one per line or separated by commas or semicolons', () => {
    expect(numbersIn(' 905301234567,\n+44 7700 900123 ;;\n\n0090 530 111 2233 ')).toEqual([
      '905301234567',
      '+44 7700 900123',
      '0090 530 111 2233',
    ]);
    expect(numbersIn(' , \n')).toEqual([]);
  });

  it('says what an add came to', () => {
    expect(addedSummary({ success: true, added: ['1', '2'], already: [], invalid: [] })).toBe('2 added.');
    expect(
      addedSummary({ success: true, added: [], already: ['1'], invalid: [{ number: 'abc', error: 'not a number' }] }),
    ).toBe('0 added, 1 already on the list, 1 not a number: abc.');
  });

  it('checks the words as the server does: at most 20, each at most 30 characters', () => {
    expect(wordsIn('DUR, İptal ,\n, stop all')).toEqual(['DUR', 'İptal', 'stop all']);
    expect(wordsProblem(wordsIn('dur, iptal'))).toBe('');
    expect(wordsProblem(Array.from({ length: 21 }, (_, i) => `w${i}`))).toBe('At most 20 words.');
    expect(wordsProblem(['x'.repeat(31)])).toBe(`"${'x'.repeat(31)}" is longer than 30 characters.`);
  });
});
