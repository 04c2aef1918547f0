import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Store } from 'lucide-react';
import {
  INDIAN_STATES,
  PASSWORD_MIN_LENGTH,
  sellerRegisterSchema,
  type SellerRegisterInput,
} from '@bazaar/shared';
import { failureMessage, failureStatus } from '../../api/bazaarApi';
import { useRegisterSellerMutation } from '../../api/sellerApi';
import { Field } from '../../components/ui/Field';
import { PasswordInput, SubmitButton } from '../auth';

type FieldName =
  | 'shopName'
  | 'ownerName'
  | 'email'
  | 'mobile'
  | 'password'
  | 'address'
  | 'city'
  | 'state'
  | 'pincode'
  | 'gstin'
  | 'pan';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: Values = {
  shopName: '',
  ownerName: '',
  email: '',
  mobile: '',
  password: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  gstin: '',
  pan: '',
};

const toBody = (v: Values): SellerRegisterInput => ({
  shopName: v.shopName,
  ownerName: v.ownerName,
  email: v.email,
  mobile: v.mobile,
  password: v.password,
  pickupAddress: { address: v.address, city: v.city, state: v.state, pincode: v.pincode },
  gstin: v.gstin,
  pan: v.pan,
});

const LABELS: Record<FieldName, string> = {
  shopName: 'Shop name',
  ownerName: 'Owner’s name',
  email: 'Email',
  mobile: 'Mobile number',
  password: 'Password',
  address: 'Address',
  city: 'City',
  state: 'State',
  pincode: 'Pincode',
  gstin: 'GSTIN',
  pan: 'PAN',
};

/** Every field's first problem, by the rules the server applies (its schema, shared), as a sentence. */
function fieldErrors(values: Values): Errors {
  const result = sellerRegisterSchema.safeParse(toBody(values));
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path.at(-1)) as FieldName;
    if (!(field in LABELS) || errors[field]) continue;
    const phrase = issue.message.replace(/^this field\s+/i, '');
    errors[field] = /^(is|must)\b/.test(phrase) ? `${LABELS[field]} ${phrase}` : issue.message;
  }
  return errors;
}

/** A shop signs itself up: it lands signed in on the seller center, waiting for the marketplace's approval. */
export default function SellerRegisterPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [register, { isLoading }] = useRegisterSellerMutation();

  const set = (field: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field loses its message at once; others keep theirs until the next submit.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError('');
    const found = fieldErrors(values);
    setErrors(found);
    const first = Object.keys(LABELS).find((field) => found[field as FieldName]);
    if (first) {
      document.getElementById(`seller-register-${first}`)?.focus();
      return;
    }
    try {
      await register(toBody(values)).unwrap();
      navigate('/seller', { replace: true });
    } catch (caught) {
      const message = failureMessage(caught, 'Something went wrong, please try again');
      if (failureStatus(caught) === 409) {
        setErrors({ email: message });
        document.getElementById('seller-register-email')?.focus();
      } else setFormError(message);
    }
  }

  const input = (field: FieldName, label: string, props: InputProps = {}) => (
    <TextField
      field={field}
      label={label}
      value={values[field]}
      onChange={set(field)}
      error={errors[field]}
      {...props}
    />
  );

  return (
    <main className="min-h-screen bg-canvas py-8">
      <div className="container-page max-w-2xl">
        <div className="mb-5 flex items-center gap-3">
          <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Store className="h-6 w-6" aria-hidden="true" />
          </span>
          <div>
            <h1 className="text-xl font-bold text-ink-900 sm:text-2xl">Register your shop</h1>
            <p className="text-sm text-ink-500">
              Sell on Bazaar. We review every new shop before shoppers see its products.
            </p>
          </div>
        </div>
        <form onSubmit={submit} noValidate className="card space-y-6 p-5 sm:p-6">
          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold text-ink-900">Your shop</legend>
            {input('shopName', LABELS.shopName, { autoComplete: 'organization' })}
            {input('ownerName', LABELS.ownerName, { autoComplete: 'name' })}
            {input('email', LABELS.email, { type: 'email', autoComplete: 'email' })}
            {input('mobile', LABELS.mobile, {
              type: 'tel',
              autoComplete: 'tel-national',
              inputMode: 'numeric',
              hint: '10 digits, e.g. 9876543210',
            })}
            <div className="sm:col-span-2">
              <Field
                id="seller-register-password"
                label={LABELS.password}
                hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
                error={errors.password}
              >
                <PasswordInput
                  id="seller-register-password"
                  name="password"
                  value={values.password}
                  onChange={set('password')}
                  autoComplete="new-password"
                  errorId={errors.password ? 'seller-register-password-error' : undefined}
                />
              </Field>
            </div>
          </fieldset>

          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold text-ink-900">Pickup address</legend>
            <div className="sm:col-span-2">
              {input('address', 'Address (building, street, area)', { autoComplete: 'street-address' })}
            </div>
            {input('city', LABELS.city, { autoComplete: 'address-level2' })}
            <Field id="seller-register-state" label={LABELS.state} error={errors.state}>
              <select
                id="seller-register-state"
                name="state"
                className="input"
                value={values.state}
                onChange={(event) => set('state')(event.target.value)}
                aria-invalid={errors.state ? true : undefined}
                aria-describedby={errors.state ? 'seller-register-state-error' : undefined}
                required
              >
                <option value="">Choose a state</option>
                {INDIAN_STATES.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </select>
            </Field>
            {input('pincode', LABELS.pincode, { autoComplete: 'postal-code', inputMode: 'numeric' })}
          </fieldset>

          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-base font-semibold text-ink-900">
              Tax details <span className="font-normal text-ink-500">(optional)</span>
            </legend>
            {input('gstin', LABELS.gstin, { optional: true, hint: '15 characters, e.g. 27ABCDE1234F1Z5' })}
            {input('pan', LABELS.pan, { optional: true, hint: '10 characters, e.g. ABCDE1234F' })}
          </fieldset>

          {formError && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {formError}
            </p>
          )}
          <SubmitButton busy={isLoading}>Register shop</SubmitButton>
          <p className="text-center text-sm text-ink-500">
            Already selling on Bazaar?{' '}
            <Link to="/seller/login" className="font-medium text-brand-600 hover:underline">
              Sign in
            </Link>
          </p>
        </form>
      </div>
    </main>
  );
}

interface InputProps {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  hint?: string;
  optional?: boolean;
}

function TextField({
  field,
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  inputMode,
  hint,
  optional = false,
}: InputProps & {
  field: FieldName;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = `seller-register-${field}`;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={field}
        type={type}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required={!optional}
      />
    </Field>
  );
}
