import type { RoomInfo } from '@toron/engine';
import type { ReactNode } from 'react';
import { ClampedTitle } from '../../ui/ClampedTitle';
import { UsersIcon } from '../../ui/icons';
import { ShareButton } from '../../ui/ShareButton';
import { RoomInfoToggle } from './RoomInfoToggle';
import { liveRoomShare } from './share-targets';
import { cx } from '../../ui/cx';

interface RoomBarProps {
  info: RoomInfo;
  onExit: () => void;
  onOpenPanel?: () => void;
  children?: ReactNode;
}

/**
 * The light top bar of a running room (the site header is hidden while debating): title (up to two lines, the whole
 * of it on a press), status, info, share, exit.
 */
export function RoomBar({ info, onExit, onOpenPanel, children }: RoomBarProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper">
      <div className="page-width flex min-h-16 flex-wrap items-center gap-x-3 gap-y-1 py-2">
        <ClampedTitle text={info.title} className="flex-1 text-[0.9375rem] font-bold sm:text-base" />
        <div className="order-3 flex w-full items-center justify-between gap-2 sm:order-2 sm:w-auto">{children}</div>
        <div className="order-2 flex items-center sm:order-3">
          <span className="hidden sm:block">
            <RoomInfoToggle info={info} />
          </span>
          <ShareButton target={liveRoomShare(info)} />
          {onOpenPanel && (
            <button
              type="button"
              onClick={onOpenPanel}
              aria-label="참가자와 토론방 정보"
              className={cx(
                'inline-flex size-11 items-center justify-center rounded-lg text-ink-muted',
                'hover:bg-surface lg:hidden',
              )}
            >
              <UsersIcon aria-hidden="true" />
            </button>
          )}
          <button
            type="button"
            onClick={onExit}
            className="min-h-11 rounded-lg px-3 text-sm font-semibold text-danger hover:bg-danger-soft"
          >
            나가기
          </button>
        </div>
      </div>
    </header>
  );
}
