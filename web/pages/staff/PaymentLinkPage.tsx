import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CopyButton } from '../../components/CopyButton';
import { TextField } from '../../components/TextField';
import { useAction } from '../../lib/use-action';
import { createPaymentLink } from '../../stores/staff-subs';
import './staff-subs.css';

const PRICE = /^\d{1,6}(\.\d{1,2})?$/;

/** `/yta/paymentlink`: a card checkout with a custom price, title and message, to send to a customer. */
export default function PaymentLinkPage() {
  const [email, setEmail] = useState('');
  const [price, setPrice] = useState('');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState('');
  const [link, setLink] = useState('');
  const messageId = useId();
  const create = useAction(
    async () =>
      setLink(
        await createPaymentLink({
          email: email.trim(),
          custom_price: Number(price),
          title: title.trim(),
          message: message.trim(),
        }),
      ),
    { label: 'Create link' },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setInvalid("Enter the customer's e-mail.");
    if (!PRICE.test(price.trim()) || Number(price) <= 0)
      return setInvalid('Enter a price in dollars, e.g. 149 or 149.90.');
    if (!title.trim()) return setInvalid('Enter a title.');
    setInvalid('');
    setLink('');
    void create.run();
  };
  return (
    <Card
      className="staff-subs"
      title="Custom payment link"
      description="The customer pays this price by card on the checkout, and the subscription goes to their account; the title and message are shown there."
    >
      <form className="staff-subs__form" onSubmit={submit} noValidate>
        <TextField
          label="Customer e-mail"
          type="email"
          value={email}
          onChange={setEmail}
          placeholder="customer@example.com"
          required
        />
        <TextField
          label="Custom price (USD)"
          inputMode="decimal"
          value={price}
          onChange={setPrice}
          placeholder="149.90"
          required
        />
        <TextField label="Title" value={title} onChange={setTitle} maxLength={200} required />
        <div className="w-field">
          <label className="w-field__label" htmlFor={messageId}>
            Message
          </label>
          <textarea
            id={messageId}
            className="w-input staff-subs__textarea"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={2000}
          />
        </div>
        {(invalid || create.error) && <Alert tone="error">{invalid || create.error}</Alert>}
        <div className="staff__filters">
          <Button type="submit" loading={create.busy}>
            Create link
          </Button>
        </div>
      </form>
      {link && (
        <div className="staff-subs__form">
          <Alert tone="success">
            <a className="staff-subs__link" href={link} target="_blank" rel="noreferrer">
              {link}
            </a>
          </Alert>
          <div>
            <CopyButton value={link} label="Copy payment link" text="Copy" />
          </div>
        </div>
      )}
    </Card>
  );
}
