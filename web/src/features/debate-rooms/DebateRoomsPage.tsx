import { useState } from 'react';
import { paths, routes } from '../../lib/routes';
import { ButtonLink } from '../../ui/Button';
import { SearchBox } from '../../ui/SearchBox';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { FinishedRooms } from './FinishedRooms';
import { JoinableRooms } from './JoinableRooms';
import { RoomFilterPanel } from './RoomFilterPanel';
import {
  initialQuery,
  MODE_TABS,
  resetFilters,
  setFilter,
  setSearch,
  setSort,
  switchMode,
  type RoomQuery,
} from './room-query';
import { SortButtons } from './SortButtons';

/** The room list (/debate-rooms): 참여가능 live over STOMP, 종료 paged over REST (docs/product-rules.md#room-list). */
export function DebateRoomsPage() {
  const [query, setQuery] = useState<RoomQuery>(initialQuery);
  return (
    <main id="main" className="page-width flex flex-col gap-6 py-8 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-brand">토론방</p>
          <h1 className="text-2xl font-bold sm:text-3xl">{routes.debateRooms.title}</h1>
          <p className="text-[0.9375rem] text-ink-muted">찬성 또는 반대로 참여하거나, 토론을 참관해 보세요.</p>
        </div>
        <ButtonLink href={paths.newDebate()}>토론방 개설</ButtonLink>
      </header>

      <Tabs
        label="토론방 상태"
        idPrefix="rooms"
        tabs={MODE_TABS}
        active={query.mode}
        onChange={(mode) => setQuery((q) => switchMode(q, mode))}
      />
      <TabPanel idPrefix="rooms" id={query.mode} className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <RoomFilterPanel
            filters={query.filters}
            onChange={(key, value) => setQuery((q) => setFilter(q, key, value))}
            onReset={() => setQuery(resetFilters)}
          />
          <SortButtons mode={query.mode} sort={query.sort} onChange={(sort) => setQuery((q) => setSort(q, sort))} />
          {query.mode === 'finished' && (
            <SearchBox
              label="종료된 토론방 검색"
              placeholder="찾으시는 토론방 키워드를 검색하세요"
              className="w-full sm:w-80"
              onSearch={(q) => setQuery((prev) => setSearch(prev, q))}
              onInput={(q) => setQuery((prev) => setSearch(prev, q))}
            />
          )}
        </div>
        {query.mode === 'joinable' ? (
          <JoinableRooms query={query} />
        ) : (
          <FinishedRooms query={query} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
        )}
      </TabPanel>
    </main>
  );
}
