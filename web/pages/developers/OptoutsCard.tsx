import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import {
  $optouts,
  $optoutsCursor,
  $optoutsError,
  $optoutWords,
  addOptouts,
  loadOptouts,
  loadOptoutWords,
  removeOptout,
  saveOptoutWords,
} from '../../stores/developers/optouts';
import { OptoutList } from './OptoutList';
import { OptoutWords } from './OptoutWords';

/** The product's opt-out list and words (issue 41), on the webhook page beside the `optout` event. */
export function OptoutsCard() {
  const rows = useStore($optouts);
  const cursor = useStore($optoutsCursor);
  const error = useStore($optoutsError);
  const words = useStore($optoutWords);
  useEffect(() => {
    void loadOptouts();
    void loadOptoutWords();
  }, []);
  return (
    <Card
      title="Opt-outs"
      description="Customers who asked not to be messaged: campaigns skip these numbers and an optout event goes to your webhook when one is added by a keyword. Messages you send with sendMessage are not blocked."
    >
      <div className="w-dev-stack">
        {error && <Alert tone="error">{error}</Alert>}
        <OptoutList
          rows={rows}
          hasMore={cursor !== null}
          onMore={() => loadOptouts(true)}
          onAdd={addOptouts}
          onRemove={removeOptout}
        />
        <div className="w-dev-divided">
          <OptoutWords words={words} onSave={saveOptoutWords} />
        </div>
      </div>
    </Card>
  );
}
