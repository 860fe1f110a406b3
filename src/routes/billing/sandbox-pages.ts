import { html } from 'hono/html';
import { cents } from '../../shared/format';
import type { CheckoutRow } from '../../services/billing/checkout-rows';
import { chargeOf } from '../../services/billing/discount';
import type { PaymentRow } from '../../services/billing/history';
import { buyerLines, type Buyer } from '../../services/billing/receipts';

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6f8;color:#1c2530}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px #0001}
h1{font-size:22px;margin:0 0 4px}.muted{color:#5b6673;font-size:14px}.sum{display:flex;justify-content:space-between;border-top:1px solid #e3e7eb;border-bottom:1px solid #e3e7eb;margin:18px 0;padding:12px 0}
label{display:block;font-weight:600;font-size:14px;margin:12px 0 4px}input{box-sizing:border-box;width:100%;font:inherit;padding:10px 12px;border:1px solid #c4ccd5;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:12px 16px;cursor:pointer}
.pay{width:100%;margin-top:18px;background:#128c4b;color:#fff}.pay:disabled{opacity:.6}.link{background:none;color:#5b6673;text-decoration:underline;margin-top:8px;width:100%}
[role=alert]{color:#c62828;font-weight:600;min-height:1.5em;margin-top:12px}.badge{display:inline-block;background:#fff3cd;color:#6b4e00;border-radius:6px;padding:2px 8px;font-size:12px;font-weight:700}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px}dt{color:#5b6673}dd{margin:0;font-weight:600}@media print{.noprint{display:none}main{box-shadow:none}}`;

/** Cents as `$12.34`. */
const usd = (amount: number) => cents(amount);

/** The sandbox's hosted checkout: plan, quantity, price and a card form (its script is `/sandbox/checkout.js`). */
export function checkoutPage(brand: string, c: CheckoutRow, planName: string) {
  const update = Boolean(c.subscriptionId);
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${update ? 'Update payment method' : 'Checkout'} · ${brand}</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <main>
          <span class="badge">Sandbox: no real money moves</span>
          <h1>${update ? 'Update payment method' : (c.title ?? `${brand} ${planName}`)}</h1>
          <p class="muted">${c.message ?? c.email}</p>
          ${update ? '' : html`<div class="sum"><span>${planName} × ${c.quantity}</span><strong>${usd(c.amount)} / period</strong></div>`}
          ${c.discountPercent ? html`<div class="sum" id="discount"><span>Discount ${c.discountCode ?? ''} (−${c.discountPercent}% on this payment)</span><strong>−${usd(c.amount - chargeOf(c))}</strong></div>` : ''}
          <form id="pay" data-checkout="${c.id}" data-update="${update ? '1' : ''}" novalidate>
            <label for="card">Card number</label
            ><input
              id="card"
              name="card"
              inputmode="numeric"
              autocomplete="cc-number"
              placeholder="4242 4242 4242 4242"
              required
            />
            <div class="row">
              <div>
                <label for="exp">Expiry</label><input id="exp" name="exp" autocomplete="cc-exp" placeholder="12/30" />
              </div>
              <div>
                <label for="cvc">CVC</label><input id="cvc" name="cvc" autocomplete="cc-csc" placeholder="123" />
              </div>
            </div>
            <div role="alert" id="error"></div>
            <button class="pay" type="submit">${update ? 'Save card' : `Pay ${usd(chargeOf(c))}`}</button>
            <button class="link" type="button" id="close">Cancel and go back</button>
          </form>
          <p class="muted">
            Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 0341 succeeds now
            and fails at the next renewal.
          </p>
        </main>
        <script src="/sandbox/checkout.js"></script>
      </body>
    </html>`;
}

/** A printable receipt of a paid sandbox payment. */
export function receiptPage(brand: string, p: PaymentRow & { buyer?: Buyer }, planName: string) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Receipt #${p.id} · ${brand}</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <main>
          <h1>Receipt #${p.id}</h1>
          <p class="muted">${brand} · sandbox payment</p>
          <dl>
            ${(p.buyer ? buyerLines(p.buyer) : []).map(
              ([label, value]) =>
                html`<dt>${label}</dt>
                  <dd>${value}</dd>`,
            )}
            <dt>Date</dt>
            <dd>${new Date(p.at).toISOString().slice(0, 10)}</dd>
            <dt>Plan</dt>
            <dd>${planName}</dd>
            <dt>Quantity</dt>
            <dd>${p.quantity}</dd>
            <dt>Kind</dt>
            <dd>${p.kind}</dd>
            <dt>Amount</dt>
            <dd>${usd(p.amount)} ${p.currency}</dd>
            <dt>Status</dt>
            <dd>Paid</dd>
            <dt>Transaction</dt>
            <dd>${p.txnId}</dd>
          </dl>
          <button class="pay noprint" type="button" id="print">Print</button>
        </main>
        <script src="/sandbox/checkout.js"></script>
      </body>
    </html>`;
}

/** The checkout page's behaviour: pay (red message on decline), cancel, print; the CSP allows no inline script. */
export const CHECKOUT_SCRIPT = `(() => {
  const csrf = () => (document.cookie.match(/(?:^|; )wapi_csrf=([^;]+)/) || [])[1] || '';
  const post = (url, body) => fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf() }, body: JSON.stringify(body || {}) });
  const print = document.getElementById('print');
  if (print) print.addEventListener('click', () => window.print());
  const form = document.getElementById('pay');
  if (!form) return;
  const id = form.dataset.checkout;
  const error = document.getElementById('error');
  const button = form.querySelector('.pay');
  let busy = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (busy) return;
    busy = true; button.disabled = true; error.textContent = '';
    try {
      const res = await post('/api/sandbox/checkout/' + id + '/pay', { card: form.card.value });
      const body = await res.json().catch(() => ({}));
      if (res.ok) { location.assign(body.redirect); return; }
      error.textContent = body.message || 'The payment failed.';
    } catch { error.textContent = 'Error communicating with the server'; }
    busy = false; button.disabled = false;
  });
  document.getElementById('close').addEventListener('click', async () => {
    await post('/api/sandbox/checkout/' + id + '/close').catch(() => undefined);
    location.assign('/subscription?checkout=closed&checkout_id=' + id);
  });
})();
`;
