/*
 * The service worker of the installed web app. It keeps the app shell (index.html, the hashed
 * scripts and styles it names, icons, help images) so the app starts without a network, and it
 * never answers a call of the API: /v1 (calls and the websocket), /hub88, /ops and /dev go to the
 * server untouched, as does anything on another origin. Pages are fetched from the network first;
 * the copy kept is only for when there is none.
 *
 * A release is noticed by the page (src/lib/pwa.ts), which asks with the script it runs: when the
 * server's index.html names another, the new shell is stored and the page offers to reload.
 */
const SHELL = 'lobby-shell-v1';
const ASSETS = 'lobby-assets-v1';
const SHELL_FILES = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
const NEVER = /^\/(v1|hub88|ops|dev)(\/|$)|^\/production\.json$|^\/static\//;
const STATIC = /^\/(icons|help)\/|^\/(favicon\.svg|manifest\.webmanifest)$/;

const entryOf = (html) => (/<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html) || [])[1] || null;
const assetsOf = (html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);

/** Stores this index.html and every asset it names; resolves with its entry script. */
async function storeShell(response) {
  const html = await response.clone().text();
  const assets = await caches.open(ASSETS);
  await Promise.all(assetsOf(html).map((url) => assets.match(url).then((hit) => hit || assets.add(url))));
  await (await caches.open(SHELL)).put('/index.html', response);
  return entryOf(html);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      await shell.addAll(SHELL_FILES);
      const response = await fetch('/', { cache: 'no-cache' });
      if (response.ok) await storeShell(response);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL && name !== ASSETS) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'check' || !event.source) return;
  event.waitUntil(
    (async () => {
      const response = await fetch('/', { cache: 'no-cache' }).catch(() => null);
      if (!response || !response.ok) return;
      const entry = await storeShell(response);
      if (entry && data.entry && entry !== data.entry) event.source.postMessage({ type: 'new-version', entry });
    })(),
  );
});

async function page(request) {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
      await (await caches.open(SHELL)).put('/index.html', response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match('/index.html', { cacheName: SHELL });
    if (kept) return kept;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function staticFile(request) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  const fresh = fetch(request)
    .then(async (response) => {
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })
    .catch(() => hit);
  return hit || fresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (STATIC.test(url.pathname)) event.respondWith(staticFile(request));
});
