import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Loader } from '../components/Loader';

export interface LoaderScreenProps {
  /** 'Load Failed.' after a failed product load. */
  error?: string;
  onRetry: () => void;
  onLogout: () => void;
}

/** Full-screen loader while the product loads, with a retry when it failed. */
export function LoaderScreen({ error, onRetry, onLogout }: LoaderScreenProps) {
  return (
    <main className="w-loader-screen">
      {error ? (
        <div className="w-loader-screen__box">
          <Alert tone="error">{error}</Alert>
          <div className="w-form__actions">
            <Button onClick={onRetry}>Try again</Button>
            <Button variant="ghost" onClick={onLogout}>
              Logout
            </Button>
          </div>
        </div>
      ) : (
        <Loader label="Loading your console…" />
      )}
    </main>
  );
}
