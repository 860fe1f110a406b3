import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { InboxSettingsForm } from '../web/pages/agents/InboxSettingsForm';
import { Pending } from '../web/pages/agents/InboxOwnerSection';
import { LabelsView } from '../web/pages/agents/LabelsView';
import { SETTINGS_TEXT } from '../web/pages/agents/inbox-settings-form';
import { InboxReports } from '../web/pages/analytics/InboxReports';
import type { InboxLabel, LabelValues } from '../web/stores/inbox-owner/labels';
import { maxWidth } from './decorators';
import { BUSY_SETTINGS, DEFAULT_SETTINGS, EMPTY_REPORT, LABELS, REPORT } from './inbox-owner-fixtures';

const wait = () => new Promise<void>((resolve) => setTimeout(resolve, 600));
const saves = (fails: boolean) => async () => {
  await wait();
  if (fails) throw new Error('Only the account owner can change this.');
};

/** Labels that really change: create, rename, recolour and delete work on the story's own list. */
function Labels({ initial, fails = false }: { initial: InboxLabel[]; fails?: boolean }) {
  const [labels, setLabels] = useState(initial);
  const save = async (v: LabelValues, id?: number) => {
    await saves(fails)();
    const next = { id: id ?? Math.max(0, ...labels.map((l) => l.id)) + 1, ...v };
    setLabels([...labels.filter((l) => l.id !== next.id), next].sort((a, b) => a.name.localeCompare(b.name)));
  };
  const remove = async (id: number) => {
    await saves(fails)();
    setLabels(labels.filter((l) => l.id !== id));
  };
  return <LabelsView labels={labels} onSave={save} onDelete={remove} />;
}

const meta = {
  title: 'Agents/Team inbox (owner)',
  parameters: { layout: 'padded' },
  decorators: [maxWidth(960)],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Never saved: auto-assignment off, no CSAT, always open. */
export const SettingsDefaults: Story = {
  render: () => <InboxSettingsForm initial={DEFAULT_SETTINGS} onSave={saves(false)} zone="Europe/Istanbul" />,
};
/** Round robin, CSAT, an away message and office hours with a split Friday. */
export const SettingsBusinessHours: Story = {
  render: () => <InboxSettingsForm initial={BUSY_SETTINGS} onSave={saves(false)} />,
};
/** Saving fails: the server's message above the form. */
export const SettingsSaveFails: Story = {
  render: () => <InboxSettingsForm initial={BUSY_SETTINGS} onSave={saves(true)} />,
};
export const SettingsLoading: Story = {
  render: () => <Pending title={SETTINGS_TEXT.title} error="" retry={() => undefined} />,
};
export const SettingsLoadFailed: Story = {
  render: () => <Pending title={SETTINGS_TEXT.title} error="Load Failed." retry={() => undefined} />,
};
export const LabelList: Story = { render: () => <Labels initial={LABELS} /> };
export const NoLabels: Story = { render: () => <Labels initial={[]} /> };
export const LabelSavesFail: Story = { render: () => <Labels initial={LABELS} fails /> };
/** The team inbox report of a busy week on /analytic. */
export const Report: Story = { render: () => <InboxReports report={REPORT} /> };
/** A week without conversations: dashes, flat charts, the empty agents table. */
export const ReportEmpty: Story = { render: () => <InboxReports report={EMPTY_REPORT} /> };
/** A phone's width: the hours wrap, the agents table stacks its rows. */
export const SettingsPhone: Story = {
  decorators: [maxWidth(360)],
  render: () => <InboxSettingsForm initial={BUSY_SETTINGS} onSave={saves(false)} />,
};
export const ReportPhone: Story = { decorators: [maxWidth(360)], render: () => <InboxReports report={REPORT} /> };
