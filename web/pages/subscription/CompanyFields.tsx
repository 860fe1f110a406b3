import { useMemo } from 'react';
import { BILLING_MSG } from '../../../src/shared/billing/messages';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { countries } from '../../lib/countries';
import type { Errors } from '../../lib/validation';
import type { CompanyForm } from '../../stores/billing';
import { postcodeNeeded } from './company';

export interface CompanyFieldsProps {
  values: CompanyForm;
  errors: Errors<keyof CompanyForm>;
  field: <K extends keyof CompanyForm>(name: K) => (value: CompanyForm[K]) => void;
  /** A field was left: its rule may be said from now on. */
  onLeave?: (name: keyof CompanyForm) => void;
}

/** The purchase form's company fields (1-console §3); the postcode turns required for the countries that need one. */
export function CompanyFields({ values, errors, field, onLeave = () => undefined }: CompanyFieldsProps) {
  // Countries that need a postcode carry (*), which the note under the select explains.
  const options = useMemo(
    () => countries().map((c) => (postcodeNeeded(c.value) ? { ...c, text: `${c.text} (*)` } : c)),
    [],
  );
  return (
    <div className="w-form__grid">
      <TextField
        label="VAT number"
        required
        value={values.vatNumber}
        onChange={field('vatNumber')}
        onBlur={() => onLeave('vatNumber')}
        error={errors.vatNumber}
        data-autofocus
      />
      <TextField
        label="Company name"
        required
        autoComplete="organization"
        value={values.companyName}
        onChange={field('companyName')}
        onBlur={() => onLeave('companyName')}
        error={errors.companyName}
      />
      <TextField
        label="Street"
        required
        autoComplete="street-address"
        value={values.companyStreet}
        onChange={field('companyStreet')}
        onBlur={() => onLeave('companyStreet')}
        error={errors.companyStreet}
      />
      <TextField
        label="City"
        required
        autoComplete="address-level2"
        value={values.companyCity}
        onChange={field('companyCity')}
        onBlur={() => onLeave('companyCity')}
        error={errors.companyCity}
      />
      <TextField
        label="State"
        autoComplete="address-level1"
        value={values.companyState}
        onChange={field('companyState')}
      />
      {/* The postcode note is said once a country that needs one is chosen (its option carries (*)). */}
      <SelectField
        label="Country"
        required
        value={values.companyCountry}
        onChange={field('companyCountry')}
        onBlur={() => onLeave('companyCountry')}
        options={options}
        placeholder="Select a country"
        error={errors.companyCountry}
        hint={
          postcodeNeeded(values.companyCountry) && !errors.companyPostCode ? BILLING_MSG.postcodeRequired : undefined
        }
      />
      <TextField
        label="Postcode"
        required={postcodeNeeded(values.companyCountry)}
        autoComplete="postal-code"
        value={values.companyPostCode}
        onChange={field('companyPostCode')}
        onBlur={() => onLeave('companyPostCode')}
        error={errors.companyPostCode}
      />
    </div>
  );
}
