import { useMemo } from 'react';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { SaveButton } from '../../components/SaveButton';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { countries } from '../../lib/countries';
import { useAction } from '../../lib/use-action';
import { useForm } from '../../lib/use-form';
import { needsPostcode, validateCompany, type CompanyValues } from '../../lib/validation';

export interface CompanyFormProps {
  initial: CompanyValues;
  onSave: (values: CompanyValues) => Promise<void>;
}

/** Company info used on invoices: VAT number and address. */
export function CompanyForm({ initial, onSave }: CompanyFormProps) {
  const { values, errors, field, handleSubmit, formRef } = useForm<CompanyValues>(initial, validateCompany);
  const save = useAction(onSave);
  const options = useMemo(countries, []);
  return (
    <Card title="Company info" description="Shown on your invoices. With company details no tax is charged.">
      <form ref={formRef} className="w-form" noValidate onSubmit={handleSubmit((v) => void save.run(v))}>
        {save.error && <Alert tone="error">{save.error}</Alert>}
        <div className="w-form__grid">
          <TextField
            label="VAT number"
            name="vatNumber"
            required
            value={values.vatNumber}
            onChange={field('vatNumber')}
            error={errors.vatNumber}
          />
          <SelectField
            label="Country"
            name="country"
            value={values.country}
            onChange={field('country')}
            options={options}
            placeholder="Select a country"
          />
          <TextField
            label="State"
            name="state"
            autoComplete="address-level1"
            value={values.state}
            onChange={field('state')}
          />
          <TextField
            label="City"
            name="city"
            autoComplete="address-level2"
            required
            value={values.city}
            onChange={field('city')}
            error={errors.city}
          />
          <TextField
            label="Street"
            name="street"
            autoComplete="street-address"
            required
            value={values.street}
            onChange={field('street')}
            error={errors.street}
          />
          <TextField
            label="Postcode"
            name="postcode"
            autoComplete="postal-code"
            required={needsPostcode(values.country)}
            value={values.postcode}
            onChange={field('postcode')}
            error={errors.postcode}
          />
        </div>
        <div className="w-settings__save">
          <SaveButton action={save} />
        </div>
      </form>
    </Card>
  );
}
