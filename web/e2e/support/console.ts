import type { Page } from 'playwright-core';

// Chromium's own line for any answer with an error status ("Failed to load resource: the server
// responded with a status of 404"): the browser's network log, written whatever the page does.
const NETWORK_LINE = /^Failed to load resource:/;

/**
 * Collects what the page's own code logs as an error (console.error, uncaught errors) from now on;
 * read the returned array when needed, and `clear` it between steps.
 */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !NETWORK_LINE.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
