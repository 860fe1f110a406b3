import type { Meta, StoryObj } from '@storybook/react-vite';
import { AreaPlaceholder } from '../web/pages/AreaPage';
import NotFound from '../web/pages/NotFoundPage';
import { LoaderScreen } from '../web/pages/LoaderScreen';
import { fn } from 'storybook/test';
import { MSG } from '../web/lib/messages';

const meta = { title: 'Pages/Status', component: NotFound } satisfies Meta<typeof NotFound>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFoundPage: Story = {};
export const AreaNotAvailable: Story = { render: () => <AreaPlaceholder title="Integrations" /> };
export const ProductLoading: Story = { render: () => <LoaderScreen onRetry={fn()} onLogout={fn()} /> };
export const ProductLoadFailed: Story = {
  render: () => <LoaderScreen error={MSG.loadFailed} onRetry={fn()} onLogout={fn()} />,
};
