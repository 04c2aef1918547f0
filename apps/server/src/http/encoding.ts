/** The compressed forms the server sends: brotli, else gzip. */
export type Encoding = 'br' | 'gzip';

function parse(header: string): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  return (['br', 'gzip'] as const).find((encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0);
}

/** Browsers send a handful of distinct Accept-Encoding values; parsing one per cached answer showed in profiles. */
const encodingByHeader = new Map<string, Encoding | undefined>();

/** The best encoding an Accept-Encoding header allows: brotli, then gzip; none when it refuses both (q=0) or names neither. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (encodingByHeader.has(header)) return encodingByHeader.get(header);
  const encoding = parse(header);
  if (encodingByHeader.size < 64) encodingByHeader.set(header, encoding);
  return encoding;
}
