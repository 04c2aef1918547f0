/** Spec §2 custom headings for the home sections, keyed by group name; any other group shows its own name. */
export const SUBCATEGORY_HEADINGS: Readonly<Record<string, string>> = {
  Mens: "Hottest Mens Fashion Trends You Can't Miss",
  Women: 'Must-Have Women Fashion Trends of the Season',
  Kids: 'Must-Have Kids Fashion Trends of the Year',
  'Home Living': 'Elevate Your Space with Trendy Home Living Essentials',
  Beauty: 'Top Beauty Trends to Enhance Your Glow',
};

export const PRODUCT_HEADINGS: Readonly<Record<string, string>> = {
  Mens: "Wardrobe Upgrades Must-Have Men's Picks",
  Women: "Exclusive Women's Styles You'll Love",
  Kids: "Trendy & Adorable Kids' Wear Collection",
  'Home Living': 'Handpicked Home Essentials for a Cozy Upgrade',
  Beauty: 'Glow Like Never Before Trending Beauty Picks',
};

export function headingFor(headings: Readonly<Record<string, string>>, groupName: string): string {
  return headings[groupName] ?? groupName;
}
