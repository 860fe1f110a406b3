import { resolve } from 'node:path';

/** The module settings a published package must type-check under in a consumer's project. */
export const RESOLUTIONS = [
  ['nodenext', 'nodenext'],
  ['esnext', 'bundler'],
] as const;

/** tsc's arguments (node first) for a strict check of a consumer project under one module setting, the package's own types included. */
export function consumerTsc(module: string, resolution: string, extra: string[] = []): string[] {
  const tsc = resolve('node_modules/typescript/bin/tsc');
  const base = [
    '--noEmit',
    '--strict',
    '--skipLibCheck',
    'false',
    '--module',
    module,
    '--moduleResolution',
    resolution,
  ];
  return [tsc, ...base, '--target', 'es2022', '--lib', 'es2022,dom', ...extra];
}
