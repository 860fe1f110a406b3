/**
 * /button keeps its settings on the account: saved in one browser, they are there in another (a
 * fresh context with no storage), snippet and bottom offset included.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { overflowing } from './support/layout';
import { openPage, register, serverAndBrowser, shot } from './support/pages';

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

describe('/button on a laptop and on a phone (issue 38)', () => {
  /** The page's sideways overflow at `width`: elements past the viewport, and whether the document scrolls. */
  async function fits(page: Page, width: number): Promise<void> {
    const { elements, scrollWidth } = await overflowing(page);
    expect(elements).toEqual([]);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    // The preview card and the snippet's box lie wholly on the screen; the snippet's long line wraps or scrolls inside.
    for (const box of [
      await page.locator('.w-button-preview').boundingBox(),
      await page.getByLabel('Chat button snippet', { exact: true }).boundingBox(),
    ])
      expect([box!.x >= 0, box!.x + box!.width <= width]).toEqual([true, true]);
  }

  it('never scrolls the page sideways after Save, at 1366 px nor at 360 px: the preview card whole, the snippet inside its box', async () => {
    const page = await openPage(env.browser, env.server.url, { width: 1366, height: 768 });
    await register(page, `wide-${EMAIL}`);
    await page.goto('/button');
    await page.getByLabel('Country code').fill('+90');
    await page.getByLabel('Phone number').fill('555 123 45 67');
    // A message of the customer's own: the snippet carries it, one long line.
    await page
      .getByLabel('Message body')
      .fill('Hello! I saw the blue running shoes on your site and would like to know if size 42 is in stock.');
    await page.getByLabel('Widget text').fill('Questions? Chat with our team on WhatsApp');
    await page.locator('.w-button-preview wapi-chat-button').waitFor(WAIT);
    await page.getByRole('button', { name: 'Save' }).click();
    await snippet(page).waitFor(WAIT);
    await shot(page, 'button-1366-saved');
    await fits(page, 1366);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await snippet(page).waitFor(WAIT);
    await page.getByRole('button', { name: 'Save' }).click();
    await shot(page, 'button-360-saved');
    await fits(page, 360);
    await page.context().close();
  });
});
