import { describe, expect, it } from 'vitest';
import { HttpCustomer, until } from './support/http-api';
import { overflowing } from './support/layout';
import { credentialsOf, openPage, register, serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser({ DEV_PHONE_LIMIT: '10' });
const WAIT = { timeout: 15_000 };

describe('ban protection in the console', () => {
  it('a number linked today holds its 21st new chat; its safety card shows both budgets, what is held and why the risk is Critical; its settings change in the console, at 1280 and 360 px', async () => {
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
    await expect
      .poll(() => card.getByText(`New chats today: ${limit} of ${limit}`, { exact: true }).count(), WAIT)
      .toBe(1);
    expect(await card.getByText(`Unanswered chats (30 days): ${limit} of 300`, { exact: true }).count()).toBe(1);
    expect(await card.getByRole('progressbar', { name: 'New chats today' }).getAttribute('aria-valuenow')).toBe('100');
    expect(await card.getByText(`${25 - limit} messages are held until a budget frees.`).count()).toBe(1);
    // Linked today, nobody answered, no saved contacts, the day budget used: Critical, and it says why and what to do.
    const risk = card.getByRole('status', { name: 'Block risk' });
    await expect.poll(() => risk.getByText('Why:').count(), WAIT).toBe(1);
    expect(await risk.getByText('Block risk is Critical: this number sends new chats at half its pace.').count()).toBe(
      1,
    );
    expect(await risk.getByText('The number is young: active for 0 days (under 7).').count()).toBe(1);
    expect(await risk.getByText('Few of its chats answer (under 20 %).').count()).toBe(1);
    expect(await risk.getByText(/^A ban protection budget is used up \(new chats today: 20 of 20;/).count()).toBe(1);
    expect(await risk.getByText('What to do:').count()).toBe(1);
    expect(await risk.getByText(/^Wait for it to free/).count()).toBe(1);
    // The held chats are in the chat list, marked held.
    const chats = page.getByRole('list', { name: 'Conversations' });
    await expect.poll(() => chats.getByText('Held', { exact: true }).count(), WAIT).toBe(25 - limit);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'protection-safety-card');
    const form = page.getByRole('form', { name: 'Ban protection settings' });
    expect(await form.getByRole('switch', { name: 'Ban protection' }).getAttribute('aria-checked')).toBe('true');
    expect(await form.getByLabel('New chats on the first day').inputValue()).toBe('20');
    expect(await form.getByLabel('At a limit').inputValue()).toBe('hold');
    await form.scrollIntoViewIfNeeded();
    await shot(page, 'protection-settings');

    await page.setViewportSize({ width: 360, height: 800 });
    await expect
      .poll(() => card.getByText(`New chats today: ${limit} of ${limit}`, { exact: true }).isVisible(), WAIT)
      .toBe(true);
    await expect.poll(async () => (await overflowing(page)).elements, WAIT).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'protection-safety-card-360');

    // The settings form, at 360 px: what makes no sense is refused on the spot; a raised first day frees the held messages.
    await form.getByLabel('New chats on the first day').fill('300');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByText('Cannot be more than the most new chats a day.').count(), WAIT).toBe(1);
    await form.getByLabel('New chats on the first day').fill('30');
    await form.getByLabel('Unanswered chats (30 days)').fill('280');
    await form.getByLabel('At a limit').selectOption('refuse');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('button', { name: 'Saved' }).count(), WAIT).toBe(1);
    await expect.poll(async () => (await overflowing(page)).elements, WAIT).toEqual([]);
    await form.scrollIntoViewIfNeeded();
    await shot(page, 'protection-settings-360');
    const saved = (await api.get(`/${phone}/protection`)).body.protection;
    expect(saved).toMatchObject({ enabled: true, ramp_start: 30, unanswered_limit: 280, on_limit: 'refuse' });
    await until(async () => (await api.get(`/${phone}/queue`)).body.queue === 0, 20_000, 'the held messages to go');
    // The budgets as the page reads them again: the held messages went within the raised day budget.
    await page.reload();
    await expect.poll(() => card.getByText('New chats today: 25 of 30', { exact: true }).count(), WAIT).toBe(1);

    // Turned off in the form, the card says protection is off.
    await form.getByRole('switch', { name: 'Ban protection' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Ban protection is off for this number.').count(), WAIT).toBe(1);
    expect((await api.get(`/${phone}/protection`)).body.protection.enabled).toBe(false);
  });
});
