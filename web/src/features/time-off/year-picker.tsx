import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The year a page shows, with the previous and next one a click away (allowances, holidays). */
export function YearPicker({ year, onYear }: { year: number; onYear: (year: number) => void }) {
  const { t } = useTranslation('time-off');
  return (
    <div className="flex items-center gap-2">
      <Button variant="outline" size="icon" aria-label={t('year.previous')} onClick={() => onYear(year - 1)}>
        <ChevronLeft aria-hidden />
      </Button>
      <h2 className="min-w-14 text-center text-base font-semibold tabular-nums" data-testid="year-title">
        {year}
      </h2>
      <Button variant="outline" size="icon" aria-label={t('year.next')} onClick={() => onYear(year + 1)}>
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}
