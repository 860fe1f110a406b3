import type { Decorator } from '@storybook/react-vite';

/** Keeps a story at most `px` wide, like the console's content column around it. */
export function maxWidth(px: number): Decorator {
  return (Story) => (
    <div style={{ maxWidth: px }}>
      <Story />
    </div>
  );
}
