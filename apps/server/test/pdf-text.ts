/** Reading back the PDFs the server renders (invoices, packing slips). */
import { inflateSync } from 'node:zlib';

/**
 * The text drawn on a pdfkit PDF: inflates each content stream and decodes the hex strings of its TJ operators
 * (pdfkit writes WinAnsi text as <hex> chunks split by kerning numbers). One entry per drawn line.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(raw); match; match = streamPattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = (match[1].includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hexChunks = [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) =>
        Buffer.from(m[1], 'hex').toString('latin1'),
      );
      lines.push(hexChunks.join(''));
    }
  }
  return lines;
}
