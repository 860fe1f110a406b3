import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import {
  $inboxLabels,
  $inboxLabelsError,
  deleteInboxLabel,
  loadInboxLabels,
  saveInboxLabel,
} from '../../stores/inbox-owner/labels';
import {
  $inboxSettings,
  $inboxSettingsError,
  loadInboxSettings,
  saveInboxSettings,
} from '../../stores/inbox-owner/settings';
import { showToast } from '../../stores/toasts';
import { InboxSettingsForm } from './InboxSettingsForm';
import { LabelsView } from './LabelsView';
import { LABEL_TEXT } from './label-form';
import { SETTINGS_TEXT } from './inbox-settings-form';

/** A card's place while it loads or after its load failed (with Retry). */
export function Pending({ title, error, retry }: { title: string; error: string; retry: () => void }): ReactNode {
  return (
    <Card title={title}>
      {error ? (
        <Alert tone="error">
          {error}{' '}
          <Button size="sm" variant="secondary" onClick={retry}>
            Retry
          </Button>
        </Alert>
      ) : (
        <Loader />
      )}
    </Card>
  );
}

/** The owner's side of the team inbox on /agents: the inbox settings and the labels (issue 42). */
export function InboxOwnerSection() {
  const settings = useStore($inboxSettings);
  const settingsError = useStore($inboxSettingsError);
  const labels = useStore($inboxLabels);
  const labelsError = useStore($inboxLabelsError);
  useEffect(() => {
    void loadInboxSettings();
    void loadInboxLabels();
  }, []);
  return (
    <>
      {settings && !settingsError ? (
        <InboxSettingsForm initial={settings} onSave={saveInboxSettings} />
      ) : (
        <Pending title={SETTINGS_TEXT.title} error={settingsError} retry={() => void loadInboxSettings()} />
      )}
      {labels && !labelsError ? (
        <LabelsView
          labels={labels}
          onSave={saveInboxLabel}
          onDelete={deleteInboxLabel}
          onDone={(m) => showToast(m, 'success')}
        />
      ) : (
        <Pending title={LABEL_TEXT.title} error={labelsError} retry={() => void loadInboxLabels()} />
      )}
    </>
  );
}
