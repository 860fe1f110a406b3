import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AGENT_MSG } from '../../src/shared/agent-messages';
import { openPage, register, serverAndBrowser, shot } from './support/pages';

const run = serverAndBrowser();
const newPage = (width = 1280): Promise<Page> => openPage(run.browser, run.server.url, { width });
const WAIT = { timeout: 10_000 };
const CUSTOMER = '905301234567';

async function csrf(page: Page): Promise<Record<string, string>> {
  return {
    'x-csrf-token': decodeURIComponent(
      (await page.context().cookies()).find((c) => c.name === 'wapi_csrf')?.value ?? '',
    ),
  };
}

/** A console POST from the page's session (cookies plus the CSRF header). */
async function post(page: Page, path: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await page.request.post(path, { data, headers: { ...(await csrf(page)), ...headers } });
  return { status: res.status(), body: await res.json() };
}

/**
 * Live Chat ('1 Phone - 1 Agent', the owner's seat) and two agent add-ons bought on the sandbox checkout; then a
 * phone linked on the simulator. (Bought, not the trial: a purchase ends the trial and its seats.)
 */
async function liveAccountWithPhone(page: Page): Promise<{ pid: string; token: string; phoneId: number }> {
  for (const [planId, quantity] of [
    ['wapi-live', 1],
    ['wapi-agent', 2],
  ] as const) {
    const link = await post(page, '/api/wapi/custompaddlelink', { plan_id: planId, quantity, isVat: false });
    expect(link.status).toBe(200);
    expect(
      (
        await post(page, `/api/sandbox/checkout/${link.body.data.response.checkout_id}/pay`, {
          card: '4242 4242 4242 4242',
        })
      ).status,
    ).toBe(200);
  }
  const product = (await (await page.request.get('/api/wapi/product')).json()).product;
  const api = { 'x-api-key': product.settings.wapi_token as string };
  const added = await page.request.post(`/api/${product.id}/addPhone`, { data: {}, headers: api });
  expect(added.status(), await added.text()).toBe(200);
  const phoneId = (await added.json()).id as number;
  let qr = '';
  await expect
    .poll(async () => {
      qr =
        (await (await page.request.get(`/api/${product.id}/${phoneId}/qrData`, { headers: api })).json()).qrData ?? '';
      return qr.length > 0;
    }, WAIT)
    .toBe(true);
  expect((await post(page, '/api/sim/scan', { qr }, api)).status).toBe(200);
  return { pid: product.id, token: api['x-api-key'], phoneId };
}

describe('the agent chat app in a real browser', () => {
  it('an agent signs in at /live, sees a customer arrive live, takes, answers and closes it', async () => {
    const owner = await newPage();
    await register(owner, 'live.owner@example.com');
    const { token, phoneId } = await liveAccountWithPhone(owner);
    const add = await post(owner, '/api/wapi/agent/add', {
      email: 'ann@example.com',
      password: 'secret1',
      update_data: { name: 'Ann', surname: 'Agent' },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);

    // The agent, in a browser of their own, confirms the mailed link and signs in to the chat app.
    const agent = await newPage();
    await expect
      .poll(async () => {
        await agent.goto('/dev/mailbox');
        return agent.getByRole('link', { name: 'You have been added as a Wapi live-chat agent' }).count();
      }, WAIT)
      .toBe(1);
    await agent.getByRole('link', { name: 'You have been added as a Wapi live-chat agent' }).click();
    await agent.goto((await agent.getByRole('link', { name: /\/verify\/agent\// }).getAttribute('href'))!);
    await agent.getByRole('button', { name: 'Confirm e-mail' }).click();
    await expect.poll(() => agent.getByText(AGENT_MSG.verified).count(), WAIT).toBe(1);

    await agent.goto('/live');
    await agent.waitForURL('**/live/login');
    await agent.getByLabel('E-mail').fill('ann@example.com');
    await agent.getByLabel('Password').fill('wrong-pass');
    await agent.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => agent.getByRole('alert').count(), WAIT).toBeGreaterThan(0);
    await agent.getByLabel('Password').fill('secret1');
    await agent.getByRole('button', { name: 'Login' }).click();
    await agent.waitForURL((u) => u.pathname === '/live');
    await expect.poll(() => agent.getByText('ann@example.com').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => agent.getByRole('button', { name: /^Waiting 0/ }).count(), WAIT).toBe(1);

    // A simulated customer writes; the conversation appears without a reload.
    const incoming = await post(
      owner,
      '/api/sim/incoming',
      { phoneId, from: CUSTOMER, message: 'Hello, is anyone there?' },
      { 'x-api-key': token },
    );
    expect(incoming.status, JSON.stringify(incoming.body)).toBe(200);
    const list = agent.getByRole('navigation', { name: 'Conversations' });
    await expect.poll(() => list.getByText('Hello, is anyone there?').count(), WAIT).toBe(1);
    expect(await agent.getByRole('button', { name: /^Waiting 1/ }).count()).toBe(1);
    await list.getByText('Hello, is anyone there?').click();
    const pane = agent.getByRole('region', { name: /^Conversation with/ });
    await pane.getByRole('button', { name: 'Take' }).click();
    await expect.poll(() => pane.getByText('ann@example.com').count(), WAIT).toBe(1);

    // The reply, with an emoji from the picker, goes through the phone's queue to the customer.
    await pane.getByLabel('Message', { exact: true }).fill('Yes, how can I help? ');
    await pane.getByRole('button', { name: 'Emoji', exact: true }).click();
    await pane.getByRole('button', { name: 'Insert 👋' }).click();
    await pane.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => pane.getByRole('list', { name: 'Messages' }).getByText('Yes, how can I help? 👋').count(), WAIT)
      .toBe(1);
    expect(await pane.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    const id = `${phoneId}:${CUSTOMER}@c.us`;
    await expect
      .poll(async () => {
        const body = await (
          await agent.request.get(`/api/live/conversations/${encodeURIComponent(id)}/messages`)
        ).json();
        const reply = body.data.messages.find(
          (m: { fromMe: boolean; text?: string }) => m.fromMe && m.text === 'Yes, how can I help? 👋',
        );
        return reply?.ack ?? 0;
      }, WAIT)
      .toBeGreaterThanOrEqual(1);
    // The delivered ticks reach the open conversation through the event stream.
    await expect
      .poll(
        () =>
          pane
            .getByRole('list', { name: 'Messages' })
            .getByLabel(/^(Delivered|Read)$/)
            .count(),
        WAIT,
      )
      .toBe(1);

    // Canned replies are managed in their dialog and typed as /shortcut.
    await agent.getByRole('button', { name: 'Canned replies' }).click();
    const manager = agent.getByRole('dialog', { name: 'Canned replies' });
    await manager.getByLabel('Shortcut').fill('bad shortcut!');
    await manager.getByLabel('Text').fill('Thanks for waiting!');
    await manager.getByRole('button', { name: 'Add canned reply' }).click();
    await expect.poll(() => manager.getByRole('alert').count(), WAIT).toBe(1);
    await manager.getByLabel('Shortcut').fill('thanks');
    await manager.getByRole('button', { name: 'Add canned reply' }).click();
    await expect.poll(() => manager.getByText('/thanks').count(), WAIT).toBe(1);
    await shot(agent, 'live-chat-canned');
    await manager.getByRole('button', { name: 'Close', exact: true }).click();
    await pane.getByLabel('Message', { exact: true }).fill('/tha');
    await pane.getByRole('option').getByText('Thanks for waiting!').click();
    await pane.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => pane.getByRole('list', { name: 'Messages' }).getByText('Thanks for waiting!').count(), WAIT)
      .toBe(1);

    // A file goes as media with the text as its caption.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await pane.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => pane.getByText('photo.png').count(), WAIT).toBe(1);
    await pane.getByLabel('Caption').fill('Here is the picture');
    await pane.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => pane.getByRole('list', { name: 'Messages' }).getByText('Here is the picture').count(), WAIT)
      .toBe(1);
    const sentMedia = (
      await (await agent.request.get(`/api/live/conversations/${encodeURIComponent(id)}/messages`)).json()
    ).data.messages.find((m: { caption?: string; text?: string }) => (m.caption ?? m.text) === 'Here is the picture');
    expect(sentMedia).toMatchObject({ fromMe: true, type: 'media' });

    // The simulated customer (a number ending in 7) answers every text with 'Echo: <text>' 800 ms
    // after it went, and a customer's message puts a closed conversation back among the waiting
    // ones: the echo of the last text comes before the close, or it would reopen it (no Reopen
    // button, an empty Close list: the failures of 1 run in 4 once the replies showed without a reload).
    await expect
      .poll(() => pane.getByRole('list', { name: 'Messages' }).getByText('Echo: Thanks for waiting!').count(), WAIT)
      .toBe(1);
    await pane.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => pane.getByRole('button', { name: 'Reopen' }).count(), WAIT).toBe(1);
    await agent.getByRole('button', { name: /^Close \d/ }).click();
    await expect.poll(() => list.getByRole('button', { name: /Sim User 4567/ }).count(), WAIT).toBe(1);
    await shot(agent, 'live-chat');

    // At a phone's width the open conversation takes the screen; Back returns to the list.
    await agent.setViewportSize({ width: 360, height: 760 });
    expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(agent, 'live-chat-360');
    await pane.getByRole('button', { name: '← Back' }).click();
    await shot(agent, 'live-chat-360-list');
    await expect.poll(() => list.isVisible(), WAIT).toBe(true);
  });
});
