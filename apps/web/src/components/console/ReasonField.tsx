import { useId } from 'react';

/**
 * The reason a confirmation dialog asks for before a refusal (a payment, a seller): required unless said otherwise,
 * 500 characters.
 */
export function ReasonField({
  label,
  value,
  onChange,
  required = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="mt-3 block font-medium">
        {label}
      </label>
      <textarea
        id={id}
        className="input mt-1.5 min-h-20"
        value={value}
        maxLength={500}
        required={required}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}
