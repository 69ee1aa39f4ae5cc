import { FileSpreadsheet, FileText, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Downloads of what the screen shows (the server builds them from the same filters), and print. */
export function ExportActions(props: { csv: string; xlsx: string; disabled?: boolean }) {
  const { t } = useTranslation('reports');
  if (props.disabled) return null;
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button asChild variant="outline" size="sm">
        <a href={props.csv} download>
          <FileText aria-hidden /> {t('export.csv')}
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={props.xlsx} download>
          <FileSpreadsheet aria-hidden /> {t('export.excel')}
        </a>
      </Button>
      <Button variant="outline" size="sm" onClick={() => window.print()}>
        <Printer aria-hidden /> {t('export.print')}
      </Button>
    </div>
  );
}
