import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config';

describe('configuration', () => {
  it('works with no configuration at all', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      PORT: 8787,
      DATABASE_URL: 'file:data/wapi.db',
      NODE_ENV: 'development',
      dev: true,
      mailMode: 'local',
      googleEnabled: false,
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'postgres://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ GOOGLE_CLIENT_ID: 'only-id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/APP_URL/);
    expect(() => parseConfig({ NODE_ENV: 'staging' })).toThrow(ConfigError);
  });

  it('reads production, SMTP and Google settings', () => {
    const c = parseConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://console.example.com',
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PORT: '',
    });
    expect(c).toMatchObject({ dev: false, mailMode: 'smtp', googleEnabled: true, PORT: 8787 });
  });
});
