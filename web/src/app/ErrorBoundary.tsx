import { Component, type ReactNode } from 'react';
import { paths } from '../lib/routes';
import { FailedScreen } from '../ui/FailedScreen';

interface BoundaryProps {
  readonly fallback: ReactNode;
  /** When this changes, a failed part is tried again (the location, for a screen). */
  readonly resetKey?: unknown;
  readonly children: ReactNode;
}

/**
 * Shows `fallback` instead of a part of the page that failed to render, so that it does not take
 * the whole app with it (React reports the error itself).
 */
export class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A screen that could not be shown. The usual cause is a screen's code that did not arrive (the
 * network dropped, or a new version replaced the file names an open tab still asks for); React
 * keeps a failed lazy import failed, so the way out is a reload.
 */
export function ScreenFailed() {
  return (
    <FailedScreen
      text="화면을 불러오지 못했습니다. 새로고침해 주세요."
      onRetry={() => window.location.reload()}
      retryLabel="새로고침"
      away={{ href: paths.main(), label: '홈으로' }}
    />
  );
}
