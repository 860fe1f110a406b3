import { createElement } from 'react';
import type { Preview } from '@storybook/react-vite';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import '../web/styles/tokens.css';
import '../web/styles/base.css';
import '../web/styles/layout.css';

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
  // Links inside stories navigate in memory instead of leaving the Storybook frame.
  decorators: [(Story, ctx) => createElement(Router, { hook: memoryLocation({ path: (ctx.parameters.path as string) ?? '/' }).hook }, createElement(Story))],
};

export default preview;
