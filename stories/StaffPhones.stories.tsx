import type { Meta, StoryObj } from '@storybook/react-vite';
import { BanDialog } from '../web/pages/staff/BanDialog';
import '../web/pages/staff/staff-phones.css';

const meta = { title: 'Back-office/Numbers and bans', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const noop = () => undefined;

/** The Set Ban dialog for a number from the table: reason trial-abuse preselected. */
export const SetBan: Story = {
  render: () => <BanDialog open={{ mode: 'set', number: '905301234567' }} onClose={noop} onDone={noop} />,
};

/** The Remove Ban dialog: the number is fixed. */
export const RemoveBan: Story = {
  render: () => <BanDialog open={{ mode: 'remove', number: '905301234567' }} onClose={noop} onDone={noop} />,
};
