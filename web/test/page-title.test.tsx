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

describe('document title', () => {
  it('is the service alone on a screen without a name', () => {
    render(<Route />);
    expect(document.title).toBe('토론 · Toron');
  });

  it("is the route's name while the screen has none of its own", () => {
    render(
      <Route name="뉴스">
        <Screen />
      </Route>,
    );
    expect(document.title).toBe('뉴스 · 토론');
  });

  it("is the screen's own from the first render, though the route's effect runs after the screen's", () => {
    render(
      <Route name="뉴스">
        <Screen own="최저임금 업종별 차등 적용" />
      </Route>,
    );
    expect(document.title).toBe('최저임금 업종별 차등 적용 · 토론');
  });

  it("is the screen's own once it has it, and the route's again when it has none", () => {
    const view = render(
      <Route name="뉴스">
        <Screen />
      </Route>,
    );
    view.rerender(
      <Route name="뉴스">
        <Screen own=" 최저임금 업종별 차등 적용 " />
      </Route>,
    );
    expect(document.title).toBe('최저임금 업종별 차등 적용 · 토론');
    // The route's name changing alone does not cover the screen's own.
    view.rerender(
      <Route name="뉴스 ">
        <Screen own="최저임금 업종별 차등 적용" />
      </Route>,
    );
    expect(document.title).toBe('최저임금 업종별 차등 적용 · 토론');
    view.rerender(
      <Route name="뉴스">
        <Screen own="   " />
      </Route>,
    );
    expect(document.title).toBe('뉴스 · 토론');
  });

  it("goes back to the route's name when the screen leaves", () => {
    const view = render(
      <Route name="토론방 목록">
        <Screen own="기본소득 도입해야 할까" />
      </Route>,
    );
    expect(document.title).toBe('기본소득 도입해야 할까 · 토론');
    view.rerender(<Route name="토론방 목록" />);
    expect(document.title).toBe('토론방 목록 · 토론');
  });
});
