import { STORE_INFO } from '../../components/layout/storeInfo';

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactForm, string>>;

export const EMPTY_CONTACT_FORM: ContactForm = { name: '', email: '', subject: '', message: '' };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const REQUIRED_MESSAGES: Record<keyof ContactForm, string> = {
  name: 'Please enter your name',
  email: 'Please enter your email',
  subject: 'Please enter a subject',
  message: 'Please write your message',
};

/** Every field is required and the email must look like an address; returns one message per bad field. */
export function validateContactForm(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of Object.keys(REQUIRED_MESSAGES) as (keyof ContactForm)[]) {
    if (!form[field].trim()) errors[field] = REQUIRED_MESSAGES[field];
  }
  if (!errors.email && !EMAIL_PATTERN.test(form.email.trim())) errors.email = 'Please enter a valid email';
  return errors;
}

/**
 * The contact form has no server endpoint (spec), so SEND hands the message to the shopper's own email app,
 * addressed to support and prefilled from the form.
 */
export function contactMailto(form: ContactForm, to: string = STORE_INFO.email): string {
  const body = `${form.message.trim()}\n\n— ${form.name.trim()} (${form.email.trim()})`;
  const params = [`subject=${encodeURIComponent(form.subject.trim())}`, `body=${encodeURIComponent(body)}`];
  return `mailto:${to}?${params.join('&')}`;
}
