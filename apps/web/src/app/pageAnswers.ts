import { createContext, useContext, useEffect, useState } from 'react';
import type {
  CategoriesResponse,
  ProductDetailsResponse,
  ProductQueryResponse,
  SubcategoryGroupsResponse,
} from '@bazaar/shared';
import { PAGE_ANSWERS_ELEMENT } from '@bazaar/shared/pages';
import { catalogApi } from '../api/catalogApi';
import type { createStore } from './store';

/**
 * The catalogue answers a server-rendered page was rendered from (issue 18): the server embeds them in the page
 * as JSON, keyed by API path, and the app puts them in its store before adopting the markup, so the first client
 * render is the server's, and the page does not ask for them again. Only product and listing pages use this module,
 * so it is part of their chunk rather than of every visit's first download (app/landingPages.ts loads it).
 */
export type PageAnswers = Record<string, unknown>;

const PRODUCT_ANSWER = /^\/home\/get-product\/([^/?#]+)$/;
const LISTING_ANSWER = '/home/query-products?';
const CATEGORIES_ANSWER = '/home/get-categorys';
const SUBCATEGORY_GROUPS_ANSWER = '/home/get_subcategory_newlist';

type AppStore = ReturnType<typeof createStore>;

/**
 * Puts one answer where the app's own call would (its RTK Query cache entry); what it fills of the `home` store
 * area follows from homeSlice, as for a call. Resolves once it is there.
 */
async function seedAnswer({ dispatch }: AppStore, apiPath: string, answer: unknown): Promise<void> {
  const { upsertQueryData } = catalogApi.util;
  const slug = PRODUCT_ANSWER.exec(apiPath)?.[1];
  if (slug) {
    await dispatch(upsertQueryData('getProduct', decodeURIComponent(slug), answer as ProductDetailsResponse));
  } else if (apiPath.startsWith(LISTING_ANSWER)) {
    const queryString = apiPath.slice(LISTING_ANSWER.length);
    await dispatch(upsertQueryData('queryProducts', queryString, answer as ProductQueryResponse));
  } else if (apiPath === CATEGORIES_ANSWER) {
    await dispatch(upsertQueryData('getCategories', undefined, answer as CategoriesResponse));
  } else if (apiPath === SUBCATEGORY_GROUPS_ANSWER) {
    await dispatch(upsertQueryData('getSubcategoryGroups', undefined, answer as SubcategoryGroupsResponse));
  }
}

/** Puts the answers into the store, as if the app had asked for them; resolves once they are there. */
export async function seedPageAnswers(store: AppStore, answers: PageAnswers): Promise<void> {
  await Promise.all(Object.entries(answers).map(([apiPath, answer]) => seedAnswer(store, apiPath, answer)));
}

/** The answers embedded in this document, if the server rendered it. */
export function readPageAnswers(): PageAnswers | undefined {
  const element = document.getElementById(PAGE_ANSWERS_ELEMENT);
  return element?.textContent ? (JSON.parse(element.textContent) as PageAnswers) : undefined;
}

/** The API paths whose answers came with the page and no page has claimed yet (one set per render, not global). */
const ServedAnswers = createContext<Set<string>>(new Set());
export const ServedAnswersProvider = ServedAnswers.Provider;

/**
 * Whether the answer for `apiPath` came with the page when this component mounted: the page then shows it as it is
 * instead of asking for it afresh. Claimed once: a later visit to the same page (client-side navigation) asks again,
 * as the store area may hold another page's answer by then.
 */
export function useServedWithPage(apiPath: string): boolean {
  const served = useContext(ServedAnswers);
  const [servedAtMount] = useState(() => served.has(apiPath));
  useEffect(() => {
    served.delete(apiPath);
  }, [served, apiPath]);
  return servedAtMount;
}
