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

const pct = (b: { used: number; limit: number }) => (b.limit > 0 ? (100 * b.used) / b.limit : 100);

/** Ban protection's budgets, used against limit, one bar each (the safety card and the warming tool). */
export function BudgetBars({ budgets, heading: Heading = 'h3' }: { budgets: Budgets; heading?: 'h3' | 'h4' | 'h5' }) {
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
        <p role="status" className="w-alert w-alert--warning">
          Block risk is Critical: this number sends new chats at half its pace.
        </p>
      )}
    </section>
  );
}
