/** The four consumer policies: their routes and link labels (the text lives in policies.ts, loaded with the page). */
export const POLICY_LINKS = [
  { key: 'privacy-policy', path: '/privacy-policy', label: 'Privacy Policy' },
  { key: 'terms-condition', path: '/terms-condition', label: 'Terms & Conditions' },
  { key: 'return-refund', path: '/return-refund', label: 'Return & Refund' },
  { key: 'shipping-policy', path: '/shipping-policy', label: 'Shipping Policy' },
] as const;

export type PolicyKey = (typeof POLICY_LINKS)[number]['key'];
