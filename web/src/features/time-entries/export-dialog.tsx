import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogFooter, DialogFrame } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTimeSummary } from './api';
import { monthStart } from './zoned';

/** Downloads the user's entries of a date range as CSV (a plain link: the session cookie goes along). */
export function ExportDialog() {
  const { t } = useTranslation('time');
  const summary = useTimeSummary();
  const today = summary.data?.today ?? new Date().toISOString().slice(0, 10);
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = { from: from || monthStart(today), to: to || today };
  const invalid = !range.from || !range.to || range.from > range.to;
  const href = `/api/time-entries/export?${new URLSearchParams(range)}`;

  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      className="max-w-md"
      trigger={
        <Button variant="outline">
          <Download aria-hidden /> {t('export.trigger')}
        </Button>
      }
      title={t('export.title')}
      description={t('export.description')}
    >
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="export-from">{t('export.from')}</Label>
          <Input id="export-from" type="date" value={range.from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="export-to">{t('export.to')}</Label>
          <Input id="export-to" type="date" value={range.to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      {invalid && <p className="text-sm text-destructive">{t('export.invalid')}</p>}
      <DialogFooter>
        <Button variant="outline" onClick={() => setOpen(false)}>
          {t('common:actions.cancel')}
        </Button>
        {invalid ? (
          <Button disabled>{t('export.download')}</Button>
        ) : (
          <Button asChild onClick={() => setOpen(false)}>
            <a href={href} download>
              <Download aria-hidden /> {t('export.download')}
            </a>
          </Button>
        )}
      </DialogFooter>
    </DialogFrame>
  );
}
