import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Heart, Menu, Search, ShoppingBag } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setSidebarExpand } from '../../app/homeSlice';
import { useGetCategoriesQuery, useGetSubcategoryGroupsQuery } from '../../api/catalogApi';
import { CountBadge } from '../ui/Badge';
import { Logo } from '../ui/Logo';
import { CategoryBar } from './CategoryBar';
import { MobileDrawer } from './MobileDrawer';
import { MobileSearch } from './MobileSearch';
import { SearchBox } from './SearchBox';

const iconLinkClass =
  'relative flex h-10 min-w-10 flex-col items-center justify-center rounded-lg px-1.5 text-ink-900 hover:text-brand-600';

/**
 * The header on every page: logo, search, wishlist and cart with counts, account menu, categories. The account menu
 * (signing in and out) belongs to the auth feature, so the app hands it in.
 */
export function Header({ accountMenu }: { accountMenu: ReactNode }) {
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector((state) => state.auth.userInfo);
  const wishlistCount = useAppSelector((state) => state.card.wishlist_count);
  const cartCount = useAppSelector((state) => (state.auth.userInfo ? state.card.card_product_count : 0));
  const drawerOpen = useAppSelector((state) => state.home.sidebarExpand);
  const [searchOpen, setSearchOpen] = useState(false);
  // The category lists land in the home store area; loaded means "answered": a failed call stops the skeletons
  // rather than leaving them forever.
  const categories = useGetCategoriesQuery();
  const groups = useGetSubcategoryGroupsQuery();
  const categoriesLoaded = !categories.isLoading && !groups.isLoading;

  return (
    <>
      <header className="sticky top-0 z-30 bg-white/95 shadow-[0_1px_0_var(--color-line)] backdrop-blur">
        <div className="container-page flex h-14 items-center gap-1 sm:gap-3 lg:h-[4.5rem] lg:gap-6">
          <button
            type="button"
            onClick={() => dispatch(setSidebarExpand(true))}
            aria-label="Browse categories"
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            className="-ml-2 flex h-10 w-10 items-center justify-center rounded-lg text-ink-900 lg:hidden"
          >
            <Menu className="h-6 w-6" aria-hidden="true" />
          </button>
          <Logo />
          <div className="mx-auto hidden max-w-xl flex-1 lg:block">
            <SearchBox variant="inline" />
          </div>
          <nav aria-label="Shopping" className="ml-auto flex min-w-0 items-center gap-0.5 sm:gap-2 lg:ml-0">
            <button
              type="button"
              onClick={() => setSearchOpen(true)}
              aria-label="Open search"
              aria-haspopup="dialog"
              className={`${iconLinkClass} lg:hidden`}
            >
              <Search className="h-5 w-5" aria-hidden="true" />
            </button>
            <Link
              to="/dashboard/my-wishlist"
              aria-label={`Wishlist, ${wishlistCount} items`}
              className={iconLinkClass}
            >
              <span className="relative">
                <Heart className="h-5 w-5" aria-hidden="true" />
                <CountBadge count={wishlistCount} testId="wishlist-count" />
              </span>
              <span className="mt-0.5 hidden text-[11px] font-semibold lg:block">Wishlist</span>
            </Link>
            <Link to="/cart" aria-label={`Cart, ${cartCount} items`} className={iconLinkClass}>
              <span className="relative">
                <ShoppingBag className="h-5 w-5" aria-hidden="true" />
                <CountBadge count={cartCount} testId="cart-count" />
              </span>
              <span className="mt-0.5 hidden text-[11px] font-semibold lg:block">Bag</span>
            </Link>
            <Fragment key={userInfo?.id ?? 'visitor'}>{accountMenu}</Fragment>
          </nav>
        </div>
        <CategoryBar loaded={categoriesLoaded} />
      </header>
      <MobileDrawer loaded={categoriesLoaded} />
      <MobileSearch open={searchOpen} onClose={() => setSearchOpen(false)} />
    </>
  );
}
