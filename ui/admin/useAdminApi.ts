/**
 * Small data hooks for the admin console: the admin's bearer token on every call, JSON in and
 * out, and the server's {message} on failure. The console is admin-only and low-traffic, so it
 * loads on demand (no cache); an action reloads the list it changed.
 */
import { useCallback, useEffect, useState } from 'react';
import { auth } from '../auth/authState';

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function adminCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = auth.token.value;
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  if (!res.ok) {
    const message =
      json !== null && typeof json === 'object' && 'message' in json
        ? String(json.message)
        : `API error: ${res.status} ${res.statusText}`;
    throw new AdminApiError(res.status, message);
  }
  return json as T;
}

export interface AdminQuery<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

export function useAdminQuery<T>(path: string): AdminQuery<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    adminCall<T>('GET', path).then(
      (data) => {
        if (live) setState({ data, error: null, loading: false });
      },
      (err: unknown) => {
        if (live)
          setState({
            data: null,
            error: err instanceof Error ? err.message : String(err),
            loading: false,
          });
      },
    );
    return () => {
      live = false;
    };
  }, [path, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

/** Downloads a file answer (CSV export) under the admin's token. */
export async function adminDownload(path: string, filename: string): Promise<void> {
  const token = auth.token.value;
  const res = await fetch(path, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new AdminApiError(res.status, `API error: ${res.status} ${res.statusText}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}
