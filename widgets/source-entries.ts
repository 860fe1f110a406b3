import { fileURLToPath } from 'node:url';

/**
 * The widget package's public entries the console imports, each with the source file it is built
 * from. The console (web/) imports `@wapi/widgets/...` by these names only, never widgets/src (the
 * lint's `console-uses-widgets-entries`); its Vite build, Storybook and Vitest resolve them to the
 * source (below, as tsconfig.json's "paths" do for the type check), so the console bundles the same
 * modules as before, its chunks (phone-numbers) included, and nothing waits for the package's build.
 * package.json "exports" declares the same names for the built package (tests/unit/widgets-entries.test.ts).
 */
export const WIDGET_ENTRY_SOURCES = {
  '@wapi/widgets/chat-button': 'src/chat-button/index.ts',
  '@wapi/widgets/tools': 'src/tools/index.ts',
  '@wapi/widgets/wa-format': 'src/tools/wa-format.ts',
  '@wapi/widgets/phone-numbers': 'src/phone-numbers.ts',
} as const;

/** Vite's `resolve.alias` for the entries: each name exactly (not `chat-button.js`) to its source file. */
export function widgetEntryAliases(): { find: RegExp; replacement: string }[] {
  return Object.entries(WIDGET_ENTRY_SOURCES).map(([name, source]) => ({
    find: new RegExp(`^${name.replace(/[/.@-]/g, (c) => `\\${c}`)}$`),
    replacement: fileURLToPath(new URL(source, import.meta.url)),
  }));
}
