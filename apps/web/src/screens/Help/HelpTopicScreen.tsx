import type { HelpTopic } from './content';
import { HelpPage } from './HelpPage';

/** A guide that is its Markdown page and nothing else: tutorial, graphic tutorial, TRON, wallet registration. */
export default function HelpTopicScreen({ topic, backHref }: { topic: HelpTopic; backHref?: string }) {
  return <HelpPage topic={topic} backHref={backHref} />;
}
