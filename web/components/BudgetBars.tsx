import { ProgressBar } from './ProgressBar';

export interface Budgets {
  enabled: boolean;
  reason?: string | undefined;
  new_chats: { used: number; limit: number };
  unanswered: { used: number; limit: number };
  /** 2: the number's risk is Critical and it sends new chats at half its pace. */
  new_chat_pace?: number | undefined;
  held?: number | undefined;
}

/** The block risk's factors (calculateRiskOfBlock): 1 is Critical. */
export interface RiskFactors {
  life_time: number;
  riskFactorLifeTime: number;
  riskFactorContacts: number;
  riskFactorResponse: number;
  riskFactorBudgets?: number | undefined;
}

const pct = (b: { used: number; limit: number }) => (b.limit > 0 ? (100 * b.used) / b.limit : 100);
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Why a number's block risk is Critical (each factor at 1) and what to do about each. */
function criticalCauses(risk: RiskFactors, budgets: Budgets): { cause: string; todo: string }[] {
  const out: { cause: string; todo: string }[] = [];
  if (risk.riskFactorLifeTime === 1)
    out.push({
      cause: `The number is young: active for ${days(risk.life_time)} (under 7).`,
      todo: 'Let it warm up: keep to the ramp of new chats a day and talk first with people who know the number.',
    });
  if (risk.riskFactorContacts === 1)
    out.push({
      cause: 'Few of the people it writes to have it saved as a contact (under 30 %).',
      todo: 'Write to people who saved the number, or ask your customers to save it before you write.',
    });
  if (risk.riskFactorResponse === 1)
    out.push({
      cause: 'Few of its chats answer (under 20 %).',
      todo: 'Write to people who expect your message, ask something they can answer, and stop writing to numbers that never do.',
    });
  if (risk.riskFactorBudgets === 1)
    out.push({
      cause: `A ban protection budget is used up (new chats today: ${budgets.new_chats.used} of ${budgets.new_chats.limit}; unanswered chats: ${budgets.unanswered.used} of ${budgets.unanswered.limit}).`,
      todo: 'Wait for it to free (new chats: the next day; unanswered chats: as chats answer), or raise it in the settings only if these people expect your messages.',
    });
  return out;
}

/** Ban protection's budgets, used against limit, one bar each (the safety card and the warming tool). */
export function BudgetBars({
  budgets,
  risk,
  heading: Heading = 'h3',
}: {
  budgets: Budgets;
  /** The block risk's factors: a Critical risk names its causes and what to do. */
  risk?: RiskFactors | null | undefined;
  heading?: 'h3' | 'h4' | 'h5';
}) {
  const causes = budgets.new_chat_pace === 2 && risk ? criticalCauses(risk, budgets) : [];
  if (!budgets.enabled) {
    return <p className="w-muted">{budgets.reason ?? 'Ban protection is off for this number.'}</p>;
  }
  return (
    <section aria-label="Ban protection" className="w-budgets">
      <Heading className="w-budgets__title">Ban protection</Heading>
      <ProgressBar
        label="New chats today"
        value={pct(budgets.new_chats)}
        stage={`New chats today: ${budgets.new_chats.used} of ${budgets.new_chats.limit}`}
      />
      <ProgressBar
        label="Unanswered chats (30 days)"
        value={pct(budgets.unanswered)}
        stage={`Unanswered chats (30 days): ${budgets.unanswered.used} of ${budgets.unanswered.limit}`}
      />
      {budgets.held ? (
        <p className="w-alert w-alert--info">
          {budgets.held === 1 ? '1 message is' : `${budgets.held} messages are`} held until a budget frees.
        </p>
      ) : null}
      {budgets.new_chat_pace === 2 && (
        <div role="status" aria-label="Block risk" className="w-alert w-alert--warning w-budgets__risk">
          <p>Block risk is Critical: this number sends new chats at half its pace.</p>
          {causes.length > 0 && (
            <>
              <p>Why:</p>
              <ul>
                {causes.map((c) => (
                  <li key={c.cause}>{c.cause}</li>
                ))}
              </ul>
              <p>What to do:</p>
              <ul>
                {causes.map((c) => (
                  <li key={c.todo}>{c.todo}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
