import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/render';
import { fetchMasterData } from './use-master-data';

afterEach(() => vi.unstubAllGlobals());

describe('master data loader', () => {
  it('R-API-014: a failed master data load gives an empty list', async () => {
    mockApi({ 'POST /api/masterdata/list': () => [500, { code: 'INTERNAL', message: 'Try again later' }] });
    await expect(fetchMasterData('countries')).resolves.toEqual([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(fetchMasterData('states', { matcher: { countryId: 231 } })).resolves.toEqual([]);
  });

  it('sends matcher, page 1, perpage and category, and answers the list', async () => {
    const api = mockApi({ 'POST /api/masterdata/list': () => ({ list: [{ id: 231, name: 'United States' }] }) });
    await expect(fetchMasterData('countries', { perpage: 1000 })).resolves.toEqual([
      { id: 231, name: 'United States' },
    ]);
    expect(api.calls[0]?.body).toEqual({ matcher: {}, page: 1, perpage: 1000, category: 'countries' });
  });

  it('a cancelled load still rejects, so react-query does not cache an empty list', async () => {
    mockApi({ 'POST /api/masterdata/list': () => ({ list: [] }) });
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(fetchMasterData('countries', {}, controller.signal)).rejects.toThrow();
  });
});
