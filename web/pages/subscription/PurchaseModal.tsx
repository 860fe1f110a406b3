import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import type { User } from '../../lib/bootstrap';
import { useAction } from '../../lib/use-action';
import { useForm } from '../../lib/use-form';
import { openCheckout, type CompanyForm } from '../../stores/billing';
import { companyFromUser, validatePurchaseCompany } from './company';
import { CompanyFields } from './CompanyFields';
import { failText, type DialogHost } from './dialogs';
import { quantityOptions } from './entries';
import { usd, type PackageOffer } from './packages';

export interface PurchaseModalProps {
  offer: PackageOffer;
  user: User | null;
  host: DialogHost;
  /** Where the checkout opens; the page navigates there. */
  go?: (url: string) => void;
}

/** The checkout link could not be made and the server said nothing more (our words; the spec names none). */
const CHECKOUT_FAILED = 'The checkout could not be opened. Please try again.';
const QUANTITIES = quantityOptions(1, false).map((n) => ({ value: String(n), text: String(n) }));

/**
 * Buying a package (1-console §2): the quantity, then the company form (no tax is charged with company
 * details) or 'I don't have a company'; either way the card checkout opens.
 */
export function PurchaseModal({ offer, user, host, go = (url) => window.location.assign(url) }: PurchaseModalProps) {
  const [quantity, setQuantity] = useState(1);
  const [step, setStep] = useState<'quantity' | 'company'>('quantity');
  const form = useForm<CompanyForm>(companyFromUser(user), validatePurchaseCompany);
  // A rule is said once its field was left, or for every field once Continue to payment was pressed.
  const [left, setLeft] = useState<ReadonlySet<keyof CompanyForm>>(new Set());
  const leftErrors = Object.fromEntries(
    Object.entries(validatePurchaseCompany(form.values)).filter(([k]) => left.has(k as keyof CompanyForm)),
  );
  const errors = { ...leftErrors, ...form.errors };
  const checkout = useAction(
    async (company: CompanyForm | null) =>
      go((await openCheckout(offer.plan.id, quantity, user?.email ?? '', company)).url),
    {
      errorText: failText(CHECKOUT_FAILED),
    },
  );
  const pay = (company: CompanyForm | null) => {
    if (!checkout.busy) void checkout.run(company);
  };
  const total = `${usd(offer.price * quantity)} / ${offer.period}`;
  return (
    <Modal
      open
      title={`Buy ${offer.title}`}
      onClose={host.close}
      size="md"
      footer={
        step === 'quantity' ? (
          <>
            <Button variant="ghost" onClick={host.close}>
              Cancel
            </Button>
            {/* Its own key: the click that shows the company step must not land on the submit button taking its place (that pressed submit, saying every rule at once). */}
            <Button key="next" onClick={() => setStep('company')}>
              Continue
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" onClick={() => pay(null)} disabled={checkout.busy}>
              I don&apos;t have a company
            </Button>
            <Button key="pay" type="submit" form="w-purchase-company" loading={checkout.busy}>
              Continue to payment
            </Button>
          </>
        )
      }
    >
      {checkout.error && <Alert tone="error">{checkout.error}</Alert>}
      <p className="w-subs__summary">
        {offer.subtitle} · {usd(offer.price)} per {offer.unit} · <strong>Total {total}</strong>
      </p>
      {step === 'quantity' ? (
        <SelectField
          label="Quantity"
          value={String(quantity)}
          onChange={(v) => setQuantity(Number(v))}
          options={QUANTITIES}
          hint={`How many: 1 to ${QUANTITIES.length}.`}
        />
      ) : (
        <form
          id="w-purchase-company"
          className="w-form"
          noValidate
          ref={form.formRef}
          onSubmit={form.handleSubmit((v) => pay(v))}
        >
          <p className="w-muted">Company details go on your invoices; entering them means no tax is paid.</p>
          <CompanyFields
            values={form.values}
            errors={errors}
            field={form.field}
            onLeave={(k) => setLeft((s) => new Set(s).add(k))}
          />
        </form>
      )}
    </Modal>
  );
}
