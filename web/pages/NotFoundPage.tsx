import { Link } from 'wouter';
import { buttonClass } from '../components/Button';
import { MSG } from '../lib/messages';

/** The 404 page: code, title, hint and a link home (1-console §2). */
function NotFound() {
  return (
    <main className="w-status">
      <div className="w-status__box">
        <p className="w-status__code" aria-hidden="true">
          404
        </p>
        <h1 className="w-status__title">
          <span className="w-sr-only">404: </span>
          {MSG.notFoundTitle}
        </h1>
        <p className="w-status__hint">{MSG.notFoundHint}</p>
        <Link href="/" className={buttonClass('primary')}>
          Back to Homepage
        </Link>
      </div>
    </main>
  );
}

export default NotFound;
