import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Mail, MapPin, Phone } from 'lucide-react';
import { useAppSelector } from '../../app/hooks';
import { POLICY_LINKS } from './policyLinks';
import { STORE_INFO } from './storeInfo';
import { Logo } from '../ui/Logo';
import { SOCIAL_NETWORKS, SocialIcon } from '../ui/SocialIcons';
import { BENEFITS, BRAND_BLURB, COPYRIGHT, FOOTER_CATEGORY_LIMIT, QUICK_PAGES } from './footerContent';

const linkClass = 'text-sm text-white/70 transition hover:text-white';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `footer-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId}>
      <h2
        id={headingId}
        className="mb-4 font-display text-sm font-semibold tracking-wide text-white uppercase"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function LinkList({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <ul className="space-y-2.5">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const categorys = useAppSelector((state) => state.home.categorys);
  const categoryLinks = categorys.slice(0, FOOTER_CATEGORY_LIMIT).map((category) => ({
    to: `/shops?category=${encodeURIComponent(category.slug)}`,
    label: category.name,
  }));

  return (
    // Not a scroll anchor: a page that grows above it (the home page's sections arriving) would otherwise scroll
    // the shopper down to keep the footer where it was.
    <footer className="mt-12 bg-ink-900 text-white [overflow-anchor:none]">
      <section aria-label="Our promises" className="border-b border-white/10 bg-brand-50 text-ink-900">
        <ul className="container-page grid grid-cols-2 gap-x-4 gap-y-5 py-6 lg:grid-cols-4 lg:py-8">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-600 shadow-card">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block text-sm font-semibold">{title}</span>
                <span className="block text-xs text-ink-500">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <div className="container-page grid gap-10 py-10 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr_1.3fr] lg:gap-8 lg:py-14">
        <section aria-label="About Bazaar" className="sm:col-span-2 lg:col-span-1">
          <Logo tone="light" />
          <p className="mt-4 max-w-sm text-sm leading-6 text-white/70">{BRAND_BLURB}</p>
          <ul className="mt-5 flex gap-3" aria-hidden="true">
            {SOCIAL_NETWORKS.map((network) => (
              <li key={network} title={`${network} (coming soon)`}>
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white/10 text-white/80">
                  <SocialIcon network={network} />
                </span>
              </li>
            ))}
          </ul>
        </section>

        <FooterColumn title="Categories">
          <LinkList links={categoryLinks} />
        </FooterColumn>

        <FooterColumn title="Consumer Policy">
          <LinkList links={POLICY_LINKS.map((policy) => ({ to: policy.path, label: policy.label }))} />
        </FooterColumn>

        <FooterColumn title="Quick Pages">
          <LinkList links={QUICK_PAGES} />
        </FooterColumn>

        <FooterColumn title="Store Information">
          <address className="space-y-3 text-sm text-white/70 not-italic">
            <p className="flex gap-3">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" aria-hidden="true" />
              <span>
                {STORE_INFO.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <p className="flex gap-3">
              <Phone className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" aria-hidden="true" />
              <a href={STORE_INFO.phoneHref} className="hover:text-white">
                {STORE_INFO.phone}
              </a>
            </p>
            <p className="flex gap-3">
              <Mail className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" aria-hidden="true" />
              <a href={`mailto:${STORE_INFO.email}`} className="hover:text-white">
                {STORE_INFO.email}
              </a>
            </p>
          </address>
        </FooterColumn>
      </div>

      <div className="border-t border-white/10">
        <p className="container-page py-5 text-center text-xs text-white/60">{COPYRIGHT}</p>
      </div>
    </footer>
  );
}
