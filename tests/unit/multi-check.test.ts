import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readCheckFile, readNumbers, resultFile } from '../../web/lib/check-files';
import {
  loadRun,
  newRun,
  runChecks,
  saveRun,
  statusAt,
  type RowStatus,
  type RunStore,
} from '../../web/lib/multi-check';
import {
  allResultsName,
  batchForCount,
  checkFileKind,
  checkFileProblem,
  checkNumbersProblem,
  MULTI_FILE_MAX_BYTES,
  clampBatch,
  clampInterval,
  countdown,
  curlSnippet,
  digitsOnly,
  isCheckFile,
  numberCheckOutcome,
  numbersFromColumn,
  TOOLS_MSG,
} from '../../web/lib/phone-tools';

function memoryStore(): RunStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** A clock that only moves when the run sleeps. */
function fakeClock() {
  const c = { now: 1_000_000, slept: 0, sleeps: [] as number[] };
  return {
    c,
    now: () => c.now,
    sleep: async (ms: number) => {
      c.now += ms;
      c.slept += ms;
      c.sleeps.push(ms);
    },
  };
}

function xlsxOf(rows: unknown[][]): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'phones');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

describe('multi checker rules', () => {
  it('clamps batch size and interval as the spec says', () => {
    expect([
      clampBatch(0, 10),
      clampBatch(-3, 10),
      clampBatch(4.7, 10),
      clampBatch(50, 10),
      clampBatch('x', 10),
    ]).toEqual([1, 1, 4, 10, 1]);
    expect([
      clampInterval(0),
      clampInterval(121),
      clampInterval('abc'),
      clampInterval('30'),
      clampInterval(-5),
    ]).toEqual([1, 120, 5, 30, 1]);
    expect([batchForCount(10), batchForCount(10_000), batchForCount(1)]).toEqual([3, 2_500, 1]);
  });

  it('reads digits, files, countdowns and names', () => {
    expect(digitsOnly('+90 (530) 123-45 67')).toBe('905301234567');
    expect(numbersFromColumn(['+90 530', '', null, 'abc', 123, ' 44 '])).toEqual(['90530', '123', '44']);
    expect(['a.xlsx', 'b.XLS', 'c.csv', 'd.txt', 'e.xlsx.pdf'].map(isCheckFile)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect([countdown(20 * 60_000), countdown(61_000), countdown(500), countdown(-1)]).toEqual([
      '20:00',
      '1:01',
      '0:01',
      '0:00',
    ]);
    expect([allResultsName('customers.xlsx'), allResultsName(null), allResultsName('')]).toEqual([
      'customers_results.xlsx',
      'whatsapp_check_results.xlsx',
      'whatsapp_check_results.xlsx',
    ]);
  });

  it("words the single checks' outcomes and the cURL", () => {
    expect(numberCheckOutcome('905301234567', 200)).toEqual({
      tone: 'success',
      text: 'The number 905301234567 is using WhatsApp.',
    });
    expect(numberCheckOutcome('905301234567', 404).text).toBe('The number 905301234567 is not using WhatsApp.');
    expect(numberCheckOutcome('1', undefined).text).toBe('Unexpected status: Unknown');
    expect(numberCheckOutcome('1', 500).text).toBe('Unexpected status: 500');
    expect(TOOLS_MSG.numbersLoaded(10)).toBe('10 numbers loaded successfully');
    expect(curlSnippet('https://x.test', 'pid', '7', 'tok', '905301234567')).toBe(
      'curl -X GET "https://x.test/api/pid/7/checknumberstatus?number=905301234567@c.us" \\\n  -H "accept: application/json" \\\n  -H "x-api-key: tok"',
    );
  });
});

describe('multi checker run', () => {
  it('checks a real 10,000-row .xlsx in batches with the interval between them, memory flat', async () => {
    const rows: unknown[][] = [];
    for (let i = 0; i < 10_000; i++) rows.push([i % 1000 === 0 ? '' : `+90 530 ${String(i).padStart(7, '0')}`]);
    const numbers = await readNumbers(xlsxOf(rows));
    expect(numbers).toHaveLength(9_990);
    const store = memoryStore();
    const { c, now, sleep } = fakeClock();
    const run = newRun(
      {
        phoneId: '1',
        fileName: 'big.xlsx',
        batchSize: clampBatch(batchForCount(numbers.length), numbers.length),
        intervalMin: 20,
      },
      numbers,
    );
    let checks = 0;
    const check = async (n: string): Promise<RowStatus> => {
      checks++;
      if (n.endsWith('13')) throw new Error('boom');
      return Number(n.at(-1)) % 2 ? 'invalid' : 'valid';
    };
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    expect(await runChecks(run, { check, now, sleep, store })).toBe(true);
    const grown = process.memoryUsage().heapUsed - before;
    expect(checks).toBe(9_990);
    expect(run.valid + run.invalid).toBe(9_990);
    expect(
      statusAt(
        run,
        numbers.findIndex((n) => n.endsWith('13')),
      ),
    ).toBe('error');
    // 4 batches of 2,498 (ceil(9990/4)): three 20-minute waits, and 1 s between checks within a batch.
    expect(run.batchSize).toBe(2_498);
    expect(c.sleeps.filter((ms) => ms === 1_000).length).toBe(9_990 - 4 + 3 * 20 * 60);
    expect(c.slept).toBe((9_990 - 4) * 1_000 + 3 * 20 * 60_000);
    expect(grown).toBeLessThan(40 * 1024 * 1024);
    const all = await resultFile(numbers.map((n, i) => [n, statusAt(run, i) === 'valid'] as [string, boolean]));
    const back = XLSX.read(await all.arrayBuffer());
    const sheet = XLSX.utils.sheet_to_json<string[]>(back.Sheets[back.SheetNames[0]!]!, { header: 1 });
    expect(sheet[0]).toEqual(['number', 'status']);
    expect(sheet).toHaveLength(9_991);
  }, 60_000);

  it('resumes after a reload at the first unchecked row and waits out the interval', async () => {
    const store = memoryStore();
    const { c, now, sleep } = fakeClock();
    const numbers = Array.from({ length: 10 }, (_, i) => `9053000000${i}`);
    const first = newRun({ phoneId: '1', fileName: null, batchSize: 4, intervalMin: 1 }, numbers);
    saveRun(store, first);
    const checked: string[] = [];
    let calls = 0;
    const stopAfter6 = () => calls >= 6;
    await runChecks(first, {
      check: async (n) => (checked.push(n), calls++, 'valid'),
      now,
      sleep,
      store,
      stopped: stopAfter6,
    });
    expect(checked).toEqual(numbers.slice(0, 6));

    const kept = loadRun(store)!;
    expect(kept.marks).toHaveLength(6);
    expect(kept.valid).toBe(6);
    const waitedBefore = c.slept;
    expect(await runChecks(kept, { check: async (n) => (checked.push(n), 'invalid'), now, sleep, store })).toBe(true);
    expect(checked).toEqual(numbers);
    expect(kept).toMatchObject({ valid: 6, invalid: 4 });
    // 1 s before rows 7 and 8 (the end of the second batch), a minute's wait, then row 9 at once and 1 s before row 10.
    expect(c.slept - waitedBefore).toBe(1_000 + 1_000 + 60_000 + 1_000);
  });
});

describe('multi checker files: cell values, not display text', () => {
  /** Column A: a number cell shown in scientific format, text, a formula with its cached result, 00-text. */
  function sheet(): XLSX.WorkSheet {
    const ws = XLSX.utils.aoa_to_sheet([
      [905301112232],
      ['+90 530 111 2233'],
      [{ t: 'n', f: '905301112230+4', v: 905301112234 }],
      ['00905301112235'],
      [905301112236],
    ]);
    ws.A1!.z = '0.00E+00';
    ws.A5!.z = '0.00000E+00';
    return ws;
  }
  function file(bookType: XLSX.BookType, ws = sheet()): ArrayBuffer {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, ws, 'phones');
    return XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer;
  }

  it.each(['xlsx', 'xls', 'biff8'] as const)('reads the numbers of a SheetJS-made .%s as typed', async (bookType) => {
    // The display text of A1 is 9.05E+11 and of A3 9.05301E+11: reading it sent 905 and 90530111.
    expect(await readNumbers(file(bookType))).toEqual([
      '905301112232',
      '905301112233',
      '905301112234',
      '905301112235',
      '905301112236',
    ]);
  });

  it('reads a .csv field as written: long digits whole, a leading 00 read as the international prefix', async () => {
    const csv = new TextEncoder().encode(
      '905301112232\n+90 530 111 2233\n00905301112235\n+90 0530 111 2236\n12345678901234567890\n',
    );
    // A number the rules do not take (20 digits) is still checked as written, and reported.
    expect(await readNumbers(csv.buffer as ArrayBuffer)).toEqual([
      '905301112232',
      '905301112233',
      '905301112235',
      '905301112236',
      '12345678901234567890',
    ]);
  });
});

describe('multi checker files: an empty file, one without numbers and one too big each say so', () => {
  const csv = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
  const book = (rows: unknown[][], bookType: XLSX.BookType = 'xlsx') => {
    const b = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(b, XLSX.utils.aoa_to_sheet(rows), 'phones');
    return XLSX.write(b, { type: 'array', bookType }) as ArrayBuffer;
  };
  /** What the page says for a file: before reading it, else after. */
  const message = async (name: string, data: ArrayBuffer) =>
    checkFileProblem({ name, size: data.byteLength }) ?? checkNumbersProblem(name, await readCheckFile(data));

  it('names the upload CSV or Excel as it came', () => {
    expect(checkFileKind('numbers.CSV')).toBe('CSV');
    expect(checkFileKind('numbers.xlsx')).toBe('Excel');
    expect(checkFileKind('numbers.xls')).toBe('Excel');
  });

  it('says a file is empty: no bytes, or a first sheet with nothing in it', async () => {
    expect(await message('empty.csv', new ArrayBuffer(0))).toBe(
      'The CSV file is empty: put the phone numbers in column A, one a row.',
    );
    expect(await message('blank.csv', csv('\n \n\n'))).toBe(TOOLS_MSG.fileEmpty('CSV'));
    expect(await message('empty.xlsx', book([]))).toBe(
      'The Excel file is empty: put the phone numbers in column A of the first sheet, one a row.',
    );
    expect(await message('empty.xls', book([[''], ['  ']], 'biff8'))).toBe(TOOLS_MSG.fileEmpty('Excel'));
  });

  it('says a file with cells but no numbers has none, naming its kind', async () => {
    expect(await message('names.csv', csv('name,city\nAli,Ankara\n'))).toBe(
      'No valid phone numbers found in the CSV file. Please check the format.',
    );
    // Numbers in column B are not read: column A holds none.
    expect(
      await message(
        'names.xlsx',
        book([
          ['name', 'phone'],
          ['Ali', 905301112233],
        ]),
      ),
    ).toBe('No valid phone numbers found in the Excel file. Please check the format.');
    expect(TOOLS_MSG.noNumbersIn('Excel')).toBe(TOOLS_MSG.noNumbersInFile);
  });

  it('refuses a file over the size limit before reading it', () => {
    expect(MULTI_FILE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(checkFileProblem({ name: 'a.csv', size: MULTI_FILE_MAX_BYTES })).toBeNull();
    expect(checkFileProblem({ name: 'big.csv', size: MULTI_FILE_MAX_BYTES + 1 })).toBe(
      'The CSV file is 5.1 MB: the checker reads files of up to 5 MB. Split the numbers into smaller files.',
    );
    expect(checkFileProblem({ name: 'big.xlsx', size: 12 * 1024 * 1024 })).toBe(
      'The Excel file is 12 MB: the checker reads files of up to 5 MB. Split the numbers into smaller files.',
    );
    expect(checkFileProblem({ name: 'notes.txt', size: 10 })).toBe(TOOLS_MSG.onlyExcel);
  });

  it('takes a file with numbers as before', async () => {
    expect(await message('ok.csv', csv('name\n905301112233\n'))).toBeNull();
    expect(await readCheckFile(csv('905301112233\n'))).toEqual({ numbers: ['905301112233'], blank: false });
  });
});
