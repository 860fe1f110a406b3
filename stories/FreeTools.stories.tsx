import type { Meta, StoryObj } from '@storybook/react-vite';
import { TOOLS_INDEX } from '../src/shared/tools-index';
import { ToolsIndex } from '../web/pages/tools/ToolsIndex';
import { Base64Encoder, JsonEscape, QrCodeGenerator, TextFormatter, VCardMaker } from '../widgets/src/tools';

const meta = { title: 'Widgets/Free tools', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const QrCode: Story = { render: () => <QrCodeGenerator /> };
export const VCard: Story = { render: () => <VCardMaker /> };
export const Base64: Story = { render: () => <Base64Encoder /> };
export const Formatter: Story = { render: () => <TextFormatter /> };
export const JsonEscapeUnescape: Story = { render: () => <JsonEscape /> };
/** /tools: the nine tools, those needing a phone marked. */
export const ToolsList: Story = { render: () => <ToolsIndex links={TOOLS_INDEX.links} /> };
