import { Construction } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/** Stands in for an admin tab until the issue named in `note` fills it. */
export function TabPlaceholder({ title, note }: { title: string; note: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription className="flex items-start gap-2">
          <Construction className="mt-0.5 h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
          <span>{note}</span>
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
