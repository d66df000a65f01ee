import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './queryClient';

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('the page query client', () => {
  it('holds a call made offline and runs it when the browser is back online', async () => {
    onlineManager.setOnline(false);
    let calls = 0;
    const result = queryClient.query({
      queryKey: ['offline-test'],
      queryFn: () => {
        calls += 1;
        return Promise.resolve('list');
      },
      staleTime: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(0);
    onlineManager.setOnline(true);
    await expect(result).resolves.toBe('list');
    expect(calls).toBe(1);
  });

  it('retries a 5xx and not a 404 (the spec policy is its default)', async () => {
    const attempts = { e500: 0, e404: 0 };
    const fail = (status: number) => Object.assign(new Error(`HTTP error! status: ${status}`), {});
    await expect(
      queryClient.query({
        queryKey: ['e404'],
        queryFn: () => {
          attempts.e404 += 1;
          return Promise.reject(fail(404));
        },
      }),
    ).rejects.toThrow('404');
    expect(attempts.e404).toBe(1);
    await expect(
      queryClient.query({
        queryKey: ['e500'],
        queryFn: () => {
          attempts.e500 += 1;
          return Promise.reject(fail(500));
        },
        retryDelay: 1,
      }),
    ).rejects.toThrow('500');
    expect(attempts.e500).toBe(3);
  });
});
