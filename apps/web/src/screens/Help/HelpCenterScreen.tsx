import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { ListGroup, ListRow } from '../../components/ListRow';
import { Screen } from '../../components/Screen';
import { useSettings } from '../../state/settings';
import { HELP_TOPICS, searchSections, sectionsOf, useAllHelpDocs, type HelpSection } from './content';
import { HelpLoadError, HelpLoading, useNavigate } from './HelpPage';
import { renderBlocks } from './markdown';
import { useHelpT } from './useHelpT';
import './help.css';

function SectionBody({ section }: { section: HelpSection }) {
  const navigate = useNavigate();
  return <div className="md">{renderBlocks(section.blocks, { onNavigate: navigate })}</div>;
}

function Results({ sections, query }: { sections: HelpSection[]; query: string }) {
  const { t } = useHelpT();
  const found = searchSections(sections, query);
  if (!found.length) {
    return (
      <EmptyState
        icon="search"
        title={t('search.emptyTitle', { query })}
        text={t('search.emptyText')}
        testId="help-search-empty"
        action={
          <Link className="help-link" to="/detail/service">
            {t('search.askSupport')}
          </Link>
        }
      />
    );
  }
  return (
    <section className="help-results" data-testid="help-search-results" aria-live="polite">
      <p className="help-results__count">{t('search.count', { count: found.length })}</p>
      {found.map((section) => (
        <article key={`${section.topic}#${section.anchor}`} className="help-card" data-testid="help-search-result">
          {section.topic !== 'faq' && <p className="help-card__page">{section.pageTitle}</p>}
          <h3 className="help-card__title">{section.heading}</h3>
          <SectionBody section={section} />
          {section.topic !== 'faq' && (
            <Link className="help-link" to={section.path}>
              {t('openGuide')}
              <Icon name="chevronRight" className="flip-rtl" />
            </Link>
          )}
        </article>
      ))}
    </section>
  );
}

/** The help centre: search over every help page in the player's language, the guides, and the frequent questions. */
export default function HelpCenterScreen() {
  const { t } = useHelpT();
  const language = useSettings((s) => s.language);
  const docs = useAllHelpDocs(language);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const sections = useMemo(() => (docs.status === 'ready' ? docs.value.flatMap(sectionsOf) : []), [docs]);
  const faq = docs.status === 'ready' ? docs.value.find((doc) => doc.topic === 'faq')! : null;

  return (
    <Screen title={faq?.title ?? t('title')} testId="helpCenter" backHref="/menu">
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is missing from the older WebViews the app still runs in. */}
      <div className="help-search" role="search">
        <Field
          icon="search"
          type="search"
          value={query}
          onValueChange={setQuery}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          enterKeyHint="search"
          data-testid="help-search"
        />
      </div>
      {docs.status === 'loading' && <HelpLoading />}
      {docs.status === 'error' && <HelpLoadError onRetry={docs.retry} />}
      {docs.status === 'ready' &&
        (deferred ? (
          <Results sections={sections} query={deferred} />
        ) : (
          <>
            <ListGroup title={t('guides')}>
              {HELP_TOPICS.filter((topic) => topic.id !== 'faq').map((topic) => (
                <ListRow
                  key={topic.id}
                  icon={topic.icon}
                  label={docs.value.find((doc) => doc.topic === topic.id)!.title}
                  to={topic.path}
                  testId={`help-guide-${topic.id}`}
                />
              ))}
            </ListGroup>
            <section className="help-faq" data-testid="help-faq">
              <h2 className="list-group__title">{t('faq')}</h2>
              {sectionsOf(faq!).map((section) => (
                <details key={section.anchor} className="help-card help-faq__item" id={section.anchor}>
                  <summary className="help-faq__question">
                    <span>{section.heading}</span>
                    <Icon name="chevronDown" />
                  </summary>
                  <SectionBody section={section} />
                </details>
              ))}
            </section>
          </>
        ))}
    </Screen>
  );
}
