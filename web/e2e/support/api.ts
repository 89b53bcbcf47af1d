import type { Page } from 'playwright-core';

/** Calls the API from the page with its own access token, as the app does; the status and the envelope's data. */
export function callApi<T>(
  page: Page,
  method: string,
  url: string,
  json?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, url, json }) => {
      const token = JSON.parse(localStorage.getItem('auth-store') ?? 'null')?.state?.accessToken as string;
      const res = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const body = await res.json();
      return { status: res.status, data: body.data };
    },
    { method, url, json },
  );
}
