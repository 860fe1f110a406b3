import { useId, useState } from 'react';
import { CONTACT_MAX, CONTACT_MIN } from '../../../src/shared/schemas/console/onboarding';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { getConfig } from '../../lib/bootstrap';
import { useAction } from '../../lib/use-action';
import { sendContact } from '../../stores/onboarding';
import './onboarding.css';

/**
 * /contact (3-developer §2.8): the contact-us card with the information address, and a message form
 * whose text reaches staff by e-mail; they answer the customer's address.
 */
export default function ContactPage() {
  const email = getConfig().supportEmail;
  const fieldId = useId();
  const [text, setText] = useState('');
  const [sent, setSent] = useState('');
  const send = useAction(
    async () => {
      setSent(await sendContact(text.trim()));
      setText('');
    },
    { label: 'Send' },
  );
  return (
    <div className="w-contact">
      <Card
        title="Contact us"
        description="Questions about the API, your phones or your subscription? We are happy to help."
      >
        <p className="w-contact__mail">
          <Icon name="mail" size={18} />
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      </Card>
      <Card title="Send us a message" description="We answer to the e-mail address of your account.">
        <form
          className="w-onb-form"
          onSubmit={(e) => {
            e.preventDefault();
            void send.run();
          }}
        >
          <div className="w-field">
            <label className="w-field__label" htmlFor={fieldId}>
              Message
            </label>
            <textarea
              id={fieldId}
              className="w-input"
              rows={6}
              maxLength={CONTACT_MAX}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setSent('');
              }}
            />
          </div>
          {send.error && <Alert tone="error">{send.error}</Alert>}
          {sent && <Alert tone="success">{sent}</Alert>}
          <div>
            <Button type="submit" disabled={text.trim().length < CONTACT_MIN} loading={send.busy}>
              Send
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
