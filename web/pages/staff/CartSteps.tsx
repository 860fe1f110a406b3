import { Badge } from '../../components/Badge';
import type { CartDetail } from '../../stores/staff-cart';
import { staffDate } from './staff-format';
import './cart.css';

/** The six-step recovery plan (4-admin §2): each step sent or not, the first unsent one queued, with when it went or is due. */
export function CartSteps({ steps }: { steps: CartDetail['steps'] }) {
  return (
    <ol className="cart__steps">
      {steps.map((s) => (
        <li key={s.template} className="cart__step">
          <span className="cart__step-name">{s.label}</span>
          <Badge tone={s.sent ? 'success' : s.queued ? 'info' : 'neutral'}>
            {s.sent ? 'sent' : s.queued ? 'queued' : 'not sent'}
          </Badge>
          <span className="cart__step-when">
            {s.sent ? staffDate(s.sent_at) : s.due_at ? `due ${staffDate(s.due_at)}` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}
