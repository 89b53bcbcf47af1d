import { useState } from 'react';
import { keepPreviousData, useQuery } from '../../lib/server-data';
import { useDebounced } from '../../lib/use-debounced';
import { routes } from '../../lib/routes';
import { Button } from '../../ui/Button';
import { ChipGroup } from '../../ui/Chip';
import { EmptyState } from '../../ui/EmptyState';
import { AlertIcon, FlagIcon } from '../../ui/icons';
import { LoadingBar } from '../../ui/LoadingBar';
import { Pager } from '../../ui/Pager';
import { SearchBox } from '../../ui/SearchBox';
import { Tabs, TabPanel } from '../../ui/Tabs';
import { reportListQuery } from './admin-api';
import { paged, reasonChips, resultChips, SEARCH_DEBOUNCE_MS, visibleRows, type AdminTab } from './admin-list';
import { NicknameCollisions } from './NicknameCollisions';
import { ReportModal, type ModalMode } from './ReportModal';
import { ReportTable } from './ReportTable';

const TABS = [
  { id: 'pending', label: '미처리' },
  { id: 'done', label: '처리 완료' },
] as const;

/**
 * The admin report list (docs/product-rules.md#staff-report-list): tabs, chips, search, 5 rows per page and the four
 * modals.
 */
export function AdminPage() {
  const [tab, setTab] = useState<AdminTab>('pending');
  const [chip, setChip] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  // The rows of the previous search stay while the next search loads.
  const reports = useQuery({ ...reportListQuery(search), placeholderData: keepPreviousData });
  const rows = reports.data ?? null;
  const failed = reports.isError && !reports.isFetching;
  const [modal, setModal] = useState<{ id: number; mode: ModalMode } | null>(null);

  const changeTab = (next: AdminTab) => {
    setTab(next);
    setChip(null);
    setPage(1);
  };
  const view = paged(visibleRows(rows ?? [], tab, chip), page);
  const firstLoad = rows === null && !failed;

  return (
    <main id="main" className="page-width flex flex-col gap-6 py-8 sm:py-12">
      <LoadingBar loading={reports.isFetching} fullScreen={firstLoad} />
      <h1 className="text-2xl font-bold tracking-normal sm:text-3xl">{routes.admin.title}</h1>
      <NicknameCollisions />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <Tabs
          label="신고 처리 상태"
          idPrefix="admin"
          tabs={TABS}
          active={tab}
          onChange={changeTab}
          className="sm:flex-1"
        />
        <SearchBox
          label="신고당한 사용자 검색"
          placeholder="신고당한 사용자 이름으로 검색"
          className="sm:w-80"
          onInput={(value) => {
            setQuery(value);
            setPage(1);
          }}
          onSearch={(value) => setQuery(value)}
        />
      </div>
      <TabPanel idPrefix="admin" id={tab} className="flex flex-col gap-5">
        <ChipGroup
          key={tab}
          label={tab === 'pending' ? '신고 사유로 거르기' : '처리 결과로 거르기'}
          options={tab === 'pending' ? reasonChips : resultChips}
          value={chip}
          onChange={(value) => {
            setChip(value);
            setPage(1);
          }}
        />
        {failed ? (
          <EmptyState
            icon={<AlertIcon />}
            text="신고 목록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요."
            action={
              <Button variant="secondary" onClick={() => void reports.refetch()}>
                다시 시도
              </Button>
            }
          />
        ) : view.rows.length === 0 ? (
          !firstLoad && <EmptyState icon={<FlagIcon />} text="신고 내역이 없습니다" />
        ) : (
          <ReportTable
            tab={tab}
            rows={view.rows}
            onOpen={(row) => setModal({ id: row.id, mode: tab === 'pending' ? 'check' : 'recover' })}
            onAct={(row) => setModal({ id: row.id, mode: tab === 'pending' ? 'process' : 'edit' })}
          />
        )}
        <Pager page={view.page} totalPages={view.totalPages} onChange={setPage} label="신고 목록 페이지" />
      </TabPanel>
      <ReportModal request={modal} onClose={() => setModal(null)} />
    </main>
  );
}
