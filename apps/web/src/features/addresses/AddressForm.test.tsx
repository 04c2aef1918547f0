import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import type { Address, AddressFormValues } from '@bazaar/shared';
import { fakeApi } from '../../testing/fakeApi';
import { renderWithApp } from '../../testing/renderWithApp';
import { AddressForm } from './AddressForm';
import AddressBookPage from './AddressBookPage';

function renderForm(onSubmit = vi.fn(async (_values: AddressFormValues) => true)) {
  render(
    <>
      <AddressForm submitLabel="Save Address" onSubmit={onSubmit} />
      <Toaster />
    </>,
  );
  return { onSubmit, user: userEvent.setup() };
}

async function fillRequired(user: UserEvent, phone = '9876543210') {
  await user.type(screen.getByLabelText('Name *'), 'Asha Rao');
  await user.type(screen.getByLabelText('Phone number *'), phone);
  await user.type(screen.getByLabelText('Pincode *'), '560001');
  await user.type(screen.getByLabelText('City / District / Town *'), 'Bengaluru');
  await user.type(screen.getByLabelText('Address (house no, building, street) *'), '12 MG Road');
  await user.selectOptions(screen.getByLabelText('State *'), 'Karnataka');
}

const savedAddress: Address = {
  _id: 4,
  name: 'Asha Rao',
  address: '12 MG Road',
  phonenumber: '9876543210',
  alternatephonenumber: null,
  pincode: '560001',
  state: 'Karnataka',
  cityDistTown: 'Bengaluru',
  landmark: null,
  locality: 'Indiranagar',
  defaultAddress: true,
};

describe('address form', () => {
  it('says Please fill all required fields and sends nothing while one is empty', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.clear(screen.getByLabelText('Pincode *'));
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Please fill all required fields')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says Please enter a valid phone number for a number that is not a 10-digit mobile', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user, '12345');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a complete address, then clears itself', async () => {
    const { onSubmit, user } = renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: 'Make this my default address' }));
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Asha Rao',
      phonenumber: '9876543210',
      alternatephonenumber: '',
      pincode: '560001',
      state: 'Karnataka',
      cityDistTown: 'Bengaluru',
      address: '12 MG Road',
      landmark: '',
      locality: '',
      defaultAddress: true,
    });
    expect(screen.getByLabelText('Name *')).toHaveValue('');
    expect(screen.queryByText('Please fill all required fields')).not.toBeInTheDocument();
  });

  it('keeps what was typed when saving fails', async () => {
    const { user } = renderForm(vi.fn(async () => false));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(screen.getByLabelText('Name *')).toHaveValue('Asha Rao');
  });

  it('edits a saved address in place: filled in, Update Address, the list hidden meanwhile', async () => {
    let addresses = [savedAddress];
    const calls = fakeApi({
      'GET /home/customer/get_all_address': () => ({ address: addresses }),
      'POST /home/customer/add_address': ({ body }) => {
        addresses = [{ ...savedAddress, ...(body as Partial<Address>), _id: savedAddress._id }];
        return { address: addresses[0], message: 'Address updated successfully' };
      },
    });
    renderWithApp(<AddressBookPage />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit address of Asha Rao' }));
    const form = within(screen.getByRole('form', { name: 'Address form' }));
    expect(form.getByLabelText('Name *')).toHaveValue('Asha Rao');
    expect(form.getByLabelText('Locality (optional)')).toHaveValue('Indiranagar');
    expect(form.getByLabelText('State *')).toHaveValue('Karnataka');
    expect(screen.queryByRole('listitem', { name: 'Address of Asha Rao' })).not.toBeInTheDocument();

    await user.clear(form.getByLabelText('City / District / Town *'));
    await user.type(form.getByLabelText('City / District / Town *'), 'Mysuru');
    await user.click(form.getByRole('button', { name: 'Update Address' }));

    const card = await screen.findByRole('listitem', { name: 'Address of Asha Rao' });
    expect(card).toHaveTextContent('Mysuru');
    expect(screen.queryByRole('form', { name: 'Address form' })).not.toBeInTheDocument();
    const saved = calls.find((call) => call.method === 'POST');
    expect(saved?.body).toMatchObject({ addressId: savedAddress._id, cityDistTown: 'Mysuru' });
  });
});
