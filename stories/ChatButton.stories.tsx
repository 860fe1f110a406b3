import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChatButtonPreview } from '../web/pages/button/ChatButtonPreview';
import { readSettings, type ButtonDesign, type ButtonSide } from '../widgets/src/chat-button/settings';

const meta = { title: 'Widgets/Chat button', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const DESIGNS: ButtonDesign[] = ['small', 'large', 'large-green'];
const SIDES: ButtonSide[] = ['left', 'right'];

/** The real element in a preview box, one per design and side. */
function Grid({ text }: { text?: string }) {
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
      {DESIGNS.flatMap((design) =>
        SIDES.map((side) => (
          <div key={`${design}-${side}`}>
            <strong>
              {design}, {side}
            </strong>
            <ChatButtonPreview
              settings={readSettings(
                (name) =>
                  ({ phone: '+905551234567', design, 'position-desktop': side, 'position-mobile': side, text })[name] ??
                  null,
              )}
            />
          </div>
        )),
      )}
    </div>
  );
}

export const EveryDesignAndPosition: Story = { render: () => <Grid /> };
export const LongText: Story = { render: () => <Grid text="Questions? Chat with our sales team on WhatsApp" /> };
/** `offset-bottom`: the button raised 64 px, clear of a site's fixed footer. */
export const RaisedAboveFooter: Story = {
  render: () => (
    <ChatButtonPreview
      settings={readSettings(
        (name) => ({ phone: '+905551234567', design: 'large-green', 'offset-bottom': '64' })[name] ?? null,
      )}
    />
  ),
};
