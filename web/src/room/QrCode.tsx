/** A QR code drawn as SVG (its modules: qr.ts). */
import { useMemo } from 'preact/hooks';
import { qrPath, QUIET } from './qr.ts';

export function QrCode({ text, label }: { text: string; label: string }) {
  const { d, size } = useMemo(() => qrPath(text), [text]);
  const box = size + 2 * QUIET;
  return (
    <svg class="qr" viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`} role="img" aria-label={label} shape-rendering="crispEdges">
      <rect x={-QUIET} y={-QUIET} width={box} height={box} fill="#fff" />
      <path d={d} fill="#000" data-modules={size} />
    </svg>
  );
}
