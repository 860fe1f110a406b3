/**
 * /button keeps its settings on the account: saved in one browser, they are there in another (a
 * fresh context with no storage), snippet and bottom offset included.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, register, serverAndBrowser } from './support/pages';

const env = serverAndBrowser();
const WAIT = { timeout: 10_000 };
const EMAIL = `button${Date.now()}@example.com`;

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password').fill('Str0ng#Pass');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

const snippet = (page: Page) => page.getByText(/<script src=.*chat-button\.js/);

describe('chat button settings on the account', () => {
  it('are saved in one browser and seen in a fresh one', async () => {
    const first = await openPage(env.browser, env.server.url);
    await register(first, EMAIL);
    await first.goto('/button');
    await expect(first.getByLabel('Bottom offset (px)').inputValue()).resolves.toBe('20');
    await first.getByLabel('Country code').fill('+90');
    await first.getByLabel('Phone number').fill('555 123 45 67');
    await first.getByLabel('Widget text').fill('Ask us');
    await first.getByRole('group', { name: 'Design' }).getByRole('button', { name: 'Large green' }).click();
    await first.getByLabel('Bottom offset (px)').fill('96');
    await first.getByRole('button', { name: 'Save' }).click();
    await snippet(first).waitFor(WAIT);
    const expected = `<script src="${env.server.url}/widgets/chat-button.js" data-phone="+905551234567" data-text="Ask us" data-design="large-green" data-offset-bottom="96" async></script>`;
    await expect(snippet(first).textContent()).resolves.toBe(expected);
    // The preview is raised by the offset inside its box (above its border), as on the visitor's screen.
    const gap = await first
      .locator('.w-button-preview')
      .evaluate(
        (box) =>
          box.getBoundingClientRect().bottom -
          Number.parseFloat(getComputedStyle(box).borderBottomWidth) -
          box.querySelector('wapi-chat-button')!.getBoundingClientRect().bottom,
      );
    expect(Math.round(gap)).toBe(96);
    await first.context().close();

    const second = await openPage(env.browser, env.server.url);
    await signIn(second);
    await second.goto('/button');
    await expect.poll(() => second.getByLabel('Country code').inputValue(), WAIT).toBe('+90');
    await expect(second.getByLabel('Phone number').inputValue()).resolves.toBe('555 123 45 67');
    await expect(second.getByLabel('Widget text').inputValue()).resolves.toBe('Ask us');
    await expect(second.getByLabel('Bottom offset (px)').inputValue()).resolves.toBe('96');
    await expect(
      second
        .getByRole('group', { name: 'Design' })
        .getByRole('button', { name: 'Large green' })
        .getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await expect(snippet(second).textContent()).resolves.toBe(expected);
    await second.context().close();
  });
});
