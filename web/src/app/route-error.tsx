import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { StrokeIcon } from '@/components/ui/stroke-icon';

/** Last-resort screen, e.g. when a page chunk fails to load after a deploy. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
        {/* lucide's TriangleAlert */}
        <StrokeIcon className="size-6">
          <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
          <path d="M12 9v4" />
          <path d="M12 17h.01" />
        </StrokeIcon>
      </div>
      <h1 className="text-xl font-semibold text-foreground">{t('errors.generic')}</h1>
      {detail && <p className="max-w-md text-sm text-muted-foreground">{detail}</p>}
      <Button onClick={() => window.location.reload()}>{t('actions.reloadPage')}</Button>
    </main>
  );
}

class Boundary extends Component<{ at: string; children: ReactNode }, { error: unknown; at: string }> {
  state = { error: undefined as unknown, at: this.props.at };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error() };
  }

  // Another address is another try: going elsewhere leaves the error screen.
  static getDerivedStateFromProps(props: { at: string }, state: { error: unknown; at: string }) {
    return props.at === state.at ? null : { error: undefined, at: props.at };
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** Shows RouteError in place of the pages when one fails to render or to load. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary at={useLocation().key}>{children}</Boundary>;
}
