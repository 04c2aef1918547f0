/**
 * Setup of the `component` Vitest project: jest-dom's matchers, Testing Library's wait ceiling, the media queries
 * jsdom lacks (react-hot-toast asks whether motion is reduced), modal dialogs, and an empty document and toast queue
 * before every test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 1 s by default, less than a re-render can take on two busy cores; still a ceiling.
configure({ asyncUtilTimeout: 5_000 });

window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

// jsdom has <dialog> but not its methods: open and close it as a browser would (focus moves in on opening), without
// the inert page behind it, which the browser journeys check.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('[autofocus], button, [href], input')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  toast.remove();
});
