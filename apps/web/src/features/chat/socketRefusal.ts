/** Shown when the server refuses a chat socket because the person already has as many open as it allows. */
export const TOO_MANY_CHAT_WINDOWS =
  'Live chat is off in this window: too many chat windows are open. Close some and reload this page.';
