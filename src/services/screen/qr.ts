/**
 * QR matrices for the linking screen, from the `qrcode` package's encoder core only (its main entry
 * loads Node renderers that do not bundle for Workers).
 */
import { create } from 'qrcode/lib/core/qrcode.js';

/** Modules left blank around the symbol, as the QR specification asks for reliable scanning. */
const QUIET_ZONE = 4;

/** A square QR matrix including its quiet zone: `dark[row * size + col]` is 1 for a dark module. */
export interface QrMatrix {
  size: number;
  dark: Uint8Array;
}

/** Encodes text (byte mode, error correction level M) as a QR matrix with a 4-module quiet zone. */
export function qrMatrix(text: string): QrMatrix {
  // One byte segment, as WhatsApp's own codes are: the package's mixed-mode optimiser costs more
  // time than the few modules it could save.
  const { modules } = create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const size = modules.size + QUIET_ZONE * 2;
  const dark = new Uint8Array(size * size);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      dark[(row + QUIET_ZONE) * size + col + QUIET_ZONE] = modules.get(row, col) ? 1 : 0;
    }
  }
  return { size, dark };
}
