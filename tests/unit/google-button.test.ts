import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GoogleButton } from '../../web/components/GoogleButton';

const href = (props: Parameters<typeof GoogleButton>[0]) =>
  /href="([^"]*)"/.exec(renderToStaticMarkup(createElement(GoogleButton, props)))?.[1]?.replace(/&amp;/g, '&');

describe('Google button', () => {
  it('passes the page to come back to on to the server, beside the sign-up mark', () => {
    expect(href({ enabled: true, mode: 'register', origin: '/tools/warmingup' })).toBe(
      '/api/auth/google?from=register&origin=%2Ftools%2Fwarmingup',
    );
    expect(href({ enabled: true, mode: 'login', origin: '/settings?tab=1' })).toBe(
      '/api/auth/google?origin=%2Fsettings%3Ftab%3D1',
    );
    expect(href({ enabled: true, mode: 'register' })).toBe('/api/auth/google?from=register');
    expect(href({ enabled: true, mode: 'login', origin: null })).toBe('/api/auth/google');
  });
});
