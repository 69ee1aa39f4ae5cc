import { Label } from './label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

const ALL = 'all';

/** A labelled filter of a list screen (reports, the audit log); `allLabel` is the choice of no filter. */
export function FilterSelect(props: {
  id: string;
  label: string;
  value: string | undefined;
  allLabel?: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={props.id} className="text-xs text-muted-foreground">
        {props.label}
      </Label>
      <Select value={props.value ?? ALL} onValueChange={(v) => props.onChange(v === ALL ? undefined : v)}>
        <SelectTrigger id={props.id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {props.allLabel && <SelectItem value={ALL}>{props.allLabel}</SelectItem>}
          {props.options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
