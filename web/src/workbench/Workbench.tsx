import { useMemo, useState } from 'preact/hooks';
import { createApiClient } from '../api/client';
import { tabStorage } from '../api/tab-storage';
import { useMessages } from '../i18n/i18n';
import { Shell } from '../ui/Shell';
import { CatalogueTab } from './CatalogueTab';
import { CoverageTab } from './CoverageTab';
import { KeyPanel } from './KeyPanel';
import { LookupTab } from './LookupTab';
import { MESSAGES } from './messages';
import { OrdersTab } from './OrdersTab';
import { UsageTab } from './UsageTab';

const KEY_NAME = 'svc.workbench.apiKey';
const TABS = ['catalogue', 'orders', 'lookup', 'usage', 'coverage'] as const;
type Tab = (typeof TABS)[number];

export function Workbench() {
  const m = useMessages(MESSAGES);
  const [apiKey, setApiKey] = useState<string | undefined>(() => tabStorage.get(KEY_NAME));
  const [tab, setTab] = useState<Tab>('catalogue');
  const api = useMemo(() => createApiClient({ apiKey: () => apiKey }), [apiKey]);
  const names: Record<Tab, string> = { catalogue: m.tabCatalogue, orders: m.tabOrders, lookup: m.tabLookup, usage: m.tabUsage, coverage: m.tabCoverage };
  const nav = TABS.map((t) => (
    <button key={t} type="button" class="secondary" aria-current={tab === t ? 'page' : undefined} onClick={() => setTab(t)}>
      {names[t]}
    </button>
  ));
  return (
    <Shell title={m.title} nav={nav}>
      <KeyPanel
        apiKey={apiKey}
        onKey={(key) => {
          if (key === undefined) tabStorage.delete(KEY_NAME);
          else tabStorage.set(KEY_NAME, key);
          setApiKey(key);
        }}
      />
      {/* Every section stays mounted: switching tabs keeps a catalogue's results. */}
      <div hidden={tab !== 'catalogue'}>
        <CatalogueTab api={api} production={apiKey !== undefined} />
      </div>
      <div hidden={tab !== 'orders'}>{tab === 'orders' ? <OrdersTab api={api} production={apiKey !== undefined} /> : null}</div>
      <div hidden={tab !== 'lookup'}>
        <LookupTab api={api} />
      </div>
      <div hidden={tab !== 'usage'}>{tab === 'usage' ? <UsageTab api={api} production={apiKey !== undefined} /> : null}</div>
      <div hidden={tab !== 'coverage'}>
        <CoverageTab api={api} />
      </div>
    </Shell>
  );
}
