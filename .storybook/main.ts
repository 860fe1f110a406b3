import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.tsx'],
  core: { disableTelemetry: true },
  // The app's vite.config.ts builds the SPA from web/ without an index.html; Storybook builds its own.
  viteFinal: (vite) => ({
    ...vite,
    root: fileURLToPath(new URL('..', import.meta.url)),
    build: { ...vite.build, manifest: false, rolldownOptions: { ...vite.build?.rolldownOptions, input: undefined } },
  }),
};

export default config;
