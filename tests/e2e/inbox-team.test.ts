import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agentSignsIn, liveAccount, post } from './support/live-account';
import { openPage, register, serverAndBrowser } from './support/pages';

/*
 * Issue 42, the agent's side of the team inbox in a real browser: labels applied and filtered,
 * snooze, the search across messages, a mention between two agents seen live, the shortcuts' help;
 * screenshots at 1280 and 360 px.
 */
const run = serverAndBrowser();
const WAIT = { timeout: 15_000 };
const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

let owner: Page;
let ann: Page;
let bob: Page;
let write: (from: string, text: string) => Promise<void>;
const errors: string[] = [];

const list = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
const pane = (page: Page) => page.getByRole('region', { name: /^Conversation with/ });
const group = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name} \\d`) });

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

  it('fits 360 px', async () => {
    await ann.setViewportSize({ width: 360, height: 760 });
    await ann.reload();
    await expect.poll(() => list(ann).isVisible(), WAIT).toBe(true);
    await ann.screenshot({ path: `${SHOTS}/team-inbox-360-list.png`, fullPage: true });
    await list(ann).getByText('Where is my refund for order 1234?').click();
    await expect.poll(() => pane(ann).isVisible(), WAIT).toBe(true);
    await ann.screenshot({ path: `${SHOTS}/team-inbox-360-open.png`, fullPage: true });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });
});
