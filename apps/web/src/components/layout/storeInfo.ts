/** How shoppers reach the company (Hyderabad, India); shown in the footer, on Contact and in the policies. */
export const STORE_INFO = {
  name: 'Bazaar',
  legalName: 'Bazaar Retail Private Limited',
  phone: '+91 40 4852 7700',
  phoneHref: 'tel:+914048527700',
  email: 'support@bazaar.in',
  addressLines: ['4th Floor, Sattva Knowledge Park', 'HITEC City, Madhapur', 'Hyderabad, Telangana 500081'],
  cityName: 'Hyderabad',
  city: 'Hyderabad, India',
  hours: 'Support around the clock, every day of the year',
} as const;

export const STORE_ADDRESS = STORE_INFO.addressLines.join(', ');
