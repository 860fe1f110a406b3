import { useState } from 'react';
import { OTHER_MAX, SURVEY_PLATFORMS } from '../../../src/shared/schemas/console/onboarding';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Checkbox } from '../../components/Checkbox';
import { TextField } from '../../components/TextField';
import { useAction } from '../../lib/use-action';
import { sendSurvey } from '../../stores/onboarding';
import './onboarding.css';

/**
 * /survey (3-developer §2.6): which platforms the customer also wants, Others with its name. Send is
 * off until one is chosen (and Others is named); the answer goes to staff.
 */
export default function SurveyPage() {
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const [other, setOther] = useState('');
  const [sent, setSent] = useState('');
  const send = useAction(async () => setSent(await sendSurvey(chosen, other.trim())), { label: 'Send' });
  const toggle = (p: string) => (on: boolean) => setChosen(on ? [...chosen, p] : chosen.filter((x) => x !== p));
  const withOther = chosen.includes('Others');
  const ready = chosen.length > 0 && (!withOther || other.trim() !== '');
  return (
    <Card
      title="Which platforms do you use?"
      description="Tell us where else you talk to your customers, so we know what to build next."
    >
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form
          className="w-onb-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) void send.run();
          }}
        >
          <fieldset>
            <legend className="w-sr-only">Platforms</legend>
            {SURVEY_PLATFORMS.map((p) => (
              <Checkbox key={p} label={p} checked={chosen.includes(p)} onChange={toggle(p)} />
            ))}
          </fieldset>
          {withOther && (
            <TextField label="Other platform" value={other} onChange={setOther} maxLength={OTHER_MAX} required />
          )}
          {send.error && <Alert tone="error">{send.error}</Alert>}
          <div>
            <Button type="submit" disabled={!ready} loading={send.busy}>
              Send
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
