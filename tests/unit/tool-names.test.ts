/** One name per free tool (issue 23): the sidebar, the chips and the page titles read one table. */
import { describe, expect, it } from 'vitest';
import { resolvePath } from '../../src/shared/routes';
import { TOOL_ALIASES, TOOL_NAMES, TOOL_NAV, type ToolPath } from '../../src/shared/tool-names';
import { TOOL_PAGES } from '../../src/shared/tool-pages';
import { API_NAV } from '../../web/components/nav';

const SPEC_NAMES = [
  'Base64 Encoder',
  'VCard Maker',
  'Warming Up Numbers',
  'Profile Picture Checker',
  'Number Checker',
  'Multi Number Checker',
  'QR Code Generator',
  'Text Formatter',
  'JSON Escape/Unescape Tool',
];

describe("the free tools' names", () => {
  it("are the spec's nine names, each once", () => {
    expect(TOOL_NAV.map((t) => t.name)).toEqual(SPEC_NAMES);
  });

  it('are the same in the sidebar, the chips, the route titles and the public page headings', () => {
    const sidebar = API_NAV.find((i) => i.href === '/tools')!.children!;
    expect(sidebar.map((l) => [l.href, l.label])).toEqual(TOOL_NAV.map((t) => [t.path, t.name]));
    const paths = [...Object.keys(TOOL_NAMES), ...Object.keys(TOOL_ALIASES)];
    for (const path of paths) {
      const name = TOOL_NAMES[(TOOL_ALIASES[path] ?? path) as ToolPath];
      expect([path, resolvePath(path).route?.title]).toEqual([path, name]);
      const page = TOOL_PAGES[path];
      if (page) expect([path, page.title, page.heading]).toEqual([path, name, name]);
    }
  });
});
