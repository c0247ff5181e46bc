import type { ReactNode } from 'react';
import { useIonRouter } from '@ionic/react';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Screen } from '../../components/Screen';
import { useSettings } from '../../state/settings';
import { HELP_TOPICS, useHelpDoc, type HelpDoc, type HelpTopic } from './content';
import { renderBlocks, type Block } from './markdown';
import { useHelpT } from './useHelpT';
import './help.css';

export function useNavigate(): (path: string) => void {
  const router = useIonRouter();
  return (path) => router.push(path);
}

/** The body of a help page; `extra` (configured links, install offers) goes after its first section. */
export function HelpArticle({
  doc,
  extra,
  extraFirst,
  testId,
  showTitle,
}: {
  doc: HelpDoc;
  extra?: ReactNode;
  extraFirst?: boolean;
  testId?: string;
  /** When the page is not the screen's own, its title heads it. */
  showTitle?: boolean;
}) {
  const navigate = useNavigate();
  const second = doc.blocks.findIndex((block, i) => i > 0 && block.kind === 'heading' && block.level === 2);
  const split = extraFirst ? 0 : second < 0 ? doc.blocks.length : second;
  const part = (blocks: Block[]) => renderBlocks(blocks, { onNavigate: navigate });
  return (
    <article className="md help-article" data-testid={testId ?? `help-${doc.topic}`} lang={doc.language.replace('_', '-')}>
      {showTitle && <h2 className="md__h1">{doc.title}</h2>}
      {part(doc.blocks.slice(0, split))}
      {extra}
      {part(doc.blocks.slice(split))}
    </article>
  );
}

export function HelpLoading() {
  return (
    <div className="help-skeleton" aria-hidden="true" data-testid="help-loading">
      {[92, 70, 84, 60, 88].map((width, i) => (
        <span key={i} className="skeleton skeleton--text" style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}

export function HelpLoadError({ onRetry }: { onRetry(): void }) {
  const { t } = useHelpT();
  return (
    <EmptyState
      icon="help"
      title={t('loadError.title')}
      text={t('loadError.text')}
      testId="help-load-error"
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('loadError.retry')}
        </Button>
      }
    />
  );
}

/** A routed help page: the title is the file's own heading, so a translator edits one place. */
export function HelpPage({
  topic,
  backHref = '/helpCenter',
  extra,
  extraFirst,
  after,
}: {
  topic: HelpTopic;
  backHref?: string;
  extra?: ReactNode;
  extraFirst?: boolean;
  after?: ReactNode;
}) {
  const { t } = useHelpT();
  const language = useSettings((s) => s.language);
  const doc = useHelpDoc(topic, language);
  const path = HELP_TOPICS.find((entry) => entry.id === topic)!.path;
  return (
    <Screen title={doc.status === 'ready' ? doc.value.title : t('title')} testId={path.slice(1)} backHref={backHref}>
      {doc.status === 'loading' && <HelpLoading />}
      {doc.status === 'error' && <HelpLoadError onRetry={doc.retry} />}
      {doc.status === 'ready' && <HelpArticle doc={doc.value} extra={extra} extraFirst={extraFirst} />}
      {doc.status === 'ready' && after}
    </Screen>
  );
}
