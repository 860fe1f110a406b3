import type { CheckoutRow } from '../../../db/schema';
import type { Config } from '../../config';
import { paddle } from './paddle-api';

/** Who a checkout's transaction is for: Paddle's customer, and the address and business when the form gave them. */
export interface PaddleParty {
  customer_id: string;
  address_id?: string;
  business_id?: string;
}

/** The Paddle customer with this email (`GET /customers?email=` matches exactly), created when there is none. */
async function customerId(config: Config, email: string): Promise<string> {
  const found = await paddle<{ id: string }[]>(config, 'GET', `/customers?email=${encodeURIComponent(email)}`);
  if (found[0]) return found[0].id;
  return (await paddle<{ id: string }>(config, 'POST', '/customers', { email })).id;
}

/** Drops empty fields: Paddle refuses empty strings where it expects a value or nothing. */
function present<T extends Record<string, string | undefined | null>>(fields: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
      .map(([k, v]) => [k, v!.trim()]),
  ) as Partial<Record<keyof T, string>>;
}

/**
 * The customer, address and business of a checkout. With company details (the Purchase company
 * form) Paddle gets the company's address and a business with its VAT number, so the invoice and
 * the tax are the company's; with only a country (and postcode) it gets that address.
 */
export async function partyOf(config: Config, checkout: CheckoutRow): Promise<PaddleParty> {
  const id = await customerId(config, checkout.email);
  const party: PaddleParty = { customer_id: id };
  const company = checkout.company;
  const country = company?.companyCountry || checkout.country;
  if (country) {
    const address = present({
      country_code: country.toUpperCase(),
      postal_code: company?.companyPostCode ?? checkout.postcode,
      city: company?.companyCity,
      region: company?.companyState,
      first_line: company?.companyStreet,
    });
    party.address_id = (
      await paddle<{ id: string }>(config, 'POST', `/customers/${encodeURIComponent(id)}/addresses`, address)
    ).id;
  }
  if (company?.companyName) {
    const business = { name: company.companyName, ...present({ tax_identifier: company.vatNumber }) };
    party.business_id = (
      await paddle<{ id: string }>(config, 'POST', `/customers/${encodeURIComponent(id)}/businesses`, business)
    ).id;
  }
  return party;
}
