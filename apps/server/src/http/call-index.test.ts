import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { buildCallIndex, CALL_INDEX_FILE, NOT_SERVED_YET, renderCallIndex, REPO_ROOT } from './call-index.ts';

const index = buildCallIndex();

describe('CALLS.md', () => {
  it('is up to date with the contract, the routes files and the tests', () => {
    const committed = readFileSync(join(REPO_ROOT, CALL_INDEX_FILE), 'utf8');
    expect(committed, 'CALLS.md is out of date: run `npm run calls:index`').toBe(renderCallIndex(index.entries));
  });

  it('finds a routes file for every served call, and a registration for every call not listed as not served yet', () => {
    expect(index.problems).toEqual([]);
    for (const entry of index.entries.filter((e) => !e.notServedYet)) {
      expect(entry.routesFiles, `${entry.exportName}.${entry.key}`).toHaveLength(1);
      expect(entry.service, `${entry.exportName}.${entry.key}`).not.toBeNull();
    }
  });

  it('leads from a path to its schema, routes file, service and tests', () => {
    const cashout = index.entries.find((entry) => entry.exportName === 'bankCalls' && entry.key === 'cashoutSubmit');
    expect(cashout).toMatchObject({
      auth: 'player',
      contractFile: 'packages/contract/src/calls/wallet.ts',
      routesFiles: ['apps/server/src/modules/wallet/wallet.routes.ts'],
      service: { name: 'WithdrawalService.submit', file: 'apps/server/src/modules/wallet/withdrawal.service.ts' },
      notServedYet: false,
    });
    expect(cashout!.testFiles).toContain('apps/server/src/modules/wallet/withdrawal.test.ts');
    const paths = index.entries.map((entry) => entry.path);
    expect(paths).toEqual([...paths].sort());
  });
});

describe('the index check', () => {
  let root: string;

  // A copy of the contract's call files and the server's sources that each case then breaks.
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'call-index-'));
    for (const folder of [
      'packages/contract/src/calls',
      'packages/contract/src/ops',
      'apps/server/src/modules',
      'apps/server/src/http',
      'apps/server/src/money',
    ]) {
      cpSync(join(REPO_ROOT, folder), join(root, folder), { recursive: true, filter: (source) => !source.endsWith('.test.ts') });
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const edit = (file: string, change: (source: string) => string) => {
    const before = readFileSync(join(root, file), 'utf8');
    writeFileSync(join(root, file), change(before));
    return () => writeFileSync(join(root, file), before);
  };

  it('reports a contract call that no routes file registers and that is not listed as not served yet', () => {
    const restore = edit('apps/server/src/modules/wallet/wallet.routes.ts', (source) =>
      source.replace(/^\s*registerCall\(app, sessions, bankCalls\.cashoutSubmit,.*$/m, ''),
    );
    try {
      const { problems } = buildCallIndex(root);
      expect(problems).toEqual([
        expect.stringMatching(/^bankCalls\.cashoutSubmit \(\/v1\/bank\/cashout\/submit\) is registered in no routes file: .*NOT_SERVED_YET/),
      ]);
      expect(buildCallIndex(root, [...NOT_SERVED_YET, 'bankCalls.cashoutSubmit']).problems).toEqual([]);
    } finally {
      restore();
    }
  });

  it('reports a call served from a file that is not a routes file', () => {
    const moved = 'registerCall(app, sessions, appCalls.home, async (ctx) => homeFor(await lobby.home(ctx.body), ctx.request));';
    const restoreRoutes = edit('apps/server/src/modules/lobby/lobby.routes.ts', (source) => source.replace(moved, ''));
    mkdirSync(join(root, 'apps/server/src/modules/lobby'), { recursive: true });
    writeFileSync(join(root, 'apps/server/src/modules/lobby/lobby.extra.ts'), `${moved}\n`);
    try {
      const { problems, entries } = buildCallIndex(root);
      expect(problems).toEqual([
        expect.stringMatching(/^appCalls\.home .* is registered in apps\/server\/src\/modules\/lobby\/lobby\.extra\.ts, which is not a \*\.routes\.ts file/),
      ]);
      expect(renderCallIndex(entries)).toMatch(/\| `\/v1\/app\/home` \| public \| .* \| \*\*none\*\* \|/);
    } finally {
      restoreRoutes();
      rmSync(join(root, 'apps/server/src/modules/lobby/lobby.extra.ts'));
    }
  });

  it('reports a call listed as not served yet that a routes file now serves, and a listing that names no call', () => {
    const { problems } = buildCallIndex(root, ['reportCalls.winOrLoseForm', 'reportCalls.nothing']);
    expect(problems).toEqual([
      expect.stringMatching(/^reportCalls\.winOrLoseForm .* is served by apps\/server\/src\/modules\/report\/report\.routes\.ts but marked as not served yet/),
      'NOT_SERVED_YET names reportCalls.nothing, which is no call group or call of the contract',
    ]);
  });
});

describe('the running server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a route for every call the index lists as served and none for the calls not served yet', () => {
    const routed = (path: string) => t.app.http.hasRoute({ method: 'POST', url: path });
    expect(index.entries.filter((entry) => routed(entry.path) === entry.notServedYet).map((entry) => entry.path)).toEqual([]);
  });

  it('answers every contract call, and a path of no call with HTTP 404 and code 1', async () => {
    expect(index.entries.filter((entry) => entry.notServedYet)).toEqual([]);
    const reply = await t.call('/v1/report/nothing', {});
    expect({ status: reply.status, code: reply.code }).toEqual({ status: 404, code: 1 });
  });
});
