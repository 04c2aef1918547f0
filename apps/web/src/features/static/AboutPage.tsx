import { Link } from 'react-router-dom';
import { ArrowRight, Mail, Phone } from 'lucide-react';
import { useAppSelector } from '../../app/hooks';
import { categoryPath } from '../../components/layout/categoryLinks';
import { SOCIAL_NETWORKS, SocialIcon } from '../../components/ui/SocialIcons';
import { ABOUT } from './aboutContent';
import { FashionCollage } from './Illustrations';
import { STORE_INFO } from '../../components/layout/storeInfo';

export default function AboutPage() {
  const categorys = useAppSelector((state) => state.home.categorys);
  const { welcome, story, commitment, discover, connect } = ABOUT;

  return (
    <>
      <section className="bg-gradient-to-br from-brand-50 via-white to-amber-50">
        <div className="container-page grid items-center gap-8 py-10 lg:grid-cols-2 lg:py-16">
          <div>
            <p className="text-xs font-semibold tracking-[0.2em] text-brand-600 uppercase">
              {welcome.eyebrow}
            </p>
            <h1 className="mt-3 text-3xl leading-tight font-bold text-ink-900 lg:text-5xl">
              {welcome.title}
            </h1>
            <p className="mt-4 max-w-xl leading-7 text-ink-700">{welcome.text}</p>
          </div>
          <FashionCollage className="mx-auto w-full max-w-md" />
        </div>
      </section>

      <section
        aria-labelledby="about-story"
        className="container-page grid gap-8 py-12 lg:grid-cols-[1.2fr_1fr] lg:py-16"
      >
        <div>
          <h2 id="about-story" className="text-2xl font-bold text-ink-900 lg:text-3xl">
            {story.title}
          </h2>
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 leading-7 text-ink-700">
              {paragraph}
            </p>
          ))}
        </div>
        <dl className="grid gap-3 self-center">
          {story.facts.map((fact) => (
            <div key={fact.value} className="card flex items-center gap-4 p-4">
              <dt className="min-w-[6.5rem] font-display text-2xl font-bold text-brand-600">{fact.value}</dt>
              <dd className="text-sm text-ink-700">{fact.label}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="about-commitment" className="bg-canvas py-12 lg:py-16">
        <div className="container-page">
          <h2 id="about-commitment" className="text-center text-2xl font-bold text-ink-900 lg:text-3xl">
            {commitment.title}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-center text-ink-500">{commitment.intro}</p>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {commitment.pillars.map(({ icon: Icon, title, text }) => (
              <li key={title} className="card p-6">
                <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-600 text-white">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink-900">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-ink-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-discover" className="container-page py-12 lg:py-16">
        <div className="overflow-hidden rounded-card bg-gradient-to-r from-ink-900 to-brand-800 p-6 text-white sm:p-10">
          <h2 id="about-discover" className="text-2xl font-bold lg:text-3xl">
            {discover.title}
          </h2>
          <p className="mt-2 max-w-xl text-white/80">{discover.text}</p>
          {categorys.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Categories">
              {categorys.map((category) => (
                <li key={category._id}>
                  <Link
                    to={categoryPath(category)}
                    className="inline-flex rounded-pill border border-white/30 px-4 py-1.5 text-sm font-semibold hover:bg-white hover:text-ink-900"
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link to="/shops" className="btn mt-6 bg-white text-ink-900 hover:bg-brand-50">
            {discover.cta} <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </section>

      <section aria-labelledby="about-connect" className="container-page pb-4 text-center">
        <h2 id="about-connect" className="text-2xl font-bold text-ink-900 lg:text-3xl">
          {connect.title}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-ink-500">{connect.text}</p>
        <div className="mt-5 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-ink-700">
          <a href={STORE_INFO.phoneHref} className="inline-flex items-center gap-2 hover:text-brand-600">
            <Phone className="h-4 w-4" aria-hidden="true" /> {STORE_INFO.phone}
          </a>
          <a
            href={`mailto:${STORE_INFO.email}`}
            className="inline-flex items-center gap-2 hover:text-brand-600"
          >
            <Mail className="h-4 w-4" aria-hidden="true" /> {STORE_INFO.email}
          </a>
        </div>
        <ul className="mt-5 flex justify-center gap-3" aria-hidden="true">
          {SOCIAL_NETWORKS.map((network) => (
            <li
              key={network}
              className="flex h-10 w-10 items-center justify-center rounded-full bg-canvas text-ink-700"
            >
              <SocialIcon network={network} />
            </li>
          ))}
        </ul>
        <Link to="/contact" className="btn-primary mt-6">
          {connect.cta}
        </Link>
      </section>
    </>
  );
}
