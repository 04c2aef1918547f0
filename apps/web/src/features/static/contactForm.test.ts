import { describe, expect, it } from 'vitest';
import { contactMailto, validateContactForm, type ContactForm } from './contactForm';

const filled: ContactForm = {
  name: 'Ananya Reddy',
  email: 'ananya@example.in',
  subject: 'Size exchange',
  message: 'Can I exchange an M kurta for an L?',
};

describe('contact form', () => {
  it('accepts a complete form', () => {
    expect(validateContactForm(filled)).toEqual({});
  });

  it('requires every field, treating whitespace as empty', () => {
    const errors = validateContactForm({ name: ' ', email: '', subject: '', message: '\n' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('rejects a malformed email', () => {
    expect(validateContactForm({ ...filled, email: 'ananya@example' }).email).toBe(
      'Please enter a valid email',
    );
    expect(validateContactForm({ ...filled, email: 'ananya example.in' }).email).toBe(
      'Please enter a valid email',
    );
  });

  it('builds a mailto link to support with the subject and message encoded', () => {
    const href = contactMailto({ ...filled, subject: 'Size & fit?' }, 'support@bazaar.in');
    expect(href.startsWith('mailto:support@bazaar.in?subject=Size%20%26%20fit%3F&body=')).toBe(true);
    const body = decodeURIComponent(href.split('body=')[1]!);
    expect(body).toBe('Can I exchange an M kurta for an L?\n\n— Ananya Reddy (ananya@example.in)');
  });
});
