import { useState } from 'react';
import { MapPin, Pencil, Phone, Trash2, X } from 'lucide-react';
import type { Address, AddressFormValues } from '@bazaar/shared';
import { Badge } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/forms/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { useDeleteAddressMutation, useMarkDefaultAddressMutation } from '../../api/accountApi';
import { AddressForm, addressLine, formValuesOf } from './AddressForm';
import { useAddressList, useSaveAddress } from './useAddresses';
import { useDashboardMessages } from '../dashboard';

function AddressCard({ address, onEdit }: { address: Address; onEdit: (address: Address) => void }) {
  const [deleteAddress] = useDeleteAddressMutation();
  const [markDefaultAddress] = useMarkDefaultAddressMutation();
  // One click on the bin asks first: a deleted address cannot be brought back.
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  return (
    <li className="card flex flex-col gap-3 p-4" aria-label={`Address of ${address.name}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
            {address.name}
            {address.defaultAddress && <Badge tone="success">Default</Badge>}
          </p>
          <p className="mt-1 text-sm text-ink-700">{addressLine(address)}</p>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-500">
            <Phone className="h-3.5 w-3.5" aria-hidden="true" />
            {address.phonenumber}
            {address.alternatephonenumber && `, ${address.alternatephonenumber}`}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <button
            type="button"
            className="rounded-full p-2 text-ink-500 transition hover:bg-canvas hover:text-brand-600"
            aria-label={`Edit address of ${address.name}`}
            onClick={() => onEdit(address)}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="rounded-full p-2 text-ink-500 transition hover:bg-canvas hover:text-danger"
            aria-label={`Delete address of ${address.name}`}
            onClick={() => setConfirmingDelete(true)}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
          {confirmingDelete && (
            <ConfirmDialog
              title="Delete this address?"
              confirmLabel="Delete address"
              onCancel={() => setConfirmingDelete(false)}
              onConfirm={() => {
                setConfirmingDelete(false);
                void deleteAddress(address._id);
              }}
            >
              <p className="font-semibold text-ink-900">{address.name}</p>
              <p>{addressLine(address)}</p>
            </ConfirmDialog>
          )}
        </div>
      </div>
      <label className="flex w-fit items-center gap-2 text-sm text-ink-700">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={address.defaultAddress}
          onChange={(event) =>
            void markDefaultAddress({ addressId: address._id, value: event.target.checked })
          }
        />
        Default address
      </label>
    </li>
  );
}

/** Spec §2 Address book: 'Manage Addresses', the add/edit form behind a toggle, and the saved cards. */
export default function AddressBookPage() {
  useDashboardMessages();
  const { allAddress, addressesLoaded } = useAddressList();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Address | null>(null);
  const { save, saving } = useSaveAddress();

  const closeForm = () => {
    setFormOpen(false);
    setEditing(null);
  };
  const startEdit = (address: Address) => {
    setEditing(address);
    setFormOpen(true);
  };
  const submit = async (values: AddressFormValues) => {
    const saved = await save(values, editing?._id);
    if (saved) closeForm();
    return saved !== null;
  };

  return (
    <section className="card p-4 lg:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-ink-900 lg:text-2xl">Manage Addresses</h1>
        <button
          type="button"
          className={formOpen ? 'btn-outline' : 'btn-primary'}
          aria-expanded={formOpen}
          onClick={() => (formOpen ? closeForm() : setFormOpen(true))}
        >
          {formOpen && <X className="h-4 w-4" aria-hidden="true" />}
          {formOpen ? 'Cancel' : '+ Add New Address'}
        </button>
      </div>

      {formOpen && (
        <div className="mt-5 rounded-card border border-line bg-canvas p-4">
          <h2 className="mb-4 text-base font-semibold text-ink-900">
            {editing ? 'Edit address' : 'Add a new address'}
          </h2>
          <AddressForm
            key={editing?._id ?? 'new'}
            initial={editing ? formValuesOf(editing) : undefined}
            submitLabel={editing ? 'Update Address' : 'Save Address'}
            onSubmit={submit}
            busy={saving}
          />
        </div>
      )}

      {/* Spec §4: in edit mode the saved list is hidden. */}
      {!editing && (
        <div className="mt-5">
          {!addressesLoaded ? (
            <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
              <Skeleton className="h-32 w-full" />
              <Skeleton className="h-32 w-full" />
            </div>
          ) : allAddress.length === 0 ? (
            !formOpen && (
              <EmptyState
                icon={MapPin}
                title="No saved addresses"
                description="Add an address to check out faster."
              />
            )
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {allAddress.map((address) => (
                <AddressCard key={address._id} address={address} onEdit={startEdit} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
