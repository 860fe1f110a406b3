import { describe, expect, it } from 'vitest';
import { HttpCustomer, until } from './support/http-api';
import { overflowing } from './support/layout';
import { credentialsOf, openPage, register, serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser({ DEV_PHONE_LIMIT: '10' });
const WAIT = { timeout: 15_000 };

describe('ban protection in the console', () => {
  it('a number linked today holds its 21st new chat, and its safety card shows both budgets and what is held, at 1280 and 360 px', async () => {
    const page = await openPage(run.browser, run.server.url);
    await register(page, `protect${Date.now()}@example.com`);
    const api = HttpCustomer.of(run.server.url, await credentialsOf(page));
    const phone = (await api.post<{ id: number }>('/addPhone', {})).body.id;
    await api.linkPhone(phone, '905300770001');

    // On by default: nothing is turned on here.
    for (let i = 1; i <= 25; i++) {
      const res = await api.post(`/${phone}/sendMessage`, {
        to_number: `9053088${String(i).padStart(4, '0')}1`,
        message: `hi ${i}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const settled = await until(
      async () => {
        const p = (await api.get(`/${phone}/protection`)).body.protection;
        return p.budgets.new_chats.used === p.budgets.new_chats.limit && p.held === 25 - p.budgets.new_chats.limit
          ? p
          : null;
      },
      20_000,
      'the day budget to be used and the rest held',
    );
    expect(settled.enabled).toBe(true);

    await page.goto(`/phone-detail/${phone}`);
    const card = page.getByRole('region', { name: 'Ban protection' });
    const limit = settled.budgets.new_chats.limit;
    await expect.poll(() => card.getByText(`New chats today: ${limit} of ${limit}`).count(), WAIT).toBe(1);
    expect(await card.getByText(`Unanswered chats (30 days): ${limit} of 300`).count()).toBe(1);
    expect(await card.getByRole('progressbar', { name: 'New chats today' }).getAttribute('aria-valuenow')).toBe('100');
    expect(await card.getByText(`${25 - limit} messages are held until a budget frees.`).count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'protection-safety-card');

    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => card.getByText(`New chats today: ${limit} of ${limit}`).isVisible(), WAIT).toBe(true);
    expect((await overflowing(page)).elements).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'protection-safety-card-360');

    // Turned off, the held messages go and the card says protection is off.
    expect((await api.post(`/${phone}/protection`, { enabled: false })).status).toBe(200);
    await until(async () => (await api.get(`/${phone}/queue`)).body.queue === 0, 20_000, 'the held messages to go');
    await page.reload();
    await expect.poll(() => page.getByText('Ban protection is off for this number.').count(), WAIT).toBe(1);
  });
});
