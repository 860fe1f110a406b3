import { Chip } from '../../components/Badge';
import { BudgetBars, type Budgets, type RiskFactors } from '../../components/BudgetBars';
import { Card } from '../../components/Card';
import { bookedContactsTone, formatUtc } from '../../lib/developers';
import type { PhoneSafety } from '../../stores/phone-detail';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** The safety figures of the number (3-developer §3); booked contacts coloured 0 red, 1–30 warning, above 30 green. */
export function SafetyData({
  data,
  protection,
  risk,
}: {
  data: PhoneSafety | null;
  protection?: Budgets | null;
  /** The block risk's factors: a Critical risk names its causes. */
  risk?: RiskFactors | null;
}) {
  const rows: [string, string | number][] = data
    ? [
        ['Person chats', data.users_on_chats],
        ['Group chats', data.groups_on_chats],
        ['Messages to people', data.user_messages_to_user_count],
        ['People messaged', data.user_messages_to_unique_user_count],
        ['Messages to groups', data.user_messages_to_group_count],
        ['First message (UTC)', formatUtc(data.first_message)],
        ['First message to a person (UTC)', formatUtc(data.first_user_message)],
        ['First group message (UTC)', formatUtc(data.first_group_message)],
        ['First chat (UTC)', formatUtc(data.first_chat)],
        ['Contact permission', yesNo(data.contact_permission)],
        ['Profile picture', yesNo(data.has_profile_picture)],
        ['Business account', yesNo(data.isBusiness)],
      ]
    : [];
  return (
    <Card
      title="Safety data"
      description="How this number has been used. Numbers with few saved contacts that write to many strangers are blocked more often."
    >
      {data ? (
        <dl className="w-dev-facts">
          <div>
            <dt>Booked contacts</dt>
            <dd>
              <Chip tone={bookedContactsTone(data.booked_contacts_count)} dot>
                {data.booked_contacts_count}
              </Chip>
            </dd>
          </div>
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="w-muted">Loading…</p>
      )}
      {protection && <BudgetBars budgets={protection} risk={risk} />}
    </Card>
  );
}
