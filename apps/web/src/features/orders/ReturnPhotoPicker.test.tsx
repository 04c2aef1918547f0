import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReturnPhotoDto } from '@bazaar/shared';
import { fakeApi } from '../../testing/fakeApi';
import { fakeUploads } from '../../testing/fakeUploads';
import { renderWithApp } from '../../testing/renderWithApp';
import { ReturnPhotoPicker } from './ReturnPhotoPicker';

const photo = (id: number): ReturnPhotoDto => ({
  _id: id,
  url: `/api/home/customer/return-photos/${id}/960.webp`,
  thumbnailUrl: `/api/home/customer/return-photos/${id}/320.webp`,
  width: 960,
  height: 1280,
});

/** The picker in a form that keeps its photos, as the return dialog does; `sent()` is what it would send. */
function renderPicker() {
  let latest: ReturnPhotoDto[] = [];
  let uploading = false;
  function Form() {
    const [photos, setPhotos] = useState<ReturnPhotoDto[]>([]);
    const [busy, setBusy] = useState(false);
    latest = photos;
    uploading = busy;
    return <ReturnPhotoPicker photos={photos} onPhotosChange={setPhotos} onUploadingChange={setBusy} />;
  }
  renderWithApp(<Form />);
  return { sent: () => latest.map((kept) => kept._id), uploading: () => uploading };
}

const jpeg = (name: string, bytes = 4) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
const previews = () =>
  within(screen.getByRole('list', { name: 'Photos to send' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'));

describe('ReturnPhotoPicker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads chosen photos, previews them and removes one before sending', async () => {
    const user = userEvent.setup();
    let nextId = 30;
    const sent = fakeUploads(() => ({ status: 201, body: { photo: photo((nextId += 1)) } }));
    const calls = fakeApi({ 'DELETE /home/customer/return-photos/31': () => ({ message: 'Photo removed' }) });
    const form = renderPicker();

    // The file input is reached from the keyboard by its label.
    await user.tab();
    const input = screen.getByLabelText('Add photos');
    expect(input).toHaveFocus();
    await user.upload(input, [jpeg('torn-seam.jpg'), jpeg('label.jpg')]);
    await waitFor(() => expect(previews()).toEqual([photo(31).thumbnailUrl, photo(32).thumbnailUrl]));
    expect(sent).toEqual(['POST /api/home/customer/return-photos', 'POST /api/home/customer/return-photos']);
    expect(form.sent()).toEqual([31, 32]);
    expect(form.uploading()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(previews()).toEqual([photo(32).thumbnailUrl]);
    expect(form.sent()).toEqual([32]);
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'DELETE', path: '/home/customer/return-photos/31', body: undefined }]),
    );
    expect(screen.getByLabelText('Add another photo')).toHaveFocus();
  });

  it('says why a file is not added: too large, not a photo, one too many, or refused by the shop', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let nextId = 40;
    const sent = fakeUploads((file) =>
      file.name === 'fake.jpg'
        ? {
            status: 415,
            body: {
              error: 'This file is not a JPEG, PNG, WebP or AVIF photo.',
              code: 'UNSUPPORTED_MEDIA_TYPE',
            },
          }
        : { status: 201, body: { photo: photo((nextId += 1)) } },
    );
    const form = renderPicker();

    await user.upload(screen.getByLabelText('Add photos'), [
      jpeg('huge.jpg', 11 * 1024 * 1024),
      new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }),
      new File(['heic'], 'IMG_0001.HEIC', { type: 'image/heic' }),
      jpeg('fake.jpg'),
      jpeg('one.jpg'),
      jpeg('two.jpg'),
      jpeg('three.jpg'),
    ]);
    const refused = within(screen.getByRole('list', { name: 'Photos not added' }));
    expect(refused.getByText(/huge\.jpg is larger than 10 MB \(11\.0 MB\)/)).toBeInTheDocument();
    expect(refused.getByText(/receipt\.pdf is not a JPEG, PNG, WebP or AVIF photo/)).toBeInTheDocument();
    expect(refused.getByText(/IMG_0001\.HEIC is not a JPEG, PNG, WebP or AVIF photo/)).toBeInTheDocument();
    expect(
      refused.getByText(/three\.jpg was not added: a return may have at most 3 photos/),
    ).toBeInTheDocument();
    expect(
      await refused.findByText('fake.jpg: This file is not a JPEG, PNG, WebP or AVIF photo.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(form.sent()).toEqual([41, 42]));
    // Only the three that fit and looked like photos left the browser.
    expect(sent).toHaveLength(3);
    expect(refused.getAllByRole('alert')).toHaveLength(5);
  });
});
