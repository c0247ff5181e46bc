import type { Language, Player } from '@lobby/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, vi, type Mock } from 'vitest';
import { PopupHost } from '../components/Overlays';
import { i18n, initI18n, loadNamespace } from '../i18n';
import { clearSession, signIn } from '../state/session';
import { useUi } from '../state/ui';
import { applyBalances, type BalancesIn } from '../state/queries/balances';

/**
 * Screens rendered in the unit tests' DOM, with the app's real texts, query client and router, and
 * Ionic reduced to what a screen needs from it (a content box, a router that records where it was
 * sent). A test file mocks Ionic with `vi.mock('@ionic/react', () => import('<this file>').then((m) => m.ionicStub))`.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const router = { push: vi.fn(), back: vi.fn(), navigate: vi.fn(), canGoBack: () => false };

export const ionicStub = {
  useIonRouter: () => router,
  IonContent: ({ children, className }: { children?: ReactNode; className?: string }) => <div className={className}>{children}</div>,
};

/** The app's texts in a language, with the feature namespaces the screen under test reads. */
export async function loadTexts(language: Language, namespaces: string[] = []): Promise<void> {
  if (!i18n.isInitialized) await initI18n(language);
  else await i18n.changeLanguage(language);
  for (const namespace of namespaces) await loadNamespace(namespace, language);
}

/** Lets pending queries, mutations and timers of zero length finish, with React updated after each. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

export interface Rendered {
  container: HTMLElement;
  byTestId(id: string): HTMLElement | null;
  click(id: string): Promise<void>;
  type(id: string, value: string): Promise<void>;
  unmount(): void;
}

/** An `api.call` stand-in answering each path with its handler; any other call fails as a broken server would. */
/** Answers each call by its path; a route reads the call's own body (not the latest call's, which may be another's). */
export function answering(routes: Record<string, (body: any) => unknown>) {
  return (spec: { path: string }, body?: unknown) => {
    const route = routes[spec.path];
    return route ? Promise.resolve().then(() => route(body)) : Promise.reject(new Error(`unexpected call ${spec.path}`));
  };
}

/** Starts each test of the file from a fresh app whose `api.call` stand-in answers these routes. */
export function answerEachTest(call: Mock, routes: Record<string, (body: any) => unknown>): void {
  beforeEach(() => {
    resetApp();
    call.mockReset();
    call.mockImplementation(answering(routes));
  });
}

let mounted: Rendered | undefined;

/** Renders a screen in place of the one rendered before (resetApp also takes it away). */
export async function renderScreen(node: ReactNode, prepare?: (client: QueryClient) => void): Promise<Rendered> {
  mounted?.unmount();
  const container = document.createElement('div');
  document.body.append(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  prepare?.(client);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>{node}</MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await settle();
  const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  const required = (id: string) => {
    const element = byTestId(id);
    if (!element) throw new Error(`no element with test id ${id}`);
    return element;
  };
  mounted = {
    container,
    byTestId,
    async click(id) {
      await act(async () => required(id).click());
      await settle();
    },
    async type(id, value) {
      const element = required(id);
      const input = element instanceof HTMLInputElement ? element : element.querySelector('input')!;
      // React watches the value through its own setter; set it the way a keystroke does.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      await act(async () => input.dispatchEvent(new Event('input', { bubbles: true })));
      await settle();
    },
    unmount() {
      act(() => root.unmount());
      container.remove();
      mounted = undefined;
    },
  };
  return mounted;
}

/** A screen as a signed-in player holding these balances sees it, with the popups it may open. */
export async function renderSignedIn(node: ReactNode, balances: BalancesIn): Promise<Rendered> {
  signIn('token', { id: 1 } as unknown as Player);
  return renderScreen(
    <>
      {node}
      <PopupHost />
    </>,
    (client) => applyBalances(client, balances),
  );
}

/** A fresh start for the next test: nothing rendered, no session, no popups or toast, no recorded navigation. */
export function resetApp(): void {
  mounted?.unmount();
  clearSession();
  useUi.setState({ toast: null, popups: [], loading: false });
  router.push.mockReset();
}
