import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { addressFormError, emptyAddressForm, INDIAN_STATES, type AddressFormValues } from '@bazaar/shared';

interface FieldProps {
  name: keyof Omit<AddressFormValues, 'defaultAddress'>;
  label: string;
  required?: boolean;
  placeholder?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  maxLength?: number;
  autoComplete?: string;
  className?: string;
}

const FIELDS: FieldProps[] = [
  { name: 'name', label: 'Name', required: true, placeholder: 'Full Name', autoComplete: 'name' },
  {
    name: 'phonenumber',
    label: 'Phone number',
    required: true,
    placeholder: '10-digit mobile number',
    inputMode: 'tel',
    maxLength: 10,
    autoComplete: 'tel-national',
  },
  {
    name: 'alternatephonenumber',
    label: 'Alternate phone (optional)',
    placeholder: '10-digit number',
    inputMode: 'tel',
    maxLength: 10,
  },
  {
    name: 'pincode',
    label: 'Pincode',
    required: true,
    placeholder: '6-digit pincode',
    inputMode: 'numeric',
    maxLength: 6,
    autoComplete: 'postal-code',
  },
  {
    name: 'cityDistTown',
    label: 'City / District / Town',
    required: true,
    placeholder: 'City',
    autoComplete: 'address-level2',
  },
  {
    name: 'address',
    label: 'Address (house no, building, street)',
    required: true,
    placeholder: 'Address',
    autoComplete: 'street-address',
    className: 'sm:col-span-2',
  },
  { name: 'locality', label: 'Locality (optional)', placeholder: 'Locality / area' },
  { name: 'landmark', label: 'Landmark (optional)', placeholder: 'Near…' },
];

/**
 * The one address form, used by the address book and the shipping page. It checks the spec's rules before
 * sending (toasts 'Please fill all required fields' / 'Please enter a valid phone number'); `onSubmit` resolves
 * true when saved, and the form then clears itself.
 */
export function AddressForm({
  initial = emptyAddressForm,
  submitLabel,
  onSubmit,
  onCancel,
  busy = false,
}: {
  initial?: AddressFormValues;
  submitLabel: string;
  onSubmit: (values: AddressFormValues) => Promise<boolean>;
  onCancel?: () => void;
  busy?: boolean;
}) {
  const [values, setValues] = useState<AddressFormValues>(initial);
  const idPrefix = useId();

  const change = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name, value, type } = event.target;
    const checked = (event.target as HTMLInputElement).checked;
    setValues((current) => ({ ...current, [name]: type === 'checkbox' ? checked : value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = addressFormError(values);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (await onSubmit(values)) setValues(emptyAddressForm);
  };

  const fieldId = (name: string) => `${idPrefix}-${name}`;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      aria-label="Address form"
    >
      {FIELDS.map((field) => (
        <div key={field.name} className={field.className}>
          <label htmlFor={fieldId(field.name)} className="mb-1 block text-xs font-semibold text-ink-700">
            {field.label}
            {field.required && <span className="text-brand-600"> *</span>}
          </label>
          <input
            id={fieldId(field.name)}
            name={field.name}
            className="input"
            value={values[field.name]}
            onChange={change}
            placeholder={field.placeholder}
            inputMode={field.inputMode}
            maxLength={field.maxLength}
            autoComplete={field.autoComplete}
            aria-required={field.required}
          />
        </div>
      ))}
      <div>
        <label htmlFor={fieldId('state')} className="mb-1 block text-xs font-semibold text-ink-700">
          State<span className="text-brand-600"> *</span>
        </label>
        <select
          id={fieldId('state')}
          name="state"
          className="input"
          value={values.state}
          onChange={change}
          aria-required
        >
          <option value="">Select state</option>
          {INDIAN_STATES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 self-end pb-2 text-sm text-ink-700 sm:col-span-2">
        <input
          type="checkbox"
          name="defaultAddress"
          checked={values.defaultAddress}
          onChange={change}
          className="h-4 w-4 accent-brand-600"
        />
        Make this my default address
      </label>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className="btn-primary min-w-40" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              setValues(emptyAddressForm);
              onCancel();
            }}
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** An address as one readable line: "12 MG Road, Indiranagar, Near Metro, Bengaluru, Karnataka - 560001". */
export function addressLine(address: {
  address: string;
  locality: string | null;
  landmark: string | null;
  cityDistTown: string;
  state: string;
  pincode: string;
}): string {
  return [
    address.address,
    address.locality,
    address.landmark,
    address.cityDistTown,
    `${address.state} - ${address.pincode}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Form values from a saved address, for editing. */
export function formValuesOf(address: {
  name: string;
  phonenumber: string;
  alternatephonenumber: string | null;
  pincode: string;
  state: string;
  cityDistTown: string;
  address: string;
  landmark: string | null;
  locality: string | null;
  defaultAddress: boolean;
}): AddressFormValues {
  return {
    name: address.name,
    phonenumber: address.phonenumber,
    alternatephonenumber: address.alternatephonenumber ?? '',
    pincode: address.pincode,
    state: address.state,
    cityDistTown: address.cityDistTown,
    address: address.address,
    landmark: address.landmark ?? '',
    locality: address.locality ?? '',
    defaultAddress: address.defaultAddress,
  };
}
