/** QR codes from qrcode-generator (no QR code of our own), as SVG path data. */
import qrcode from 'qrcode-generator';

/** The quiet zone around the code, in modules (the standard's four). */
export const QUIET = 4;

/**
 * The dark modules of `text`'s QR code (automatic version, error correction M: readable from a
 * screen across a table), as one SVG path of unit squares, and the code's width in modules.
 */
export function qrPath(text: string): { d: string; size: number } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let d = '';
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (qr.isDark(r, c)) d += `M${c} ${r}h1v1h-1z`;
  return { d, size };
}
