const whenFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the consoles show it, in the reader's time zone: "23 Nov 2026, 6:45 pm". */
export const formatWhen = (iso: string): string => whenFormat.format(new Date(iso));
