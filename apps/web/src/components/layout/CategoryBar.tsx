import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDown } from 'lucide-react';
import { useAppSelector } from '../../app/hooks';
import { Skeleton } from '../ui/Skeleton';
import { categoryPath, subcategoriesOf } from './categoryLinks';

/**
 * Desktop category bar. Each top-level category opens a mega-menu of its subcategories on hover or keyboard
 * focus (pure CSS via group-hover / group-focus-within, so it needs no open state). The menus (every subcategory
 * with its picture) are built the first time the pointer or focus reaches the bar, not on every page load; the bar
 * is hidden on phones, where they would never show.
 */
export function CategoryBar({ loaded }: { loaded: boolean }) {
  const categorys = useAppSelector((state) => state.home.categorys);
  const groups = useAppSelector((state) => state.home.gkSubcategory);
  const [menusWanted, setMenusWanted] = useState(false);
  const wantMenus = () => setMenusWanted(true);

  return (
    <nav
      aria-label="Categories"
      className="relative hidden border-t border-line lg:block"
      onPointerEnter={wantMenus}
      onFocus={wantMenus}
    >
      <ul className="container-page flex h-11 items-center gap-1">
        {!loaded &&
          Array.from({ length: 5 }, (_, i) => (
            <li key={i} aria-hidden="true">
              <Skeleton className="mx-3 h-3 w-16" />
            </li>
          ))}
        {categorys.map((category) => {
          const subcategories = subcategoriesOf(category, groups);
          return (
            <li key={category._id} className="group h-full">
              <Link
                to={categoryPath(category)}
                className="flex h-full items-center gap-1 border-b-2 border-transparent px-3 text-sm font-semibold tracking-wide text-ink-700 uppercase transition group-focus-within:border-brand-600 group-focus-within:text-brand-600 group-hover:border-brand-600 group-hover:text-brand-600"
              >
                {category.name}
                {subcategories.length > 0 && <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />}
              </Link>
              {menusWanted && subcategories.length > 0 && (
                <div className="invisible absolute inset-x-0 top-full z-40 border-t border-line bg-white opacity-0 shadow-raised transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
                  <div className="container-page py-6">
                    <p className="mb-4 text-xs font-semibold tracking-wide text-brand-600 uppercase">
                      Shop {category.name}
                    </p>
                    <ul className="grid grid-cols-4 gap-3 xl:grid-cols-6">
                      {subcategories.map((sub) => (
                        <li key={sub._id}>
                          <Link
                            to={categoryPath(sub)}
                            className="flex items-center gap-3 rounded-lg p-2 text-sm text-ink-700 hover:bg-canvas hover:text-brand-600"
                          >
                            <img
                              src={sub.image}
                              alt=""
                              width={40}
                              height={40}
                              loading="lazy"
                              decoding="async"
                              className="h-10 w-10 rounded-full bg-canvas object-cover"
                            />
                            <span>{sub.name}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
