/** The demo shops the seed creates sign in as `<shop-slug>@sellers.bazaar.in`. */
export const SELLER_EMAIL_DOMAIN = 'sellers.bazaar.in';

/** Passwords this project once published for its seeded accounts; a production start refuses any still in use. */
export const PUBLISHED_DEMO_PASSWORDS = ['seller123'];
