import type { Phone } from '../web/lib/phones';
import type { Product, User } from '../web/lib/bootstrap';

/** Mocked data for the phones stories: no network is touched. */
export function phone(over: Partial<Phone> & { id: number }): Phone {
  return {
    pid: '3f1c2a9e-1111-4222-8333-944455556666',
    number: '',
    name: '',
    status: 'active',
    type: 'whatsapp',
    engine: 'sim',
    multi_device: true,
    own_multi_device: true,
    version: '2.3000.1 (simulator)',
    proxy: false,
    proxyRegion: null,
    queue: 0,
    active: true,
    deleted: false,
    mod: 'live',
    data: { sandbox: false, mobile_proxy: false },
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    ...over,
  };
}

export const PHONES: Phone[] = [
  phone({ id: 101, name: 'Support line', number: '905301234561', status: 'active' }),
  phone({ id: 102, name: 'Sales', number: '905301234562', status: 'active', queue: 12 }),
  phone({ id: 103, name: '', number: '', status: 'qr-screen' }),
  phone({ id: 104, name: 'Campaigns', number: '905301234564', status: 'conn-retry', proxy: true, proxyRegion: null }),
  phone({ id: 105, name: 'Old number', number: '905301234565', status: 'disabled', active: false, mod: 'closed' }),
  phone({
    id: 106,
    name: 'Sandbox',
    number: '905301234566',
    status: 'idle',
    data: { sandbox: true, mobile_proxy: false },
  }),
];

/** Twelve phones: enough for the search box. */
export const MANY_PHONES: Phone[] = Array.from({ length: 12 }, (_, i) =>
  phone({
    id: 200 + i,
    name: `Branch ${i + 1}`,
    number: `90530123${String(4500 + i)}`,
    status: (['active', 'qr-screen', 'loading', 'phone-error'] as const)[i % 4],
  }),
);

export const USER: User = {
  id: 1,
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  company: 'Analytical Ltd',
  phone: '',
  isAuthenticated: true,
  isGoogle: false,
  hasPassword: true,
  role: 'customer',
  extra: {},
};

export const PRODUCT: Product = {
  id: '3f1c2a9e-1111-4222-8333-944455556666',
  uid: 1,
  product_type: 'wapi',
  settings: { wapi_token: 'tok', phone_limit: 3, agent_limit: 0, partner: false, subscription_package: null },
  trial: null,
  activeSubs: [],
  deletedSubs: [],
};

function svg(body: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600" viewBox="0 0 960 600">${body}</svg>`)}`;
}

const FONT = 'font-family="sans-serif"';

/** A QR screen shaped like the server's screen image while pairing (960×600). */
export const QR_SCREEN = (() => {
  let cells = '';
  let seed = 7;
  for (let y = 0; y < 25; y++) {
    for (let x = 0; x < 25; x++) {
      seed = (seed * 9301 + 49297) % 233280;
      const finder = (x < 7 && y < 7) || (x > 17 && y < 7) || (x < 7 && y > 17);
      if (!finder && seed / 233280 > 0.52)
        cells += `<rect x="${582 + x * 9}" y="${192 + y * 9}" width="9" height="9"/>`;
    }
  }
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="63" height="63"/><rect x="${x + 9}" y="${y + 9}" width="45" height="45" fill="#fff"/><rect x="${x + 18}" y="${y + 18}" width="27" height="27"/>`;
  return svg(
    `<rect width="960" height="600" fill="#f0f2f5"/><rect width="960" height="190" fill="#00a884"/><text x="64" y="48" ${FONT} font-size="18" fill="#fff">WAPI  PHONE 103</text>` +
      `<rect x="64" y="76" width="832" height="460" fill="#fff"/><text x="120" y="152" ${FONT} font-size="22" fill="#41525d">Link WhatsApp to this phone</text>` +
      `<text x="120" y="208" ${FONT} font-size="15" fill="#41525d">1. Open WhatsApp on the phone you want to connect</text>` +
      `<text x="120" y="246" ${FONT} font-size="15" fill="#41525d">2. Tap Menu or Settings, then Linked devices</text>` +
      `<text x="120" y="284" ${FONT} font-size="15" fill="#41525d">3. Tap Link a device and point the camera at this code</text>` +
      `<g fill="#122e31">${cells}${finder(582, 192)}${finder(744, 192)}${finder(582, 354)}</g>`,
  );
})();

/** A chat list shaped like the server's screen image of an active phone (960×600). */
export const ACTIVE_SCREEN = svg(
  `<rect width="960" height="600" fill="#f0f2f5"/><rect width="960" height="64" fill="#008069"/><circle cx="36" cy="32" r="22" fill="#25d366" opacity="0.35"/>` +
    `<text x="76" y="28" ${FONT} font-size="18" font-weight="bold" fill="#fff">Support line</text><text x="76" y="48" ${FONT} font-size="12" fill="#d9fdd3">+905301234561</text>` +
    `<rect y="64" width="400" height="536" fill="#fff"/>` +
    ['Sim User 4567', 'Sim User 1235', 'Sim User 9981', 'Sim User 3322', 'Sim User 7001']
      .map(
        (n, i) =>
          `<circle cx="40" cy="${110 + i * 72}" r="22" fill="#dfe5e7"/><text x="76" y="${105 + i * 72}" ${FONT} font-size="15" fill="#111b21">${n}</text><text x="76" y="${126 + i * 72}" ${FONT} font-size="13" fill="#667781">Hello World!</text><text x="360" y="${105 + i * 72}" ${FONT} font-size="11" fill="#667781" text-anchor="end">1${i}:4${i}</text>`,
      )
      .join('') +
    `<text x="680" y="330" ${FONT} font-size="22" fill="#41525d" text-anchor="middle">Phone 101 is online</text>`,
);
