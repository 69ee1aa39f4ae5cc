import { Check, ChevronsUpDown } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { fieldClasses } from './input';

export type ComboboxOption = { value: string; label: string };

/** Lower case, with '/', '_' and '-' read as spaces: "new york" finds America/New_York. */
const words = (s: string) => s.toLowerCase().replace(/[/_-]+/g, ' ');

/** Every word typed is found in the option's label or value. */
function matches(option: ComboboxOption, query: string) {
  const haystack = `${words(option.label)} ${words(option.value)}`;
  return words(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * A choice from a long list that is searched by typing (the WAI-ARIA combobox with a list popup):
 * the box shows the chosen option; typing filters the list; ↑/↓ move, Enter chooses, Escape or
 * leaving the box keeps the choice as it was. Named by a <Label htmlFor={id}>.
 */
export function Combobox({
  id,
  value,
  options,
  onValueChange,
  onBlur,
  inputRef,
  name,
  listLabel,
  placeholder,
  emptyText,
  disabled,
  className,
  ...aria
}: {
  id: string;
  value: string | null | undefined;
  options: readonly ComboboxOption[];
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  /** The list's name for assistive tech (the field's label). */
  listLabel: string;
  placeholder?: string;
  /** Shown in place of the list when nothing matches what was typed. */
  emptyText?: string;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // What is typed; null while not searching (the box then shows the chosen option).
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const selected = options.find((o) => o.value === value);
  const shown = useMemo(() => (query ? options.filter((o) => matches(o, query)) : options), [options, query]);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // The highlighted option stays in sight as the arrows move through a long list.
  useEffect(() => {
    if (open) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  const openList = () => {
    setOpen(true);
    setActive(
      Math.max(
        0,
        shown.findIndex((o) => o.value === value),
      ),
    );
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: ComboboxOption) => {
    onValueChange(option.value);
    close();
  };
  const move = (by: number) => {
    if (!open) return openList();
    setActive((i) => Math.min(Math.max(0, shown.length - 1), Math.max(0, i + by)));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        return move(1);
      case 'ArrowUp':
        e.preventDefault();
        return move(-1);
      case 'PageDown':
        e.preventDefault();
        return move(10);
      case 'PageUp':
        e.preventDefault();
        return move(-10);
      case 'Enter': {
        // Closed, Enter submits the form as in any text box.
        if (!open) return;
        e.preventDefault();
        const option = shown[active];
        if (option) choose(option);
        return;
      }
      case 'Escape':
        if (!open && query === null) return;
        e.preventDefault();
        e.stopPropagation();
        return close();
      case 'Tab':
        return close();
    }
  };

  const listed = open && shown.length > 0;
  return (
    <div className={cn('relative', className)}>
      <input
        {...aria}
        id={id}
        ref={inputRef}
        name={name}
        type="text"
        role="combobox"
        aria-expanded={listed}
        aria-controls={listed ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={listed ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        className={cn(fieldClasses, 'h-9 py-1 pr-9')}
        value={query ?? selected?.label ?? ''}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onClick={() => !open && openList()}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <ChevronsUpDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a press in the list must not take the focus from the box (it would close the list first)
        <div
          className="absolute z-50 mt-1 w-full rounded-md border bg-popover text-popover-foreground shadow-lg data-[state=open]:animate-fade-in"
          data-state="open"
          onMouseDown={(e) => e.preventDefault()}
        >
          {listed ? (
            <div id={listId} role="listbox" aria-label={listLabel} className="max-h-64 overflow-y-auto p-1">
              {shown.map((option, index) => (
                // The keys are the box's (aria-activedescendant): an option is pointed at, never focused.
                <div
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  tabIndex={-1}
                  className={cn(
                    'relative flex cursor-pointer select-none items-center rounded-sm py-1.5 pr-8 pl-2 text-sm',
                    index === active && 'bg-accent text-accent-foreground',
                  )}
                  onMouseMove={() => index !== active && setActive(index)}
                  onClick={() => choose(option)}
                  onKeyDown={() => undefined}
                >
                  {option.label}
                  {option.value === value && (
                    <Check className="absolute right-2 size-4 text-primary" aria-hidden />
                  )}
                </div>
              ))}
            </div>
          ) : (
            <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
              {emptyText ?? t('combobox.empty')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
