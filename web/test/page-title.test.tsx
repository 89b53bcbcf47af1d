import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitle, useRouteTitle } from '../src/lib/page-title';

afterEach(cleanup);

function Route({ name, children }: { name?: string; children?: React.ReactNode }) {
  useRouteTitle(name);
  return <>{children}</>;
}

function Screen({ own }: { own?: string }) {
  usePageTitle(own);
  return null;
}

/** A route named `route` showing a screen whose own title is `own` (no screen when `own` is null). */
const shown = (route: string | undefined, own?: string | null) => (
  <Route name={route}>{own !== null && <Screen own={own} />}</Route>
);

describe('document title', () => {
  it('is the service alone on a screen without a name', () => {
    render(shown(undefined, null));
    expect(document.title).toBe('토론 · Toron');
  });

  it("is the route's name while the screen has none of its own", () => {
    render(shown('뉴스'));
    expect(document.title).toBe('뉴스 · 토론');
  });

  it("is the screen's own from the first render, though the route's effect runs after the screen's", () => {
    render(shown('뉴스', '최저임금 업종별 차등 적용'));
    expect(document.title).toBe('최저임금 업종별 차등 적용 · 토론');
  });

  it("is the screen's own once it has it, and the route's again when it has none", () => {
    const view = render(shown('뉴스'));
    view.rerender(shown('뉴스', ' 최저임금 업종별 차등 적용 '));
    expect(document.title).toBe('최저임금 업종별 차등 적용 · 토론');
    // The route's name changing alone does not cover the screen's own.
    view.rerender(shown('뉴스 ', '최저임금 업종별 차등 적용'));
    expect(document.title).toBe('최저임금 업종별 차등 적용 · 토론');
    view.rerender(shown('뉴스', '   '));
    expect(document.title).toBe('뉴스 · 토론');
  });

  it("goes back to the route's name when the screen leaves", () => {
    const view = render(shown('토론방 목록', '기본소득 도입해야 할까'));
    expect(document.title).toBe('기본소득 도입해야 할까 · 토론');
    view.rerender(shown('토론방 목록', null));
    expect(document.title).toBe('토론방 목록 · 토론');
  });
});
