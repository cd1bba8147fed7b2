import { useState } from 'react';
import { Tabs } from '#web/components/ui/tabs';
import { PerformanceHistory } from './performance-history';
import { RecordTips } from './record-tips';

/** The Tipping tool tab: Record New Tips and Performance History (decision 0006). */
export function TippingPerformanceTab() {
  const [tab, setTab] = useState('record');
  return (
    <Tabs
      label="Tipping Performance"
      value={tab}
      onValueChange={setTab}
      listClassName="sm:grid sm:grid-cols-2"
      items={[
        { value: 'record', label: 'Record New Tips', content: <RecordTips /> },
        { value: 'history', label: 'Performance History', content: <PerformanceHistory /> },
      ]}
    />
  );
}
