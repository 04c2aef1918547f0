import { useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { REVIEW_MAX_LENGTH } from '@bazaar/shared/limits';

const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Star picker as a radio group, so it works with arrow keys and reads as "4 stars" to screen readers. */
function RatingInput({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-ink-700">Your rating</legend>
      <div className="flex items-center gap-1" onMouseLeave={() => setHovered(0)}>
        {[1, 2, 3, 4, 5].map((rating) => (
          <label key={rating} className="cursor-pointer" onMouseEnter={() => setHovered(rating)}>
            <input
              type="radio"
              name="review-rating"
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              className="peer sr-only"
              aria-label={`${rating} star${rating > 1 ? 's' : ''}`}
            />
            <Star
              size={28}
              aria-hidden="true"
              strokeWidth={1.5}
              className={`rounded peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 ${
                rating <= shown ? 'fill-amber-400 text-amber-400' : 'text-ink-300'
              }`}
            />
          </label>
        ))}
        <span className="ml-2 text-sm text-ink-500">{RATING_WORDS[shown]}</span>
      </div>
    </fieldset>
  );
}

/** Review form for signed-in customers; resolves true when the review was accepted so the form can clear. */
export function ReviewForm({ onSubmit }: { onSubmit: (rating: number, review: string) => Promise<boolean> }) {
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === 0) return setProblem('Please choose a star rating');
    if (!review.trim()) return setProblem('Please write a few words about the product');
    setProblem('');
    setSending(true);
    const accepted = await onSubmit(rating, review.trim());
    setSending(false);
    if (accepted) {
      setRating(0);
      setReview('');
    }
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-card border border-line p-4"
      aria-label="Write a review"
    >
      <h3 className="text-base font-bold">Rate this product</h3>
      <RatingInput value={rating} onChange={setRating} />
      <label className="flex flex-col gap-1 text-sm font-medium text-ink-700">
        Your review
        <textarea
          className="input min-h-24 resize-y"
          value={review}
          maxLength={REVIEW_MAX_LENGTH}
          onChange={(event) => setReview(event.target.value)}
          placeholder="What did you like or dislike? How was the fit and fabric?"
        />
      </label>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <button type="submit" className="btn-primary self-start" disabled={sending}>
        {sending ? 'Submitting…' : 'Submit review'}
      </button>
    </form>
  );
}
