import { useState, type ChangeEvent, type FormEvent } from 'react';
import { CheckCircle2, Clock, Mail, MapPin, Phone, Send, type LucideIcon } from 'lucide-react';
import { ContactIllustration } from './Illustrations';
import {
  contactMailto,
  EMPTY_CONTACT_FORM,
  validateContactForm,
  type ContactErrors,
  type ContactForm,
} from './contactForm';
import { STORE_ADDRESS, STORE_INFO } from '../../components/layout/storeInfo';

const INFO_CARDS: readonly { icon: LucideIcon; title: string; text: string; href?: string }[] = [
  { icon: MapPin, title: 'Address', text: STORE_ADDRESS },
  { icon: Phone, title: 'Phone', text: STORE_INFO.phone, href: STORE_INFO.phoneHref },
  { icon: Mail, title: 'Mail', text: STORE_INFO.email, href: `mailto:${STORE_INFO.email}` },
];

const FIELDS: readonly {
  name: keyof ContactForm;
  label: string;
  type: string;
  autoComplete?: string;
  multiline?: boolean;
}[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject', type: 'text' },
  { name: 'message', label: 'Message', type: 'text', multiline: true },
];

const PANEL_ROWS: readonly { icon: LucideIcon; label: string; value: string; href?: string }[] = [
  { icon: Phone, label: 'Phone', value: STORE_INFO.phone, href: STORE_INFO.phoneHref },
  { icon: Mail, label: 'Mail', value: STORE_INFO.email, href: `mailto:${STORE_INFO.email}` },
  { icon: MapPin, label: 'City', value: STORE_INFO.city },
  { icon: Clock, label: 'Hours', value: STORE_INFO.hours },
];

export default function ContactPage() {
  const [form, setForm] = useState<ContactForm>(EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sentBy, setSentBy] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as keyof ContactForm;
    setForm((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContactForm(form);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field.name]);
    if (firstInvalid) {
      document.getElementById(`contact-${firstInvalid.name}`)?.focus();
      return;
    }
    // There is no contact endpoint: the message goes out from the shopper's own email app. Nothing has been sent
    // yet (the app may not even open), so the text stays in the form.
    window.location.assign(contactMailto(form));
    setSentBy(form.name.trim());
  };

  return (
    <>
      <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-brand-500 text-white">
        <div className="container-page flex flex-col items-center gap-6 py-10 text-center lg:flex-row lg:py-14 lg:text-left">
          <div className="flex-1">
            <p className="text-xs font-semibold tracking-[0.2em] text-white/80 uppercase">Contact us</p>
            <h1 className="mt-2 text-3xl font-bold lg:text-5xl">We’d love to hear from you</h1>
            <p className="mt-3 max-w-xl text-white/85">
              Questions about an order, a size or a return? Our team in {STORE_INFO.cityName} helps around the
              clock, in multiple languages.
            </p>
          </div>
          <ContactIllustration className="w-64 max-w-full lg:w-80" />
        </div>
      </section>

      <div className="container-page relative -mt-6">
        <ul className="grid gap-4 sm:grid-cols-3">
          {INFO_CARDS.map(({ icon: Icon, title, text, href }) => (
            <li key={title} className="card flex items-start gap-4 p-5">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block font-display font-semibold text-ink-900">{title}</span>
                {href ? (
                  <a href={href} className="mt-1 block text-sm break-words text-ink-500 hover:text-brand-600">
                    {text}
                  </a>
                ) : (
                  <span className="mt-1 block text-sm text-ink-500">{text}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div className="container-page grid gap-8 py-10 lg:grid-cols-[1fr_22rem] lg:py-14">
        <section aria-labelledby="contact-form-title" className="card p-5 sm:p-8">
          <h2 id="contact-form-title" className="text-2xl font-bold text-ink-900">
            Send us a message
          </h2>
          <p className="mt-1 text-sm text-ink-500">
            SEND opens your email app with the message addressed to {STORE_INFO.email}, ready for you to send.
          </p>

          {sentBy !== null && (
            <div
              role="status"
              className="mt-5 flex items-start gap-3 rounded-lg border border-success/30 bg-success/10 p-4 text-sm text-ink-900"
            >
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
              <p>
                Thanks, {sentBy}! Your email app should now have your message ready to send to{' '}
                {STORE_INFO.email}: it is sent once you send it there, so your text stays here. If the app did
                not open, write to us at{' '}
                <a className="font-semibold text-brand-700 underline" href={`mailto:${STORE_INFO.email}`}>
                  {STORE_INFO.email}
                </a>
                .
              </p>
            </div>
          )}

          <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-5 sm:grid-cols-2">
            {FIELDS.map((field) => {
              const id = `contact-${field.name}`;
              const error = errors[field.name];
              const shared = {
                id,
                name: field.name,
                value: form[field.name],
                onChange,
                required: true,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? `${id}-error` : undefined,
                className: `input ${error ? 'border-danger focus:border-danger focus:ring-brand-100' : ''}`,
              };
              return (
                <div
                  key={field.name}
                  className={field.multiline || field.name === 'subject' ? 'sm:col-span-2' : ''}
                >
                  <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink-700">
                    {field.label}
                  </label>
                  {field.multiline ? (
                    <textarea rows={5} {...shared} />
                  ) : (
                    <input type={field.type} autoComplete={field.autoComplete} {...shared} />
                  )}
                  {error && (
                    <p id={`${id}-error`} className="mt-1 text-xs font-medium text-danger">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary w-full sm:w-auto sm:px-10">
                <Send className="h-4 w-4" aria-hidden="true" /> SEND
              </button>
            </div>
          </form>
        </section>

        <aside
          aria-labelledby="contact-panel-title"
          className="rounded-card bg-ink-900 p-6 text-white lg:self-start"
        >
          <h2 id="contact-panel-title" className="text-xl font-semibold">
            Reach us directly
          </h2>
          <dl className="mt-5 space-y-5">
            {PANEL_ROWS.map(({ icon: Icon, label, value, href }) => (
              <div key={label} className="flex gap-3">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-400" aria-hidden="true" />
                <div className="min-w-0">
                  <dt className="text-xs tracking-wide text-white/60 uppercase">{label}</dt>
                  <dd className="mt-0.5 text-sm break-words">
                    {href ? (
                      <a href={href} className="hover:text-brand-300">
                        {value}
                      </a>
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              </div>
            ))}
          </dl>
        </aside>
      </div>
    </>
  );
}
