/**
 * `origin` values (as the login page receives them, already decoded once from the query) that a
 * browser would follow off the site, or that carry a backslash, a control character or a scheme:
 * each must send a signed-in user to `/`.
 */
export const OFF_SITE_ORIGINS: readonly string[] = [
  '/\\127.0.0.1:21799/pwned',
  '/\t/host/x',
  '/\n/host/x',
  '/\r/host/x',
  '/\r\n/host/x',
  '/\u0000/host/x',
  '/\u000b/host/x',
  '/\u007f/host/x',
  '/%09/host/x',
  '/%0a/host/x',
  '/%0D%0A/host/x',
  '/%5Chost/x',
  '/%5chost/x',
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  '/\\/evil.example',
  '/\\\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/./\\evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '\t//evil.example',
  ' //evil.example',
  'https://evil.example',
  'http:evil.example',
  'http:/evil.example',
  'HTTPS://evil.example/x',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '@evil.example',
  '/login',
  '/login/',
  '/register',
  '/login?origin=//evil.example',
  '',
];

/** Local destinations that are kept, with what the redirect answers. */
export const ON_SITE_ORIGINS: readonly (readonly [string, string])[] = [
  ['/settings', '/settings'],
  ['/phone-detail/12?tab=chat', '/phone-detail/12?tab=chat'],
  ['/tools/vcardmaker?x=1#top', '/tools/vcardmaker?x=1#top'],
  ['/developers/webhook?tab=queues', '/developers/webhook?tab=queues'],
];
