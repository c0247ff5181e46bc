import type { DemoGame } from './games/types.ts';
import { engineOf, STAKES } from './games/types.ts';
import { isRightToLeft, pageLanguage, strings } from './i18n.ts';
import type { GameSession } from './sessions.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An http(s) URL, or '' (a `javascript:` lobby URL must never reach a link). */
function webUrl(value: string | null | undefined): string {
  if (!value) return '';
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/** The page of one game: a shell whose settings travel as inert JSON; the game script draws the rest. */
export function gamePage(game: DemoGame, session: GameSession | undefined, query: URLSearchParams): string {
  const language = pageLanguage(query.get('lang') ?? session?.lang);
  const config = {
    token: query.get('token') ?? '',
    game: { code: game.code, name: game.name, category: game.category, data: game.pageData ?? {} },
    language,
    strings: strings(language),
    stakes: STAKES,
    currency: session?.gameCurrency ?? session?.currency ?? 'USD',
    lobbyUrl: webUrl(session?.lobbyUrl ?? query.get('lobby_url')),
    state: session?.state ?? null,
  };
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const script = engineOf(game);
  const background = game.background && /^#[0-9a-f]{6}$/i.test(game.background) ? ` style="background:${game.background}"` : '';
  return `<!doctype html>
<html lang="${language.replace('_', '-')}" dir="${isRightToLeft(language) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(game.name)}</title>
<link rel="stylesheet" href="../static/style.css">
</head>
<body class="game-${script}"${background}>
<script type="application/json" id="config">${json}</script>
<header class="bar">
  <button type="button" id="lobby" class="ghost">&#8249; <span data-s="lobby"></span></button>
  <h1>${escapeHtml(game.name)}</h1>
  <div class="balance"><small data-s="balance"></small><b id="balance">&#8212;</b></div>
</header>
<main id="stage" class="stage"></main>
<div id="message" class="message" role="status" aria-live="polite"></div>
<section class="controls">
  <div id="options"></div>
  <div class="row"><span class="label" data-s="stake"></span><div id="stakes" class="chips"></div></div>
  <button type="button" id="play" class="play"></button>
</section>
<script src="../static/common.js"></script>
<script src="../static/${script}.js"></script>
</body>
</html>`;
}
