import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter, DialogFrame } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTimeSummary } from './api';
import { monthStart } from './zoned';

/** Downloads the user's entries of a date range as CSV (a plain link: the session cookie goes along). */
export function ExportDialog() {
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
          <Download aria-hidden /> Export CSV
        </Button>
      }
      title="Export Time Entries"
      description="Download your entries between two dates as a CSV file."
    >
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="export-from">From</Label>
          <Input id="export-from" type="date" value={range.from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="export-to">To</Label>
          <Input id="export-to" type="date" value={range.to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      {invalid && <p className="text-sm text-destructive">Choose a start date on or before the end date.</p>}
      <DialogFooter>
        <Button variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        {invalid ? (
          <Button disabled>Download CSV</Button>
        ) : (
          <Button asChild onClick={() => setOpen(false)}>
            <a href={href} download>
              <Download aria-hidden /> Download CSV
            </a>
          </Button>
        )}
      </DialogFooter>
    </DialogFrame>
  );
}
