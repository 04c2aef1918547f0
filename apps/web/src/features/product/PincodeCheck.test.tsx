import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from '../../app/store';
import { deliverableTo } from '../../testing/catalogue';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import { PINCODE_STORAGE_KEY, PincodeCheck } from './PincodeCheck';

const estimateUrl = (pincode: string) => `GET /home/delivery-estimate?productId=7&pincode=${pincode}`;

const result = () => screen.getByRole('status', { name: 'Delivery estimate' });
const pincodeBox = () => screen.getByRole('textbox', { name: 'Pincode' });

afterEach(() => localStorage.clear());

describe('product page pincode check', () => {
  it('checks a pincode, shows the standard and express dates and remembers the pincode', async () => {
    const calls = fakeApi({ [estimateUrl('560001')]: () => deliverableTo('560001') });
    renderWithApp(<PincodeCheck productId={7} />);
    expect(pincodeBox()).toHaveValue('');
    expect(calls).toHaveLength(0);

    const user = userEvent.setup();
    await user.type(pincodeBox(), '560001');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    await waitFor(() => expect(result()).toHaveTextContent('Delivery by Thu, 3 Dec'));
    expect(result()).toHaveTextContent('Express by Mon, 30 Nov');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([estimateUrl('560001')]);
    expect(localStorage.getItem(PINCODE_STORAGE_KEY)).toBe('560001');
  });

  it('says when the seller does not deliver there', async () => {
    fakeApi({
      [estimateUrl('900001')]: () => ({
        ...deliverableTo('900001'),
        deliverable: false,
        region: 'Army Postal Service',
        standard: null,
        express: null,
        message: 'Not deliverable to this pincode',
      }),
    });
    renderWithApp(<PincodeCheck productId={7} />);
    const user = userEvent.setup();
    await user.type(pincodeBox(), '900001{Enter}');
    await waitFor(() => expect(result()).toHaveTextContent('Not deliverable to this pincode'));
    expect(result()).not.toHaveTextContent('Delivery by');
  });

  it('takes digits only and refuses anything but six of them, first not 0, without asking the server', async () => {
    const calls = fakeApi({});
    renderWithApp(<PincodeCheck productId={7} />);
    const user = userEvent.setup();
    await user.type(pincodeBox(), '56a0-01');
    expect(pincodeBox()).toHaveValue('56001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(result()).toHaveTextContent('Please enter a valid 6-digit pincode');
    expect(pincodeBox()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(pincodeBox());
    await user.type(pincodeBox(), '0560011');
    expect(pincodeBox()).toHaveValue('056001');
    expect(pincodeBox()).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(result()).toHaveTextContent('Please enter a valid 6-digit pincode');
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem(PINCODE_STORAGE_KEY)).toBeNull();
  });

  it('checks the remembered pincode on the next product page by itself', async () => {
    localStorage.setItem(PINCODE_STORAGE_KEY, '560001');
    fakeApi({ [estimateUrl('560001')]: () => deliverableTo('560001') });
    renderWithApp(<PincodeCheck productId={7} />);
    expect(pincodeBox()).toHaveValue('560001');
    await waitFor(() => expect(result()).toHaveTextContent('Delivery by Thu, 3 Dec'));
  });

  it('is adopted as the server rendered it, without a visitor, then checks the remembered pincode', async () => {
    fakeApi({ [estimateUrl('560001')]: () => deliverableTo('560001') });
    const check = () => (
      <Provider store={createStore()}>
        <PincodeCheck productId={7} />
      </Provider>
    );
    // The server's render knows no visitor; this browser has checked a pincode before.
    const container = document.createElement('div');
    container.innerHTML = renderToString(check());
    document.body.append(container);
    localStorage.setItem(PINCODE_STORAGE_KEY, '560001');

    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, check(), { onRecoverableError: (error) => mismatches.push(error) }),
    );
    onTestFinished(() => {
      act(() => root.unmount());
      container.remove();
    });
    await waitFor(() => expect(result()).toHaveTextContent('Delivery by Thu, 3 Dec'));
    expect(pincodeBox()).toHaveValue('560001');
    expect(mismatches).toEqual([]);
  });

  it("shows the server's words when the check fails", async () => {
    fakeApi({
      [estimateUrl('560001')]: () => ({
        status: 404,
        body: { error: 'Product not found', code: 'NOT_FOUND' },
      }),
    });
    renderWithApp(<PincodeCheck productId={7} />);
    const user = userEvent.setup();
    await user.type(pincodeBox(), '560001{Enter}');
    await waitFor(() => expect(result()).toHaveTextContent('Product not found'));
  });
});
