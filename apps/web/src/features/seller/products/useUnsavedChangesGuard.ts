import { useEffect } from 'react';

export const LEAVE_WITHOUT_SAVING = 'You have unsaved changes. Leave without saving them?';

/**
 * While `dirty`, asks before the page is left: closing or reloading the tab (the browser's own prompt) and following
 * a link inside the app (the app runs in a BrowserRouter, which has no navigation blocker, so a click on any link is
 * caught before React Router sees it).
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank' || link.hasAttribute('download')) return;
      if (window.confirm(LEAVE_WITHOUT_SAVING)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    // Capture on the document runs before React's listener on the app's root.
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);
}
