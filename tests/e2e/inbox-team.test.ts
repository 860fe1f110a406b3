import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agentSignsIn, liveAccount, post } from './support/live-account';
import { openPage, register, serverAndBrowser } from './support/pages';

/*
 * Issue 42, the agent's side of the team inbox in a real browser: labels applied and filtered,
 * snooze, the search across messages, a mention between two agents seen live, the shortcuts' help,
 * the contact panel's edit, priority, mark unread, the keyboard, the bulk bar, presence and round
 * robin; screenshots at 1280 and 360 px.
 */
const run = serverAndBrowser();
const WAIT = { timeout: 15_000 };
const SHOTS = '/tmp/shots';
/** The shots of the contact panel and the bulk bar a person looks at. */
const LOOK = '/tmp/h3/shots';
for (const dir of [SHOTS, LOOK]) mkdirSync(dir, { recursive: true });

let owner: Page;
let ann: Page;
let bob: Page;
let write: (from: string, text: string) => Promise<void>;
const errors: string[] = [];

const list = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
const pane = (page: Page) => page.getByRole('region', { name: /^Conversation with/ });
const group = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name} \\d`) });
const row = (page: Page, text: string) => list(page).getByRole('listitem').filter({ hasText: text });
const firstRow = (page: Page) => list(page).getByRole('listitem').first().textContent();
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
/** Clicks where nothing is, as a person does to leave a field. */
const away = (page: Page) => page.locator('body').click({ position: { x: 5, y: 5 } });
const ADDRESS = 'Can I change my delivery address?';
const STOCK = 'Is the blue one back in stock?';
const WRAP = 'Do you have a gift wrap option?';

describe('the team inbox as an agent (issue 42)', () => {
  it('set up: an owner with a label, two agents signed in, two customers writing', async () => {
    owner = await openPage(run.browser, run.server.url, { width: 1280, height: 900 });
    await register(owner, 'team.owner@example.com');
    const { token, phoneId } = await liveAccount(owner, 2);
    write = async (from, message) => {
      const res = await post(owner, '/api/sim/incoming', { phoneId, from, message }, { 'x-api-key': token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const made = await post(owner, '/api/live/labels', { name: 'vip', color: '#e11d48' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    ann = await openPage(run.browser, run.server.url, { width: 1280, height: 900 });
    await agentSignsIn(owner, ann, 'ann.team@example.com', 'Ann');
    bob = await openPage(run.browser, run.server.url, { width: 1280, height: 900 });
    await agentSignsIn(owner, bob, 'bob.team@example.com', 'Bob');
    for (const p of [ann, bob]) p.on('pageerror', (e) => errors.push(e.message));
    await write('905301110001', 'Where is my refund for order 1234?');
    await write('905301110002', 'Do you ship to Izmir?');
  }, 120_000);

  it('applies a label from the conversation: a chip in the list, and the label filter shows it', async () => {
    await list(ann).getByText('Where is my refund for order 1234?').click();
    await pane(ann).getByText('Labels', { exact: true }).click();
    await pane(ann).getByRole('checkbox', { name: 'vip' }).click();
    const row = list(ann).getByRole('listitem').filter({ hasText: 'Where is my refund' });
    await expect.poll(() => row.getByLabel('Labels').getByText('vip').count(), WAIT).toBe(1);
    // Bob's inbox moves it live too.
    const bobRow = list(bob).getByRole('listitem').filter({ hasText: 'Where is my refund' });
    await expect.poll(() => bobRow.getByText('vip').count(), WAIT).toBe(1);
    await ann.getByLabel('Label filter').selectOption('vip');
    await expect.poll(() => list(ann).getByText('Do you ship to Izmir?').count(), WAIT).toBe(0);
    expect(await list(ann).getByText('Where is my refund for order 1234?').count()).toBe(1);
    await ann.screenshot({ path: `${SHOTS}/team-inbox-1280.png`, fullPage: true });
    await ann.getByLabel('Label filter').selectOption('');
    await expect.poll(() => list(ann).getByText('Do you ship to Izmir?').count(), WAIT).toBe(1);
  });

  it('snoozes a conversation for an hour: it leaves Waiting for the Snoozed group', async () => {
    await list(ann).getByText('Do you ship to Izmir?').click();
    await pane(ann).getByText('Snooze', { exact: true }).click();
    await pane(ann).getByRole('button', { name: '1 hour' }).click();
    await expect
      .poll(
        () =>
          pane(ann)
            .getByText(/^Snoozed until/)
            .count(),
        WAIT,
      )
      .toBe(1);
    await group(ann, 'Snoozed').click();
    await expect.poll(() => list(ann).getByText('Do you ship to Izmir?').count(), WAIT).toBe(1);
    await group(ann, 'Waiting').click();
    await expect.poll(() => list(ann).getByText('Do you ship to Izmir?').count(), WAIT).toBe(0);
  });

  it('searches messages and opens the match', async () => {
    await ann.getByLabel('Search messages, contacts and notes').fill('refund');
    await ann.getByRole('button', { name: 'Search', exact: true }).click();
    const results = ann.getByRole('list', { name: 'Search results' });
    await expect.poll(() => results.getByRole('button').count(), WAIT).toBeGreaterThan(0);
    await results.getByRole('button').first().click();
    await expect.poll(() => pane(ann).getByText('Where is my refund for order 1234?').count(), WAIT).toBeGreaterThan(0);
  });

  it('a note mentioning @Bob shows Bob a live toast and a Mentions badge', async () => {
    await list(ann).getByText('Where is my refund for order 1234?').click();
    await ann.getByRole('textbox', { name: 'Note', exact: true }).fill('@Bob can you check this refund?');
    await ann.getByRole('button', { name: 'Add note' }).click();
    await expect
      .poll(() => bob.getByRole('status').filter({ hasText: 'Ann Agent mentioned you' }).count(), WAIT)
      .toBe(1);
    await bob.getByRole('button', { name: /^Mentions/ }).click();
    await expect
      .poll(
        () =>
          bob
            .getByRole('list', { name: 'Mentions' })
            .getByText(/can you check this refund/)
            .count(),
        WAIT,
      )
      .toBe(1);
  });

  it('? shows the keyboard shortcuts, never while typing; j opens the next conversation', async () => {
    await ann.getByRole('textbox', { name: 'Note', exact: true }).fill('typing ? here');
    expect(await ann.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    await ann.getByRole('textbox', { name: 'Note', exact: true }).fill('');
    await ann.locator('body').click({ position: { x: 5, y: 5 } });
    await ann.keyboard.press('?');
    await expect.poll(() => ann.getByRole('dialog', { name: 'Keyboard shortcuts' }).isVisible(), WAIT).toBe(true);
    expect(await ann.getByRole('dialog').getByText('Next conversation').count()).toBe(1);
    await ann.keyboard.press('Escape');
    await expect.poll(() => ann.getByRole('dialog', { name: 'Keyboard shortcuts' }).count(), WAIT).toBe(0);
  });

  it("edits the contact: kept after a reload, and the saved name is the conversation's for both agents", async () => {
    await list(ann).getByText('Where is my refund for order 1234?').click();
    const panel = ann.getByRole('region', { name: 'Contact', exact: true });
    await panel.getByRole('button', { name: 'Edit contact' }).click();
    await panel.getByLabel('Name').fill('Ayşe Yılmaz');
    await panel.getByLabel('E-mail').fill('ayse@example.com');
    await panel.getByRole('button', { name: 'Add attribute' }).click();
    await panel.getByLabel('Attribute', { exact: true }).fill('plan');
    await panel.getByLabel('Value', { exact: true }).fill('gold');
    await panel.getByRole('button', { name: 'Save contact' }).click();
    await expect.poll(() => row(ann, 'Where is my refund').getByText('Ayşe Yılmaz').count(), WAIT).toBe(1);
    await expect.poll(() => pane(ann).getAttribute('aria-label'), WAIT).toBe('Conversation with Ayşe Yılmaz');
    // Bob's list shows the new name live.
    await expect.poll(() => row(bob, 'Where is my refund').getByText('Ayşe Yılmaz').count(), WAIT).toBe(1);

    await ann.reload();
    await list(ann).getByText('Ayşe Yılmaz').click();
    await expect.poll(() => panel.getByText('ayse@example.com').count(), WAIT).toBe(1);
    expect(await panel.getByText('plan', { exact: true }).count()).toBe(1);
    expect(await panel.getByText('gold', { exact: true }).count()).toBe(1);
    await ann.screenshot({ path: `${LOOK}/contact-panel-1280.png`, fullPage: true });
  });

  it('sets a conversation urgent: the badge shows, and sorting by priority puts it first', async () => {
    await write('905301110003', ADDRESS);
    await write('905301110004', STOCK);
    await expect.poll(() => firstRow(ann), WAIT).toContain(STOCK);
    await pane(ann).getByLabel('Priority', { exact: true }).selectOption('urgent');
    await expect.poll(() => pane(ann).getByText('Priority urgent').count(), WAIT).toBe(1);
    await expect.poll(() => row(ann, 'Ayşe Yılmaz').getByText('Priority urgent').count(), WAIT).toBe(1);
    const sort = ann.getByLabel('Sort', { exact: true });
    await sort.selectOption('priority');
    await expect.poll(() => firstRow(ann), WAIT).toContain('Ayşe Yılmaz');
    await sort.selectOption('latest');
    await expect.poll(() => firstRow(ann), WAIT).toContain(STOCK);
  });

  it('marks a conversation unread: its row shows unread once another conversation is open', async () => {
    await list(ann).getByText(ADDRESS).click();
    await expect
      .poll(
        () =>
          row(ann, ADDRESS)
            .getByText(/unread$/)
            .count(),
        WAIT,
      )
      .toBe(0);
    await pane(ann).getByRole('button', { name: 'Mark unread' }).click();
    await list(ann).getByText('Ayşe Yılmaz').click();
    await expect.poll(() => pane(ann).getAttribute('aria-label'), WAIT).toBe('Conversation with Ayşe Yılmaz');
    await expect
      .poll(
        () =>
          row(ann, ADDRESS)
            .getByText(/^\d+ unread$/)
            .count(),
        WAIT,
      )
      .toBe(1);
  });

  it('keyboard: j/k move, r and n focus the reply and the note, s snoozes, a assigns, c closes; never while typing', async () => {
    await write('905301110005', WRAP);
    await list(ann).getByText(WRAP).click();
    const on = (name: string) =>
      expect.poll(() => pane(ann).getAttribute('aria-label'), WAIT).toBe(`Conversation with ${name}`);
    await on('Sim User 0005');
    await ann.keyboard.press('j');
    await on('Sim User 0004');
    await ann.keyboard.press('k');
    await on('Sim User 0005');

    await ann.keyboard.press('r');
    await expect.poll(() => focused(ann), WAIT).toBe('Message');
    await ann.keyboard.type('cjsa');
    expect(await pane(ann).getByRole('textbox', { name: 'Message' }).inputValue()).toBe('cjsa');
    expect(await pane(ann).getByRole('button', { name: 'Take' }).count()).toBe(1);
    expect(await pane(ann).getByRole('group', { name: 'Snooze until' }).isVisible()).toBe(false);
    await pane(ann).getByRole('textbox', { name: 'Message' }).fill('');
    await away(ann);
    await ann.keyboard.press('n');
    await expect.poll(() => focused(ann), WAIT).toBe('Note');
    await away(ann);

    await ann.keyboard.press('s');
    await expect.poll(() => pane(ann).getByRole('group', { name: 'Snooze until' }).isVisible(), WAIT).toBe(true);
    await pane(ann).getByText('Snooze', { exact: true }).click();
    await ann.keyboard.press('a');
    await expect.poll(() => pane(ann).getByRole('button', { name: 'Take' }).count(), WAIT).toBe(0);
    await ann.keyboard.press('a');
    await expect.poll(() => focused(ann), WAIT).toBe('Transfer to');
    // On the transfer menu, c is typing.
    await ann.keyboard.press('c');
    expect(await pane(ann).getByRole('button', { name: 'Reopen' }).count()).toBe(0);
    await away(ann);
    await ann.keyboard.press('c');
    await expect.poll(() => pane(ann).getByRole('button', { name: 'Reopen' }).count(), WAIT).toBe(1);
    // The contact panel's past conversations say so too.
    const past = ann.getByRole('list', { name: 'Past conversations' });
    await expect.poll(() => past.getByText('closed', { exact: true }).count(), WAIT).toBe(1);
  });

  it('bulk: two conversations labelled, assigned to Bob, and closed by Bob, each in one action', async () => {
    const pick = async (page: Page) => {
      await list(page).getByLabel('Select Sim User 0003').check();
      await list(page).getByLabel('Select Sim User 0004').check();
    };
    const bar = (page: Page) => page.getByRole('toolbar', { name: 'Bulk actions' });
    const both = (page: Page) =>
      list(page)
        .getByRole('listitem')
        .filter({ hasText: /delivery address|the blue one/ });
    await pick(ann);
    await expect.poll(() => bar(ann).getByText('2 selected').count(), WAIT).toBe(1);
    await ann.screenshot({ path: `${LOOK}/bulk-bar-1280.png`, fullPage: true });
    await bar(ann).getByLabel('Label selected').selectOption('vip');
    for (const text of [ADDRESS, STOCK])
      await expect.poll(() => row(ann, text).getByLabel('Labels').getByText('vip').count(), WAIT).toBe(1);
    expect(await bar(ann).count()).toBe(0);

    await pick(ann);
    await bar(ann).getByLabel('Assign selected to').selectOption({ label: 'Bob Agent' });
    await expect.poll(() => both(ann).count(), WAIT).toBe(0);
    await group(bob, 'Mine').click();
    await expect.poll(() => both(bob).count(), WAIT).toBe(2);
    // Ann may not close Bob's: the bar says so and keeps them picked.
    await group(ann, 'On/Operator').click();
    await pick(ann);
    await bar(ann).getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => ann.getByRole('alert').filter({ hasText: '2 of 2 not done' }).count(), WAIT).toBe(1);
    expect(await bar(ann).getByText('2 selected').count()).toBe(1);
    await bar(ann).getByRole('button', { name: 'Clear' }).click();
    await group(ann, 'Waiting').click();

    await pick(bob);
    await bar(bob).getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => both(bob).count(), WAIT).toBe(0);
    await group(bob, 'Close').click();
    await expect.poll(() => both(bob).count(), WAIT).toBe(2);
  });

  it('fits 360 px', async () => {
    await ann.setViewportSize({ width: 360, height: 760 });
    await ann.reload();
    await expect.poll(() => list(ann).isVisible(), WAIT).toBe(true);
    await ann.screenshot({ path: `${SHOTS}/team-inbox-360-list.png`, fullPage: true });
    await group(ann, 'Close').click();
    await list(ann).getByLabel('Select Sim User 0003').check();
    await list(ann).getByLabel('Select Sim User 0004').check();
    await ann.screenshot({ path: `${LOOK}/bulk-bar-360.png`, fullPage: true });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await ann.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Clear' }).click();
    await group(ann, 'Waiting').click();
    await list(ann).getByText('Where is my refund for order 1234?').click();
    await expect.poll(() => pane(ann).isVisible(), WAIT).toBe(true);
    await ann.screenshot({ path: `${SHOTS}/team-inbox-360-open.png`, fullPage: true });
    await ann.getByRole('region', { name: 'Contact', exact: true }).scrollIntoViewIfNeeded();
    // The viewport only: a full-page shot draws the sticky header mid-page once scrolled.
    await ann.screenshot({ path: `${LOOK}/contact-panel-360.png` });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });

  it('presence: busy and offline are what the team sees; round robin gives a new conversation to the online agent', async () => {
    const statusOf = async (email: string) =>
      ((await (await owner.request.get('/api/live/presence')).json()).data as { email: string; status: string }[]).find(
        (p) => p.email === email,
      )?.status;
    const toggle = (page: Page, name: string) =>
      page.getByRole('group', { name: 'Presence' }).getByRole('button', { name });
    await toggle(ann, 'Online').click();
    await toggle(bob, 'Busy').click();
    await expect.poll(() => toggle(bob, 'Busy').getAttribute('aria-pressed'), WAIT).toBe('true');
    await expect.poll(() => statusOf('bob.team@example.com'), WAIT).toBe('busy');
    await toggle(bob, 'Offline').click();
    await expect.poll(() => statusOf('bob.team@example.com'), WAIT).toBe('offline');
    expect(await toggle(bob, 'Offline').getAttribute('aria-pressed')).toBe('true');
    expect(await statusOf('ann.team@example.com')).toBe('online');

    // Bob holds nothing now and Ann the refund: only Bob's being offline keeps the new one from him.
    expect((await post(owner, '/api/live/settings', { auto_assign: 'round_robin' })).status).toBe(200);
    await write('905301110006', 'Can someone call me back?');
    const holder = async () =>
      (
        (await (await owner.request.get('/api/live/conversations?q=905301110006')).json()).data as { agent: string }[]
      )[0]?.agent;
    await expect.poll(holder, WAIT).toBe('ann.team@example.com');
    await group(bob, 'Mine').click();
    expect(await list(bob).getByText('Can someone call me back?').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
