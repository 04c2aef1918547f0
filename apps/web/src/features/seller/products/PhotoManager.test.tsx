import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductPhoto } from '@bazaar/shared';
import { fakeApi, type ApiCall } from '../../../testing/fakeApi';
import { fakeUploads } from '../../../testing/fakeUploads';
import { renderWithApp } from '../../../testing/renderWithApp';
import { PhotoManager } from './PhotoManager';

const photo = (id: number): ProductPhoto => ({ _id: id, url: `/media/u/a${id}-960x1280/960.webp` });

/** The server's photos of product 7, answering list, reorder and delete as the API does. */
function fakePhotos(initial: number[]) {
  let ids = [...initial];
  const answer = () => ({ images: ids.map(photo) });
  const calls: ApiCall[] = fakeApi({
    'GET /seller/products/7/images': answer,
    'PUT /seller/products/7/images': (call) => {
      ids = (call.body as { order: number[] }).order;
      return answer();
    },
    'DELETE /seller/products/7/images/12': () => {
      ids = ids.filter((id) => id !== 12);
      return answer();
    },
  });
  return { calls, changes: () => calls.filter((call) => call.method !== 'GET') };
}

const shownOrder = () =>
  within(screen.getByRole('list', { name: 'Photos in order' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('img')!.getAttribute('src'));

describe('PhotoManager', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reorders from the keyboard: move buttons and "Set as cover" send the new order', async () => {
    const user = userEvent.setup();
    const api = fakePhotos([11, 12, 13]);
    renderWithApp(<PhotoManager productId={7} />);
    await screen.findByRole('list', { name: 'Photos in order' });
    expect(screen.getByRole('button', { name: 'Move cover photo earlier' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move photo 2 later' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shownOrder()).toEqual([11, 13, 12].map((id) => photo(id).url)));
    expect(api.changes()).toEqual([
      { method: 'PUT', path: '/seller/products/7/images', body: { order: [11, 13, 12] } },
    ]);
    expect(await screen.findByText('Photo moved to position 3 of 3')).toBeInTheDocument();

    screen.getByRole('button', { name: 'Set photo 3 as cover' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(shownOrder()).toEqual([12, 11, 13].map((id) => photo(id).url)));
    expect(api.changes().at(-1)!.body).toEqual({ order: [12, 11, 13] });
    expect(screen.getByText('Cover').closest('li')).toHaveAccessibleName('Cover photo');
  });

  it('deletes only after the seller confirms', async () => {
    const user = userEvent.setup();
    const api = fakePhotos([11, 12]);
    renderWithApp(<PhotoManager productId={7} />);
    await screen.findByRole('list', { name: 'Photos in order' });

    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.changes()).toEqual([]);
    expect(shownOrder()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this photo?' })).getByRole('button', {
        name: 'Delete photo',
      }),
    );
    await waitFor(() => expect(shownOrder()).toEqual([photo(11).url]));
    expect(api.changes()).toEqual([
      { method: 'DELETE', path: '/seller/products/7/images/12', body: undefined },
    ]);
  });

  it('uploads several files with progress each, and shows the server’s reason for a refused one', async () => {
    const user = userEvent.setup();
    fakePhotos([]);
    const sent = fakeUploads((file) =>
      file.name.endsWith('.gif')
        ? {
            status: 415,
            body: {
              error: 'This file is not a JPEG, PNG, WebP or AVIF photo.',
              code: 'UNSUPPORTED_MEDIA_TYPE',
            },
          }
        : { status: 201, body: { image: photo(21) } },
    );
    renderWithApp(<PhotoManager productId={7} />);
    await screen.findByText(/No photos yet/);

    const huge = new File([new Uint8Array(11 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Choose photos'), [
      new File(['jpeg'], 'kurta.jpg', { type: 'image/jpeg' }),
      new File(['gif'], 'animated.gif', { type: 'image/jpeg' }),
      huge,
    ]);
    expect(await screen.findByText('This file is not a JPEG, PNG, WebP or AVIF photo.')).toBeInTheDocument();
    expect(screen.getByText(/Larger than 10 MB \(11\.0 MB\)/)).toBeInTheDocument();
    // The oversized file never left the browser; the other two went one after the other.
    expect(sent).toEqual(['POST /api/seller/products/7/images', 'POST /api/seller/products/7/images']);
    await waitFor(() => expect(screen.queryByText('kurta.jpg')).toBeNull());
  });
});
