import type { SubscriptionEntry } from '../../src/shared/schemas/billing';
import { brandName } from '../../src/shared/brand';
/** The company block of a user's profile (spec 1 §3, User.extra.company). */
interface CompanyInfo {
  name: string;
  vatNumber: string;
  country: string;
  state: string;
  city: string;
  street: string;
  postcode: string;
  phonenumber?: string;
}

/** The signed-in console user as the server sends it. */
export interface User {
  id: number;
  email: string;
  name: string;
  company: string;
  phone: string;
  isAuthenticated: true;
  isGoogle: boolean;
  hasPassword: boolean;
  role: 'customer' | 'admin';
  extra: { company?: Partial<CompanyInfo>; isRocket?: boolean };
}

/** Product settings; unknown keys are kept as the server sends them. */
export interface ProductSettings {
  wapi_token?: string;
  phone_limit?: number | null;
  agent_limit?: number | null;
  instagram_limit?: number | null;
  partner?: boolean | null;
  subscription_package?: string | null;
  update_limited?: boolean | null;
  phone15?: boolean;
  phone19?: boolean;
  phone25?: boolean;
  [key: string]: unknown;
}

/** The customer's product (one per account). */
export interface Product {
  id: string;
  uid: number;
  product_type: string;
  settings: ProductSettings;
  trial: boolean | null;
  activeSubs: SubscriptionEntry[];
  deletedSubs: SubscriptionEntry[];
}

export interface ClientConfig {
  brand: string;
  supportEmail: string;
  googleEnabled: boolean;
  dev: boolean;
  mailbox: boolean;
  /** The simulated WhatsApp network is on (its console page and controls exist). */
  simulator: boolean;
}

/** What the server embeds in the HTML shell as JSON in `<script type="application/json" id="wapi-bootstrap">`. */
export interface Bootstrap {
  user: User | null;
  product: Product | null;
  csrfToken: string;
  config: ClientConfig;
}

/** Used when no shell embedded a bootstrap (Storybook, unit tests). */
const DEFAULT_BOOTSTRAP: Bootstrap = {
  user: null,
  product: null,
  csrfToken: '',
  config: {
    brand: 'wapi',
    supportEmail: 'support@wapi.dev',
    googleEnabled: false,
    dev: true,
    mailbox: false,
    simulator: false,
  },
};

const BOOTSTRAP_ELEMENT_ID = 'wapi-bootstrap';
let embedded: Bootstrap | null | undefined;

/** The bootstrap object of this page, or the defaults outside a server-rendered shell. */
export function getBootstrap(): Bootstrap {
  if (embedded === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
    embedded = text ? (JSON.parse(text) as Bootstrap) : null;
  }
  return embedded ?? DEFAULT_BOOTSTRAP;
}

/** The client configuration (brand, support address, feature switches). */
export function getConfig(): ClientConfig {
  return getBootstrap().config;
}

/** The brand slug as a display name, by the server's own rule. */
export { brandName };
