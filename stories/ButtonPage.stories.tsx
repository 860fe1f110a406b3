import type { Meta, StoryObj } from '@storybook/react-vite';
import ButtonPage from '../web/pages/button/ButtonPage';

const meta = { title: 'Pages/Chat Button', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Form: Story = { render: () => <ButtonPage /> };
