import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';

export const SITE_NAME = 'Bazaar';
/** The home page's tab title (index.html's own, which the prerendered home page keeps). */
export const HOME_TITLE = 'Bazaar — Fashion for every day';

/**
 * Tab titles of the routes whose title does not depend on data. The listing and product pages name what they show
 * (a category, a search, a product) and set their own with `useDocumentTitle`.
 */
const ROUTE_TITLES: readonly [pattern: string, title: string][] = [
  ['/register', 'Create an account'],
  ['/login', 'Login'],
  ['/cart', 'Cart'],
  ['/shipping', 'Shipping'],
  ['/my-payment', 'Payment'],
  ['/payment', 'Payment'],
  ['/payment/confirm', 'Payment'],
  ['/payment/failure', 'Payment not completed'],
  ['/order/confirm', 'Order placed'],
  ['/about', 'About us'],
  ['/contact', 'Contact us'],
  ['/help', 'Help'],
  ['/privacy-policy', 'Privacy policy'],
  ['/terms-condition', 'Terms & conditions'],
  ['/return-refund', 'Returns & refunds'],
  ['/shipping-policy', 'Shipping policy'],
  ['/dashboard', 'My account'],
  ['/dashboard/my-orders', 'My orders'],
  ['/dashboard/my-wishlist', 'My wishlist'],
  ['/dashboard/order/details/:orderId', 'Order details'],
  ['/dashboard/chage-password', 'Change password'],
  ['/dashboard/myaddress', 'My addresses'],
  ['/dashboard/chat', 'Chat with sellers'],
  ['/dashboard/chat/:sellerId', 'Chat with sellers'],
  ['/seller/login', 'Seller login'],
  ['/seller/register', 'Register your shop'],
  ['/seller', 'Seller center'],
  ['/seller/products', 'Your products'],
  ['/seller/products/new', 'Add product'],
  ['/seller/products/:id', 'Edit product'],
  ['/seller/chat', 'Seller messages'],
  ['/seller/password', 'Seller password'],
  ['/ops/login', 'Operations login'],
  ['/ops/payments', 'Payments to review'],
  ['/admin/login', 'Admin login'],
  ['/admin', 'Admin'],
  ['/admin/sellers', 'Sellers'],
  ['/admin/tax-rates', 'GST rates'],
  ['/admin/customers', 'Customers'],
  ['/admin/audit', 'Audit log'],
  ['/admin/notifications', 'Messages'],
];

/** Paths whose page sets its own title from its data. */
const PAGES_WITH_OWN_TITLE = [
  '/shop/:slug',
  '/shops',
  '/products',
  '/products/search',
  '/product/details/:slug',
];

export const pageTitle = (name: string) => `${name} | ${SITE_NAME}`;

/**
 * The title for `pathname`; undefined where the page names what it shows, which keeps the title there until it
 * does: the server-rendered title of a page opened by its link (the page's code may hydrate after App's effects
 * ran, and a placeholder would flash between the two), the previous page's while a page moved to loads.
 */
export function routeTitle(pathname: string): string | undefined {
  if (pathname === '/') return HOME_TITLE;
  if (PAGES_WITH_OWN_TITLE.some((pattern) => matchPath(pattern, pathname))) return undefined;
  const known = ROUTE_TITLES.find(([pattern]) => matchPath(pattern, pathname));
  return pageTitle(known ? known[1] : 'Page not found');
}

/** Sets the tab title while `title` is known (a page waiting for its data keeps the previous one). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/** Mounted once in App: the tab title of every route that has a fixed one. */
export function RouteTitles(): null {
  useDocumentTitle(routeTitle(useLocation().pathname));
  return null;
}
