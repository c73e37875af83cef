/**
 * The axios transport is a lazy chunk: when it cannot be loaded (a deploy
 * removed it, the network dropped), a call fails with a clear ApiError and
 * the next call tries the load again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('../../../shared/api/transport');
  vi.resetModules();
});

describe('api transport loading', () => {
  it('a failed load is a network ApiError, and the next call loads again', async () => {
    let loads = 0;
    vi.doMock('../../../shared/api/transport', () => {
      loads++;
      if (loads === 1) throw new Error('chunk missing');
      return { send: async () => ({ status: 200, data: 7 }) };
    });
    vi.resetModules();
    const { request, ApiError } = await import('../../../shared/api/client');
    const { CartCount } = await import('../../../shared/api/schemas');
    const first = await request({ method: 'GET', url: '/cart/get-count' }, CartCount).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect((first as InstanceType<typeof ApiError>).kind).toBe('network');
    expect((first as Error).message).toMatch(/could not be loaded/);
    await expect(request({ method: 'GET', url: '/cart/get-count' }, CartCount)).resolves.toEqual({ count: 7, errors: undefined });
    expect(loads).toBe(2);
  });
});
