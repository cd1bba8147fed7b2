import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { ShieldAlert } from 'lucide-react';
import { PageHeader } from '#web/components/page-header';
import { PageSkeleton } from '#web/components/page-skeleton';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { Tabs } from '#web/components/ui/tabs';
import { useAuth } from '../auth/api';

function tab<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

// Each tab is its own chunk: the heavy ones (editor, uploads) load only when opened.
const adminTabs: Array<{ value: string; label: string; component: LazyExoticComponent<ComponentType> }> = [
  {
    value: 'content',
    label: 'Content Upload',
    component: tab(() => import('./tabs/content-upload-tab'), 'ContentUploadTab'),
  },
  {
    value: 'news',
    label: 'News & Views',
    component: tab(() => import('./tabs/news-and-views-tab'), 'NewsAndViewsTab'),
  },
  {
    value: 'catalogue',
    label: 'Back Catalogue',
    component: tab(() => import('./tabs/back-catalogue-tab'), 'BackCatalogueTab'),
  },
  {
    value: 'performance',
    label: 'Tipping Performance',
    component: tab(() => import('../performance/admin/tipping-performance-tab'), 'TippingPerformanceTab'),
  },
  {
    value: 'race-cards',
    label: 'VBG Race Cards',
    component: tab(() => import('./tabs/race-cards-tab'), 'RaceCardsTab'),
  },
  {
    value: 'settings',
    label: 'System Settings',
    component: tab(() => import('./tabs/system-settings-tab'), 'SystemSettingsTab'),
  },
  { value: 'business', label: 'Business', component: tab(() => import('./tabs/business-tab'), 'BusinessTab') },
];

export function AdminAccessRequired() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
      <Card className="mx-auto max-w-lg text-center">
        <CardHeader className="items-center">
          <ShieldAlert className="h-10 w-10 text-red-700" aria-hidden="true" />
          <CardTitle as="h1">Admin Access Required</CardTitle>
          <CardDescription>You need administrator privileges to access this panel.</CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}

/** The admin panel: one panel, six tabs (DESIGN decision 1), and the owner's Business figures. */
export function AdminPage() {
  const { user, isAdmin, isLoading } = useAuth();
  const [value, setValue] = useState('content');
  if (isLoading) return <PageSkeleton />;
  if (!user || !isAdmin) return <AdminAccessRequired />;
  return (
    <>
      <PageHeader title="Admin Panel" subtitle="Upload the daily content and manage the site." />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <Tabs
          label="Admin sections"
          value={value}
          onValueChange={setValue}
          listClassName="grid grid-cols-2 sm:grid-cols-4 lg:grid-cols-7"
          items={adminTabs.map(({ value: v, label, component: Tab }) => ({
            value: v,
            label,
            content: (
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <Tab />
              </Suspense>
            ),
          }))}
        />
      </div>
    </>
  );
}
