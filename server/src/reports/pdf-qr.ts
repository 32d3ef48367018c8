/** QR codes in reports: vector squares from `qrcode`'s module matrix, crisp at any size. */
import QRCode from 'qrcode';
import { qrPlacement, type Box } from './labels-layout';

type Doc = PDFKit.PDFDocument;

/** The symbol's dark modules as one path of row runs, filled once. */
export function drawQr(doc: Doc, square: Box, text: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const { module, x, y } = qrPlacement(square, n);
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      doc.rect(x + start * module, y + row * module, (col - start) * module, module);
    }
  }
  doc.fillColor('black').fill();
}
