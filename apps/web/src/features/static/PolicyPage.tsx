import { Link } from 'react-router-dom';
import { CalendarDays, ChevronRight } from 'lucide-react';
import { POLICIES, POLICY_FACTS } from './policies';
import { POLICY_LINKS, type PolicyKey } from '../../components/layout/policyLinks';

export type { PolicyKey } from '../../components/layout/policyLinks';

/** One consumer policy: hero banner, key numbers, the policy text, and links to the other policies. */
export default function PolicyPage({ policy }: { policy: PolicyKey }) {
  const { title, tagline, icon: Icon, highlights, sections } = POLICIES[policy];
  return (
    <article>
      <header className="relative overflow-hidden bg-gradient-to-br from-ink-900 via-ink-700 to-brand-800 text-white">
        <div
          aria-hidden="true"
          className="absolute -top-16 -right-10 h-64 w-64 rounded-full bg-brand-500/30 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-20 left-10 h-56 w-56 rounded-full bg-brand-300/20 blur-3xl"
        />
        <div className="container-page relative py-10 lg:py-16">
          <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-xs text-white/70">
            <Link to="/" className="hover:text-white">
              Home
            </Link>
            <ChevronRight className="h-3 w-3" aria-hidden="true" />
            <span aria-current="page">{title}</span>
          </nav>
          <div className="mt-5 flex items-start gap-4">
            <span className="hidden h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-white/15 sm:flex">
              <Icon className="h-7 w-7" aria-hidden="true" />
            </span>
            <div>
              <h1 className="text-3xl font-bold lg:text-4xl">{title}</h1>
              <p className="mt-2 max-w-xl text-white/80">{tagline}</p>
              <p className="mt-4 inline-flex items-center gap-2 rounded-pill bg-white/15 px-3 py-1 text-xs font-semibold">
                <CalendarDays className="h-3.5 w-3.5" aria-hidden="true" /> Effective date:{' '}
                {POLICY_FACTS.effectiveDate}
              </p>
            </div>
          </div>
        </div>
      </header>

      <div className="container-page -mt-6 relative">
        <dl className="grid gap-3 sm:grid-cols-3">
          {highlights.map(({ label, value }) => (
            <div key={label} className="card px-4 py-3">
              <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
              <dd className="mt-1 font-display text-base font-semibold text-ink-900">{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="container-page grid gap-10 py-10 lg:grid-cols-[1fr_16rem] lg:py-14">
        <div className="max-w-3xl space-y-8">
          {sections.map((section) => (
            <section key={section.heading}>
              <h2 className="text-xl font-semibold text-ink-900">{section.heading}</h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-7 text-ink-700">
                  {paragraph}
                </p>
              ))}
              {section.points && (
                <ul className="mt-3 space-y-2">
                  {section.points.map((point) => (
                    <li key={point} className="flex gap-3 leading-7 text-ink-700">
                      <span
                        aria-hidden="true"
                        className="mt-[0.7rem] h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600"
                      />
                      {point}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>

        <aside aria-labelledby="other-policies" className="lg:sticky lg:top-32 lg:self-start">
          <h2 id="other-policies" className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
            Consumer policies
          </h2>
          <ul className="mt-3 space-y-1">
            {POLICY_LINKS.map((link) => (
              <li key={link.key}>
                <Link
                  to={link.path}
                  aria-current={link.key === policy ? 'page' : undefined}
                  className={`flex items-center justify-between rounded-lg px-3 py-2 text-sm transition ${
                    link.key === policy
                      ? 'bg-brand-50 font-semibold text-brand-700'
                      : 'text-ink-700 hover:bg-canvas'
                  }`}
                >
                  {link.label}
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </article>
  );
}
