import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDown, Info, LogIn, Mail, Store, User, X } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setSidebarExpand } from '../../app/homeSlice';
import { Logo } from '../ui/Logo';
import { Skeleton } from '../ui/Skeleton';
import { categoryPath, subcategoriesOf } from './categoryLinks';
import { useScrollLock } from './useScrollLock';

const MORE_LINKS = [
  { to: '/shops', label: 'All products', icon: Store },
  { to: '/about', label: 'About us', icon: Info },
  { to: '/contact', label: 'Contact us', icon: Mail },
] as const;

/**
 * The mobile 'Browse Categories' drawer. It is the app's sidebar: open while `home.sidebarExpand` is true, which
 * also shows the Layout's dimmed overlay (clicking that closes it).
 */
export function MobileDrawer({ loaded }: { loaded: boolean }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.home.sidebarExpand);
  const categorys = useAppSelector((state) => state.home.categorys);
  const groups = useAppSelector((state) => state.home.gkSubcategory);
  const userInfo = useAppSelector((state) => state.auth.userInfo);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  // The category list (pictures and all) is built the first time the drawer opens, not with every page.
  const [listWanted, setListWanted] = useState(open);
  if (open && !listWanted) setListWanted(true);
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = () => dispatch(setSidebarExpand(false));

  useScrollLock(open);

  // Focus moves into the drawer when it opens and back to whatever opened it when it closes.
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(setSidebarExpand(false));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      opener?.focus();
    };
  }, [open, dispatch]);

  // The drawer exists only in the mobile layout; widening the window past 1024 px closes it.
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia('(min-width: 1024px)');
    const onChange = () => desktop.matches && dispatch(setSidebarExpand(false));
    onChange();
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [open, dispatch]);

  return (
    <aside
      id="mobile-drawer"
      role="dialog"
      aria-modal="true"
      aria-labelledby="mobile-drawer-title"
      inert={!open}
      className={`fixed inset-y-0 left-0 z-50 flex w-[86%] max-w-sm flex-col bg-white shadow-raised transition-[translate,visibility] duration-300 lg:hidden ${
        open ? 'visible translate-x-0' : 'invisible -translate-x-full'
      }`}
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <Logo onClick={close} />
        <button
          ref={closeRef}
          type="button"
          onClick={close}
          aria-label="Close categories"
          className="flex h-10 w-10 items-center justify-center rounded-full text-ink-700 hover:bg-canvas"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>

      <div className="bg-gradient-to-r from-brand-600 to-brand-500 px-4 py-4 text-white">
        {userInfo ? (
          <p className="flex items-center gap-2 text-sm">
            <User className="h-4 w-4" aria-hidden="true" /> Hello,{' '}
            <span className="font-semibold">{userInfo.name}</span>
          </p>
        ) : (
          <Link to="/login" onClick={close} className="flex items-center gap-2 text-sm font-semibold">
            <LogIn className="h-4 w-4" aria-hidden="true" /> Login / Signup
          </Link>
        )}
      </div>

      <div className="flex-1 overflow-y-auto overscroll-contain">
        <h2
          id="mobile-drawer-title"
          className="px-4 pt-4 pb-2 text-xs font-semibold tracking-wide text-ink-500 uppercase"
        >
          Browse Categories
        </h2>
        <ul aria-label="Categories">
          {listWanted &&
            !loaded &&
            Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="px-4 py-3" aria-hidden="true">
                <Skeleton className="h-4 w-32" />
              </li>
            ))}
          {(listWanted ? categorys : []).map((category) => {
            const subcategories = subcategoriesOf(category, groups);
            const expanded = expandedId === category._id;
            const panelId = `drawer-subcategories-${category._id}`;
            return (
              <li key={category._id} className="border-b border-line last:border-b-0">
                <div className="flex items-center">
                  <Link
                    to={categoryPath(category)}
                    onClick={close}
                    className="flex flex-1 items-center gap-3 px-4 py-3 text-sm font-semibold text-ink-900"
                  >
                    <img
                      src={category.image}
                      alt=""
                      width={36}
                      height={36}
                      loading="lazy"
                      decoding="async"
                      className="h-9 w-9 rounded-full bg-canvas object-cover"
                    />
                    {category.name}
                  </Link>
                  {subcategories.length > 0 && (
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={panelId}
                      aria-label={`${expanded ? 'Hide' : 'Show'} ${category.name} subcategories`}
                      onClick={() => setExpandedId(expanded ? null : category._id)}
                      className="flex h-12 w-12 items-center justify-center text-ink-500"
                    >
                      <ChevronDown
                        className={`h-4 w-4 transition ${expanded ? 'rotate-180' : ''}`}
                        aria-hidden="true"
                      />
                    </button>
                  )}
                </div>
                {subcategories.length > 0 && (
                  <ul id={panelId} hidden={!expanded} className="bg-canvas px-4 py-2">
                    {subcategories.map((sub) => (
                      <li key={sub._id}>
                        <Link
                          to={categoryPath(sub)}
                          onClick={close}
                          className="block rounded-lg py-2 pl-12 text-sm text-ink-700 hover:text-brand-600"
                        >
                          {sub.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>

        <ul className="mt-2 border-t border-line py-2" aria-label="More">
          {MORE_LINKS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                onClick={close}
                className="flex items-center gap-3 px-4 py-3 text-sm text-ink-700 hover:text-brand-600"
              >
                <Icon className="h-4 w-4" aria-hidden="true" /> {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
