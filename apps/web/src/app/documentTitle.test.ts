import { describe, expect, it } from 'vitest';
import { HOME_TITLE, routeTitle } from './documentTitle';

describe('routeTitle', () => {
  it('names each fixed route, the home page keeps its own title', () => {
    expect(routeTitle('/')).toBe(HOME_TITLE);
    expect(routeTitle('/cart')).toBe('Cart | Bazaar');
    expect(routeTitle('/dashboard/order/details/42')).toBe('Order details | Bazaar');
    expect(routeTitle('/privacy-policy')).toBe('Privacy policy | Bazaar');
    expect(routeTitle('/no/such/page')).toBe('Page not found | Bazaar');
  });

  it('leaves listing, shop and product pages to name what they show, with no placeholder before', () => {
    expect(routeTitle('/products')).toBeUndefined();
    expect(routeTitle('/products/search')).toBeUndefined();
    expect(routeTitle('/product/details/silk-saree-12')).toBeUndefined();
    expect(routeTitle('/shop/lucknow-chikan-house')).toBeUndefined();
  });
});
