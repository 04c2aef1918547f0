/** The text of each page of a PDF, read with unpdf (pdf.js), which decodes embedded fonts such as Noto Sans. */
import { extractText, getDocumentProxy } from 'unpdf';

export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: false });
  return text;
}

/** Paise from "₹1,23,456.78". */
export function paiseOf(rupees: string): number {
  return Math.round(Number(rupees.replace(/[₹,]/g, '')) * 100);
}
