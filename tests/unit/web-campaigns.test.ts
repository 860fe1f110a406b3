import { describe, expect, it } from 'vitest';
import { campaignFields, EMPTY_FORM, FORM_TEXT, validateCampaign } from '../../web/lib/campaign-form';
import {
  addReading,
  etaText,
  fillVariables,
  missingVariables,
  parsePastedAudience,
  progressOf,
  reached,
  rowsToAudience,
  splitLine,
  variablesOf,
  type AudienceEntry,
  type Counts,
} from '../../web/lib/campaigns';

const zero: Counts = {
  queued: 0,
  held: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  opted_out: 0,
  invalid: 0,
  cancelled: 0,
};

describe('pasted audience', () => {
  it('reads one number per line, blank lines left out', () => {
    expect(parsePastedAudience('905301234567\n\n +905301234568 \n').recipients).toEqual([
      { number: '905301234567', variables: {} },
      { number: '+905301234568', variables: {} },
    ]);
  });

  it('reads a header line: the number column by its name, the others as variables', () => {
    const a = parsePastedAudience('name;phone;city\nAyşe;905301234567;Izmir\n"Doe; John";905301234568;');
    expect(a.columns).toEqual(['name', 'city']);
    expect(a.recipients).toEqual([
      { number: '905301234567', variables: { name: 'Ayşe', city: 'Izmir' } },
      { number: '905301234568', variables: { name: 'Doe; John', city: '' } },
    ]);
  });

  it('without a header the first cell is the number and the others are numbered', () => {
    const a = parsePastedAudience('905301234567,Ayşe\n,Nobody\n905301234568\tx');
    expect(a.recipients[0]).toEqual({ number: '905301234567', variables: { '1': 'Ayşe' } });
    expect(a.blank).toEqual([2]);
  });

  it('splits quoted cells with doubled quotes', () => {
    expect(splitLine('a,"b ""c"", d",e', ',')).toEqual(['a', 'b "c", d', 'e']);
  });

  it('turns file rows into recipients around the chosen column', () => {
    expect(rowsToAudience([{ tel: '9053', name: 'A' }], 'tel')).toEqual([{ number: '9053', variables: { name: 'A' } }]);
  });
});

describe('variables', () => {
  it('lists each variable once and fills them, flagging missing ones', () => {
    expect(variablesOf('Hi {{name}}, {{ name }} from {{city}}', undefined)).toEqual(['name', 'city']);
    expect(fillVariables('Hi {{name}} from {{city}}', { name: 'Ayşe' })).toEqual({
      text: 'Hi Ayşe from {{city}}',
      missing: ['city'],
    });
  });

  it('counts the recipients lacking each variable, template parameters included', () => {
    const audience: AudienceEntry[] = [
      { number: '1', variables: { name: 'A' } },
      { number: '2', variables: { name: '' } },
      { number: '3', variables: {} },
    ];
    expect(missingVariables({ type: 'text', message: 'Hi {{name}}' }, audience)).toEqual({ name: 2 });
    expect(
      missingVariables(
        {
          type: 'template',
          template: {
            name: 't',
            language: 'en',
            components: [{ type: 'body', parameters: [{ type: 'text', text: '{{code}}' }] }],
          },
        },
        audience,
      ),
    ).toEqual({ code: 3 });
  });
});

describe('the create form', () => {
  const audience = [{ number: '905301234567', variables: { name: 'A' } }];
  const good = { ...EMPTY_FORM, name: 'Launch', text: 'Hi {{name}}', phoneIds: [7] };

  it('passes a complete form and makes the body', () => {
    expect(validateCampaign(good, audience, 1)).toEqual({});
    expect(campaignFields({ ...good, name: ' Launch ' })).toEqual({
      name: 'Launch',
      phone_ids: [7],
      message: { type: 'text', message: 'Hi {{name}}' },
    });
  });

  it('names each problem', () => {
    const e = validateCampaign({ ...EMPTY_FORM, when: 'later' }, [], 0);
    expect(e).toEqual({
      name: FORM_TEXT.name,
      audience: FORM_TEXT.audience,
      message: FORM_TEXT.text,
      phones: FORM_TEXT.phones,
      schedule: FORM_TEXT.schedule,
    });
    expect(validateCampaign(good, audience, 100_001).audience).toBe(FORM_TEXT.tooMany);
    expect(validateCampaign({ ...good, source: 'file' }, [], 0).audience).toBe(FORM_TEXT.column);
    expect(validateCampaign({ ...good, kind: 'media', mediaUrl: 'ftp://x' }, audience, 1).message).toBe(
      FORM_TEXT.media,
    );
  });

  it('flags a missing variable and a schedule in the past', () => {
    const two = [...audience, { number: '905301234568', variables: {} }];
    expect(validateCampaign(good, two, 2).message).toBe('Missing {{name}} for 1 recipient.');
    const now = Date.parse('2026-11-28T12:00:00Z');
    const past = { ...good, when: 'later' as const, scheduleAt: '2026-11-28T11:00:00Z' };
    expect(validateCampaign(past, audience, 1, now).schedule).toBe(FORM_TEXT.past);
    const later = { ...past, scheduleAt: '2026-11-28T13:00:00Z' };
    expect(validateCampaign(later, audience, 1, now)).toEqual({});
    expect(campaignFields(later).schedule_at).toBe('2026-11-28T13:00:00.000Z');
  });
});

describe('progress and the chart readings', () => {
  it('counts settled recipients and cumulative reach', () => {
    const counts = { ...zero, queued: 5, sent: 1, delivered: 2, read: 1, replied: 1 };
    expect(progressOf({ counts, total: 10 })).toBe(50);
    expect(reached(counts)).toEqual({ sent: 5, delivered: 4, read: 2, replied: 1 });
  });

  it('adds a reading only when a count moved or 30 s passed', () => {
    let list = addReading([], zero, 100);
    list = addReading(list, zero, 102);
    expect(list).toHaveLength(1);
    list = addReading(list, { ...zero, sent: 1 }, 104);
    list = addReading(list, { ...zero, sent: 1 }, 140);
    expect(list.map((r) => r.t)).toEqual([100, 104, 140]);
  });

  it('tells the ETA', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(etaText(null)).toBe('—');
    expect(etaText('2026-11-28T12:12:00Z', now)).toMatch(/^in 12 min \(/);
    expect(etaText('2026-11-28T14:05:00Z', now)).toMatch(/^in 2 h 5 min/);
  });
});
