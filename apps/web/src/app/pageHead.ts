import { createContext, useContext, useEffect } from 'react';
import type { PageHead } from '@bazaar/shared/pages';
import { useDocumentTitle } from './documentTitle';

/** index.html's meta description (documentTitle.test.ts holds them equal): what every other page keeps. */
export const SITE_DESCRIPTION =
  'Bazaar — fashion, footwear, home living and beauty for India. Free shipping above ₹799.';

/** At most this much of a description is shown in search results; longer ones are cut at a word. */
const DESCRIPTION_LENGTH = 160;

/** `text` on one line, cut at a word to fit a search result's snippet. */
export function descriptionText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut}…`;
}

function setDescription(description: string): void {
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

/** Told the page's head while a server render runs (prerender.tsx), which runs no effects. */
const HeadListener = createContext<((head: PageHead) => void) | undefined>(undefined);
export const PageHeadListener = HeadListener.Provider;

/**
 * A server-rendered page's title and description, once its data is there (undefined until then): set on the
 * document in the browser, and handed to the server render, which writes the same text into the page's HTML. The
 * description goes back to the site's when the page is left.
 */
export function usePageHead(head: PageHead | undefined): void {
  const listener = useContext(HeadListener);
  if (head) listener?.(head);
  useDocumentTitle(head?.title);
  const description = head?.description;
  useEffect(() => {
    if (!description) return;
    setDescription(description);
    return () => setDescription(SITE_DESCRIPTION);
  }, [description]);
}
