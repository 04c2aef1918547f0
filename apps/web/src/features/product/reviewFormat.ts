const reviewDateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** "12 Mar 2025"; a date the browser cannot read is shown as the server sent it. */
export function formatReviewDate(date: string): string {
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? date : reviewDateFormat.format(parsed);
}

/** Per-star counts 5…1, filling in stars the server left out, with each bar's share of all reviews. */
export function ratingHistogram(buckets: { rating: number; sum: number }[], totalReview: number) {
  return [5, 4, 3, 2, 1].map((rating) => {
    const count = buckets.find((bucket) => bucket.rating === rating)?.sum ?? 0;
    return { rating, count, percent: totalReview > 0 ? Math.round((count / totalReview) * 100) : 0 };
  });
}
