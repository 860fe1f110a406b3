/**
 * `npm pack -w widgets` makes a tarball that installs in a fresh project and imports there: the
 * ESM entry renders the tools with the installer's React, the standalone scripts resolve, and the
 * declarations type-check a consumer under NodeNext and bundler resolution.
 * (Runs after `npm run build`, which builds the package. The install is offline and needs nothing in
 * npm's cache: the package has no dependencies; the React entry's optional peer qrcode.react is packed
 * from this repository's node_modules and installed beside it, so npm never asks the registry for it.)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consumerTsc, RESOLUTIONS } from './support/consumer-tsc';

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

describe('@wapi/widgets package', () => {
  it('packs the built files, installs offline in a fresh project and imports', () => {
    expect(existsSync('widgets/dist/esm/index.js'), 'run `npm run build` first').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'wapi-widgets-'));
    const [packed] = JSON.parse(npm(['pack', '-w', 'widgets', '--json', '--pack-destination', dir], process.cwd())) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed!.files.map((f) => f.path);
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'dist/chat-button.js',
      'dist/tools.js',
      'dist/esm/index.js',
      'dist/esm/chat-button.js',
      'dist/types/index.d.ts',
    ])
      expect(files).toContain(f);
    expect(files.some((f) => f.startsWith('src/'))).toBe(false);

    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh', private: true, type: 'module' }));
    const [dep] = JSON.parse(
      npm(
        ['pack', '--ignore-scripts', '--json', '--pack-destination', dir, resolve('node_modules/qrcode.react')],
        process.cwd(),
      ),
    ) as { filename: string }[];
    npm(
      [
        'install',
        '--offline',
        '--legacy-peer-deps',
        join(dir, dep!.filename),
        join(dir, packed!.filename.replace(/^@wapi\//, 'wapi-')),
      ],
      project,
    );
    // React is the project's own (a peer): linked from this repository after the install, which would prune it.
    for (const peer of ['react', 'react-dom'])
      symlinkSync(resolve('node_modules', peer), join(project, 'node_modules', peer), 'dir');

    writeFileSync(
      join(project, 'check.mjs'),
      `import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as w from '@wapi/widgets';
import { createRequire } from 'node:module';
const html = renderToStaticMarkup(createElement(w.VCardMaker)) + renderToStaticMarkup(createElement(w.TOOL_COMPONENTS['whatsapp-qr-code-generator']));
const resolveFile = (s) => import.meta.resolve(s);
console.log(JSON.stringify({
  link: w.chatLink('+90 555', 'hi there'),
  tools: Object.keys(w.TOOL_COMPONENTS),
  html,
  scripts: [resolveFile('@wapi/widgets/chat-button.js'), resolveFile('@wapi/widgets/tools.js'), resolveFile('@wapi/widgets/chat-button')],
  // Server rendering: the element's module imports in Node, and defining it there does nothing.
  button: await import('@wapi/widgets/chat-button').then((b) => (b.defineChatButton(), b.TAG)),
}));`,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: project, encoding: 'utf8' })) as {
      link: string;
      tools: string[];
      html: string;
      scripts: string[];
      button: string;
    };
    expect(out.button).toBe('wapi-chat-button');
    expect(out.link).toBe('https://wa.me/90555?text=hi%20there');
    expect(out.tools).toContain('vcardmaker');
    expect(out.html).toContain('You have to fill First Name and Phone Number to get code');
    expect(out.html).toContain('Enter a phone number to generate QR code');
    expect(out.scripts.map((s) => s.replace(/^.*node_modules\//, ''))).toEqual([
      '@wapi/widgets/dist/chat-button.js',
      '@wapi/widgets/dist/tools.js',
      '@wapi/widgets/dist/esm/chat-button.js',
    ]);

    // The declarations type a TypeScript project on Node's own resolution (NodeNext, which needs
    // extensions on relative imports) as well as a bundler's.
    mkdirSync(join(project, 'node_modules', '@types'));
    symlinkSync(resolve('node_modules/@types/react'), join(project, 'node_modules', '@types', 'react'), 'dir');
    writeFileSync(
      join(project, 'check.ts'),
      `import { QrCodeGenerator, chatLink, contactVcf, EMPTY_CONTACT, embedSnippet, readSettings, type ChatButtonSettings } from '@wapi/widgets';
import { defineChatButton, TAG } from '@wapi/widgets/chat-button';
const settings: ChatButtonSettings = readSettings(() => null);
export const out: string[] = [chatLink('+90', 'hi'), contactVcf({ ...EMPTY_CONTACT, firstName: 'a', phone: '1' }), embedSnippet('x', settings), TAG];
export const tool = QrCodeGenerator;
defineChatButton();`,
    );
    // The <wapi-chat-button> JSX type ships with the package: its attributes are checked in a .tsx file.
    writeFileSync(
      join(project, 'button.tsx'),
      `import '@wapi/widgets';
export const ok = <wapi-chat-button phone="+905551234567" design="large-green" position-mobile="left" offset-bottom={96} message-mobile="false" />;
// @ts-expect-error: no such design
export const badDesign = <wapi-chat-button phone="1" design="huge" />;
// @ts-expect-error: the phone is required
export const noPhone = <wapi-chat-button text="Hi" />;`,
    );
    for (const [module, resolution] of RESOLUTIONS) {
      const args = consumerTsc(module, resolution, ['--jsx', 'react-jsx', 'check.ts', 'button.tsx']);
      expect(spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8' }).stdout, resolution).toBe('');
    }
  }, 90_000);

  it('serves the chat button alone without React: a plain install brings no React and no qrcode.react, imports and type-checks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wapi-button-only-'));
    const [packed] = JSON.parse(npm(['pack', '-w', 'widgets', '--json', '--pack-destination', dir], process.cwd())) as {
      filename: string;
    }[];
    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'button-only', private: true, type: 'module' }),
    );
    // A plain `npm install @wapi/widgets` (no --legacy-peer-deps: npm 7+ installs required peers, and
    // the peers of a dependency): offline, so anything it wanted beyond the tarball would fail here.
    npm(['install', '--offline', join(dir, packed!.filename.replace(/^@wapi\//, 'wapi-'))], project);
    for (const absent of ['react', 'react-dom', 'qrcode.react'])
      expect(existsSync(join(project, 'node_modules', absent)), absent).toBe(false);
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules', '@wapi', 'widgets', 'package.json'), 'utf8'),
    ) as {
      dependencies?: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional: boolean }>;
    };
    // qrcode.react and React are optional peers: the React entry's, which the chat button does not import.
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(['qrcode.react', 'react', 'react-dom']);
    expect(manifest.peerDependenciesMeta).toEqual({
      'qrcode.react': { optional: true },
      react: { optional: true },
      'react-dom': { optional: true },
    });
    // The README says which entry needs what.
    const readme = readFileSync(join(project, 'node_modules', '@wapi', 'widgets', 'README.md'), 'utf8');
    expect(readme).toMatch(/^npm install @wapi\/widgets +# the chat button alone/m);
    expect(readme).toMatch(/^npm install @wapi\/widgets qrcode\.react react react-dom +# the tools/m);
    expect(readme).toContain('| `@wapi/widgets/chat-button` | `defineChatButton()`');

    writeFileSync(
      join(project, 'check.mjs'),
      `import { TAG, defineChatButton, chatLink } from '@wapi/widgets/chat-button';
defineChatButton();
console.log(JSON.stringify({ tag: TAG, link: chatLink('+90 555', 'hi') }));`,
    );
    expect(JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: project, encoding: 'utf8' }))).toEqual({
      tag: 'wapi-chat-button',
      link: 'https://wa.me/90555?text=hi',
    });
    writeFileSync(
      join(project, 'check.ts'),
      `import { TAG, defineChatButton, readSettings, type ChatButtonSettings } from '@wapi/widgets/chat-button';
defineChatButton();
export const s: ChatButtonSettings = readSettings(() => null);
export const tag: string = TAG;`,
    );
    const args = consumerTsc('nodenext', 'nodenext', ['check.ts']);
    expect(spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8' }).stdout).toBe('');
  }, 90_000);
});
