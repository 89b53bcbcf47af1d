import { useState } from 'react';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { DebateTopSlot } from './DebateTopSlot';
import { NewsTopTen } from './NewsTopTen';
import { homeDateTitle } from './today';

type HomeTab = 'news' | 'debates';
const TABS = [
  { id: 'news', label: '뉴스 TOP 10' },
  { id: 'debates', label: '토론 TOP 10' },
] as const;

/** Home (/main): today's date, then the news and debate top tens in two tabs. */
export function HomePage() {
  const [tab, setTab] = useState<HomeTab>('news');
  return (
    <main id="main" className="page-width flex flex-col gap-6 py-8 sm:gap-8 sm:py-12">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-brand">오늘의 뉴스와 토론</p>
        <h1 className="text-[1.75rem] font-bold sm:text-4xl">{homeDateTitle(Date.now())}</h1>
      </header>
      <Tabs label="오늘의 순위" idPrefix="home" tabs={TABS} active={tab} onChange={setTab} />
      <TabPanel idPrefix="home" id={tab}>
        {tab === 'news' ? <NewsTopTen /> : <DebateTopSlot />}
      </TabPanel>
    </main>
  );
}
