import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass } from './Button';

interface Props {
  children: ReactNode;
  /** A new key (the path) clears a caught error: moving to another page shows that page again. */
  resetKey?: string;
  /** Where "Back" leads when there is no page to go back to. */
  home?: string;
  /** `page` inside the console's layout (sidebar kept), `screen` on its own. */
  variant?: 'page' | 'screen';
}

interface State {
  error: Error | null;
  key: string | undefined;
}

const PAGE_ERROR = {
  title: 'Something went wrong on this page',
  hint: 'Nothing you saved is lost. Go back, or reload the page to try again.',
} as const;

/**
 * Catches what a page throws while rendering (or a page's code that failed to load) and shows a
 * message with a way back instead of a white page (issue 23). The sidebar and the rest of the app
 * stay; another path clears it.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A page failed to render:', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const home = this.props.home ?? '/';
    const back = () => (history.length > 1 ? history.back() : location.assign(home));
    const Title = this.props.variant === 'screen' ? 'h1' : 'h2';
    return (
      <div className={this.props.variant === 'screen' ? 'w-status' : 'w-status w-status--inline'} role="alert">
        <div className="w-status__box">
          <Title className="w-status__title">{PAGE_ERROR.title}</Title>
          <p className="w-status__hint">{PAGE_ERROR.hint}</p>
          <div className="w-status__actions">
            <button type="button" className={buttonClass('primary')} onClick={back}>
              Go back
            </button>
            <button type="button" className={buttonClass('secondary')} onClick={() => location.reload()}>
              Reload
            </button>
            <Link href={home} className={buttonClass('secondary')}>
              Home
            </Link>
          </div>
        </div>
      </div>
    );
  }
}
