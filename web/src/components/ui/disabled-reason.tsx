import type { ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

/**
 * Says why the disabled controls inside cannot be used (a paused task, a locked week): a tooltip on
 * pointing or focusing, and the same words read out after the controls. A disabled button gets no
 * pointer events and no focus, so the reason hangs on a focusable wrapper.
 */
export function DisabledReason({ reason, children }: { reason: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: lets keyboard users reach the reason */}
        <span tabIndex={0} className="inline-flex rounded-md" data-testid="disabled-reason">
          {children}
          <span className="sr-only">{reason}</span>
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-72">{reason}</TooltipContent>
    </Tooltip>
  );
}
