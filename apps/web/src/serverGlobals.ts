/*
 * Imported first by the server render (prerender.tsx), before the store: the store reads the visitor's session
 * from localStorage when it is created, and a server render has no visitor. Storage that stays empty whatever is
 * written to it, so nothing one render does can reach another.
 */
if (typeof globalThis.localStorage === 'undefined') {
  const visitorless: Storage = {
    length: 0,
    clear: () => {},
    getItem: () => null,
    key: () => null,
    removeItem: () => {},
    setItem: () => {},
  };
  Object.assign(globalThis, { localStorage: visitorless });
}
