/**
 * Types for the `qrcode` package's encoder core, imported on its own so that bundles for Workers
 * and browsers never pull in the package's Node renderers (pngjs, fs).
 */
declare module 'qrcode/lib/core/qrcode.js' {
  import type { QRCode, QRCodeOptions, QRCodeSegment } from 'qrcode';

  export function create(text: string | QRCodeSegment[], options?: QRCodeOptions): QRCode;
}
