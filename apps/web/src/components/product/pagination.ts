export type PageItem = number | 'gap';

/**
 * Page numbers to show: always the first and last page, and `around` pages either side of the current one,
 * with a gap marker where numbers are skipped. `around` = 1 gives 1 … 4 5 6 … 20.
 */
export function pageItems(current: number, totalPages: number, around = 1): PageItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const pages = new Set<number>([1, totalPages]);
  for (let page = current - around; page <= current + around; page += 1) {
    if (page >= 1 && page <= totalPages) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  return items;
}

export function pageCount(totalItems: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(totalItems / pageSize) : 0;
}
