import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { colourHex, type SiblingDto } from '@bazaar/shared';
import { ColourSwatches } from './ColourSwatches';

const sibling = (_id: number, colour: string, current: boolean, stock: number): SiblingDto => ({
  _id,
  slug: `kurta-${colour.toLowerCase().replace(/\s+/g, '-')}`,
  colour,
  colourHex: colourHex(colour),
  image: '',
  current,
  stock,
});

const renderSwatches = (siblings: SiblingDto[]) =>
  render(
    <MemoryRouter>
      <ColourSwatches siblings={siblings} />
    </MemoryRouter>,
  );

describe('colour swatches', () => {
  it('link each other colour to its own page, mark the shown one and cross a sold-out one', () => {
    renderSwatches([
      sibling(1, 'Navy Blue', true, 5),
      sibling(2, 'Maroon', false, 3),
      sibling(3, 'Mustard', false, 0),
    ]);
    expect(screen.getByText('Navy Blue')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Navy Blue (shown)' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Navy Blue/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maroon' })).toHaveAttribute(
      'href',
      '/product/details/kurta-maroon',
    );
    expect(screen.getByRole('link', { name: 'Mustard, sold out' })).toHaveAttribute(
      'href',
      '/product/details/kurta-mustard',
    );
  });

  it('show nothing for a product in one colour', () => {
    renderSwatches([sibling(1, 'Navy Blue', true, 5)]);
    expect(screen.queryByRole('list', { name: 'Colours' })).not.toBeInTheDocument();
  });
});
