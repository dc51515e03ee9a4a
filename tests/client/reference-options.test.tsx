/**
 * A reference picker whose list failed to load (use-options.ts): a busy answer (5xx) is asked again after a
 * short wait and the choices arrive; a refusal (4xx) is not asked again and the picker stays empty. Before,
 * one busy answer left the picker empty with no choice and no reason (a market's engine picker on a loaded host).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { fakeApi, type FakeApi } from './support/fake-api';
import { EXCHANGE } from './support/fixtures';
import { pagedList, signedInWithAbilities } from './support/resource-rows';
import { useReferenceOptions } from '../../src/client/resource-ui/use-options';
import type { FieldDef } from '../../src/shared/resources/define';

let api: FakeApi;
beforeEach(() => { localStorage.clear(); api = fakeApi(); signedInWithAbilities(api, {}, { read: ['Engine'] }); });
afterEach(() => vi.unstubAllGlobals());

const engineField = { kind: 'reference', references: 'engines' } as FieldDef;

describe('reference options after a failed load', () => {
  it('asks again after a busy answer and offers the rows', async () => {
    let calls = 0;
    const engines = pagedList([{ id: 1, name: 'Default', driver: 'peatio' }]);
    api.on('GET', `${EXCHANGE}/admin/engines`, (req) => (++calls === 1 ? { status: 503, body: { errors: ['server.database_busy'] } } : engines(req)));
    const { result } = renderHook(() => useReferenceOptions(engineField));
    await waitFor(() => expect(result.current.map((o) => o.label)).toEqual(['Default']), { timeout: 5_000 });
    expect(calls).toBe(2);
  });

  it('does not ask again after a refusal', async () => {
    api.on('GET', `${EXCHANGE}/admin/engines`, { status: 403, body: { errors: ['authz.invalid_permission'] } });
    const { result } = renderHook(() => useReferenceOptions(engineField));
    await waitFor(() => expect(api.callsTo('GET', `${EXCHANGE}/admin/engines`).length).toBe(1));
    await new Promise((r) => setTimeout(r, 800));
    expect(api.callsTo('GET', `${EXCHANGE}/admin/engines`).length).toBe(1);
    expect(result.current).toEqual([]);
  });
});
