import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { WIDGET_ENTRY_SOURCES, widgetEntryAliases } from '../../widgets/source-entries';

const pkg = JSON.parse(readFileSync('widgets/package.json', 'utf8')) as {
  exports: Record<string, string | { types?: string; import?: string }>;
};
const tsconfig = ts.readConfigFile('tsconfig.json', (p) => readFileSync(p, 'utf8')).config as {
  compilerOptions: { paths: Record<string, string[]> };
};

describe("the widget package's entries the console imports", () => {
  it('are declared alike by package.json exports (with types), tsconfig paths and the Vite aliases', () => {
    const names = Object.keys(WIDGET_ENTRY_SOURCES);
    expect(names.sort()).toEqual(
      Object.keys(tsconfig.compilerOptions.paths)
        .filter((n) => n.startsWith('@wapi/widgets/'))
        .sort(),
    );
    for (const [name, source] of Object.entries(WIDGET_ENTRY_SOURCES)) {
      const entry = pkg.exports[`./${name.slice('@wapi/widgets/'.length)}`];
      expect(entry, name).toMatchObject({ types: expect.any(String), import: expect.any(String) });
      // The declarations the type build writes for that source file.
      const types = `./dist/types/${source.replace(/^src\//, '').replace(/\.ts$/, '.d.ts')}`;
      expect((entry as { types: string }).types, name).toBe(types);
      expect(tsconfig.compilerOptions.paths[name], name).toEqual([`./widgets/${source}`]);
    }
  });

  it('alias each name exactly, not the standalone scripts beside them', () => {
    const aliases = widgetEntryAliases();
    const match = (id: string) => aliases.find((a) => a.find.test(id))?.replacement;
    expect(match('@wapi/widgets/chat-button')).toMatch(/widgets\/src\/chat-button\/index\.ts$/);
    expect(match('@wapi/widgets/phone-numbers')).toMatch(/widgets\/src\/phone-numbers\.ts$/);
    expect(match('@wapi/widgets/chat-button.js')).toBeUndefined();
    expect(match('@wapi/widgets/phone-numbers.js')).toBeUndefined();
    expect(match('@wapi/widgets')).toBeUndefined();
  });
});
