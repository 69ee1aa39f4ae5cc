// @vitest-environment happy-dom
import { type ScheduleFormValues, scheduleForm } from '@contract/schedules';
import { act, type ComponentProps, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { type ToasterToast, toast, useToast } from '@/components/ui/use-toast';
import { Form } from './form';
import { TextField } from './field';
import { useZodForm } from './use-zod-form';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let shown: ToasterToast[] = [];
function Toasts() {
  shown = useToast().toasts;
  return null;
}

/** The team setup's schedule form in small: one day's hours and the zone, saved with a toast. */
function ScheduleForm() {
  const form = useZodForm(scheduleForm, {
    defaultValues: { hours: [8, 8, 8, 8, 8, 0, 0], timeZone: '' },
  });
  // children as createElement's own arguments; the props' type wants them too, so it is named here
  const props = {
    form,
    idPrefix: 'schedule',
    onSubmit: () => {
      toast({ title: 'Schedule Saved' });
    },
  } as unknown as ComponentProps<typeof Form<ScheduleFormValues, ScheduleFormValues>>;
  return createElement(
    Form<ScheduleFormValues, ScheduleFormValues>,
    props,
    createElement(TextField, { name: 'hours.2', label: 'Wednesday hours', type: 'number' }),
    createElement('button', { type: 'submit' }, 'Save Schedule'),
  );
}

const open = () => shown.filter((t) => t.open).map((t) => t.title);

describe('Form', () => {
  it('withdraws the toast of an earlier save when the next submit is refused for its fields', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () =>
      root.render(createElement('div', null, createElement(Toasts), createElement(ScheduleForm))),
    );
    const input = container.querySelector<HTMLInputElement>('#schedule-hours\\.2');
    const button = container.querySelector('button');
    if (!input || !button) throw new Error('the form did not render');

    await act(async () => button.click());
    await expect.poll(open).toEqual(['Schedule Saved']);

    // 25 hours on a Wednesday: the contract refuses it before anything is sent.
    await act(async () => {
      // through the prototype's setter, as typing does: React's own tracker must see the change
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '25');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => button.click());
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    expect(open()).toEqual([]);

    // A toast that offers an action is not an outcome gone stale: it stays.
    await act(async () => {
      toast({ title: 'Timer Started', action: { label: 'Discard', altText: 'Discard', onClick: () => {} } });
    });
    await act(async () => button.click());
    expect(open()).toEqual(['Timer Started']);
    await act(async () => root.unmount());
  });
});
