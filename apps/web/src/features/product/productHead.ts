import type { ProductDetailsDto } from '@bazaar/shared';
import type { PageHead } from '@bazaar/shared/pages';
import { pageTitle } from '../../app/documentTitle';
import { descriptionText } from '../../app/pageHead';

/** The product page's tab title and description: the product's name, and its description (or its brand). */
export function productHead(product: Pick<ProductDetailsDto, 'name' | 'brand' | 'description'>): PageHead {
  return {
    title: pageTitle(product.name),
    description: descriptionText(product.description) || `${product.name} by ${product.brand} on Bazaar.`,
  };
}
