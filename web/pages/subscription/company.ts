import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { POSTCODE_COUNTRIES } from '../../../src/shared/billing/plans';
import type { User } from '../../lib/bootstrap';
import type { Errors } from '../../lib/validation';
import type { CompanyForm } from '../../stores/billing';

/** True when the purchase form needs a postcode for this country (1-console §5). */
export function postcodeNeeded(country: string): boolean {
  return (POSTCODE_COUNTRIES as readonly string[]).includes(country.toUpperCase());
}

const REQUIRED: Record<Exclude<keyof CompanyForm, 'companyState' | 'companyPostCode'>, string> = {
  vatNumber: 'VAT number is required.',
  companyName: 'Company name is required.',
  companyStreet: 'Street is required.',
  companyCity: 'City is required.',
  companyCountry: 'Country is required.',
};

/** The purchase company form's rules: VAT number, name, street, city and country; a postcode for the listed countries. */
export function validatePurchaseCompany(v: CompanyForm): Errors<keyof CompanyForm> {
  const errors: Errors<keyof CompanyForm> = {};
  for (const [k, message] of Object.entries(REQUIRED) as [keyof typeof REQUIRED, string][])
    if (!v[k].trim()) errors[k] = message;
  if (postcodeNeeded(v.companyCountry) && !v.companyPostCode.trim())
    errors.companyPostCode = BILLING_MSG.postcodeRequired;
  return errors;
}

/** The form filled from the company details of the user's profile. */
export function companyFromUser(user: User | null): CompanyForm {
  const c = user?.extra.company ?? {};
  return {
    vatNumber: c.vatNumber ?? '',
    companyName: c.name ?? user?.company ?? '',
    companyStreet: c.street ?? '',
    companyCity: c.city ?? '',
    companyState: c.state ?? '',
    companyCountry: c.country ?? '',
    companyPostCode: c.postcode ?? '',
  };
}
