import { Link } from 'react-router-dom';
import type { SiblingDto } from '@bazaar/shared';
import { productPath } from '../../components/product/productRules';

/**
 * The colours a style comes in (issue 15): each swatch links to that colour's own product page, as Myntra's do; the
 * shown colour is marked, a sold-out colour crossed. Nothing is shown for a product in one colour only.
 */
export function ColourSwatches({ siblings }: { siblings: readonly SiblingDto[] }) {
  if (siblings.length < 2) return null;
  const current = siblings.find((sibling) => sibling.current);
  return (
    <div>
      <p className="mb-2 text-sm font-bold uppercase tracking-wide text-ink-900">
        Colour{current && <span className="ml-1 font-normal normal-case text-ink-500">{current.colour}</span>}
      </p>
      <ul className="flex flex-wrap gap-3" aria-label="Colours">
        {siblings.map((sibling) => {
          const soldOut = sibling.stock <= 0;
          const label = `${sibling.colour}${soldOut ? ', sold out' : ''}`;
          const swatch = (
            <span
              aria-hidden="true"
              className={`relative block h-9 w-9 overflow-hidden rounded-full border border-ink-900/10 ${soldOut ? 'opacity-50' : ''}`}
              style={{ backgroundColor: sibling.colourHex }}
            >
              {soldOut && (
                <span className="absolute left-1/2 top-1/2 h-0.5 w-[140%] -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-white/90" />
              )}
            </span>
          );
          const ring = sibling.current
            ? 'ring-2 ring-brand-600 ring-offset-2'
            : 'ring-1 ring-transparent ring-offset-2 hover:ring-ink-300';
          return (
            <li key={sibling._id}>
              {sibling.current ? (
                <span
                  role="img"
                  aria-label={`${label} (shown)`}
                  title={sibling.colour}
                  className={`block rounded-full ${ring}`}
                >
                  {swatch}
                </span>
              ) : (
                <Link
                  to={productPath(sibling.slug)}
                  aria-label={label}
                  title={sibling.colour}
                  className={`block rounded-full transition ${ring}`}
                >
                  {swatch}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
