import { code128, drawingSVG, ean13, ean8, upca } from '@bwip-js/browser';
import { useMemo } from 'react';
import { barcodeOptions } from '../../../domain/stock/labels.ts';

const DRAW = { ean13, ean8, upca, code128 } as const;

/**
 * A barcode drawn by bwip-js as SVG, shown as an <img> from a data: address: no inline
 * script or style, so the strict CSP holds. Only the four symbologies we print are imported.
 */
export function BarcodeImage({ code, className }: { code: string; className?: string }) {
  const src = useMemo(() => {
    const options = barcodeOptions(code);
    try {
      const svg = DRAW[options.bcid](options as Parameters<typeof ean13>[0], drawingSVG());
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    } catch {
      return null;
    }
  }, [code]);
  return src ? <img src={src} alt={`Barcode ${code}`} className={className} /> : <span className={className}>{code}</span>;
}
