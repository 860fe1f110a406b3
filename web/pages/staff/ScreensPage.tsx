import { countOf } from '../../../src/shared/format';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { Checkbox } from '../../components/Checkbox';
import { Pagination } from '../../components/Pagination';
import { SCREEN_FILTERS, type ScreenFilter } from '../../../src/shared/staff-limits';
import { loadScreens, type ScreensPage as Screens } from '../../stores/staff-phones';
import { staffDate } from './staff-format';
import './staff-phones.css';

type Screen = Screens['result'][number];
const PAGE = 120;
/** The lazy-load margin of the grid's images (4-admin §9). */
const ROOT_MARGIN = '50px';
const KEYS = Object.keys(SCREEN_FILTERS) as ScreenFilter[];

/** One screen: loads when it comes within 50 px of the viewport; its refresh reloads this image only. */
function ScreenTile({ screen }: { screen: Screen }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), {
      rootMargin: ROOT_MARGIN,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);
  const src = `${screen.image_link}${version ? `?v=${version}` : ''}`;
  return (
    <div ref={ref} className="staff-screens__tile" title={`Last modified ${staffDate(screen.modified_date)}`}>
      <a href={src} target="_blank" rel="noreferrer" className="staff-screens__link">
        {visible ? (
          <img src={src} alt={`Screen of phone ${screen.id} (${screen.status})`} width={180} height={320} />
        ) : (
          <span className="staff-screens__placeholder" />
        )}
      </a>
      <div className="staff-screens__meta">
        <span>
          #{screen.id} · {screen.status}
        </span>
        <button
          type="button"
          className="staff-screens__refresh"
          onClick={() => setVersion(Date.now())}
          aria-label={`Refresh screen of phone ${screen.id}`}
        >
          ↻
        </button>
      </div>
    </div>
  );
}

/** `/yta/screens`: phone screens six to a row, filtered by status, 'Rocket Gizle' and 'Sid Free Gizle'. */
export default function ScreensPage() {
  const [show, setShow] = useState<ReadonlySet<ScreenFilter>>(new Set(KEYS));
  const [hideRocket, setHideRocket] = useState(false);
  const [hideFree, setHideFree] = useState(false);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Screens | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    loadScreens({ show: [...show].join(','), hideRocket, hideFree, page, limit: PAGE }).then(setData, (err: Error) =>
      setError(err.message),
    );
  }, [show, hideRocket, hideFree, page]);
  const toggle = (k: ScreenFilter) => (on: boolean) => {
    setPage(1);
    setShow((s) => new Set(on ? [...s, k] : [...s].filter((x) => x !== k)));
  };
  return (
    <Card className="staff-phones__card" title="Screens">
      <div className="staff__filters">
        {KEYS.map((k) => (
          <Checkbox key={k} label={SCREEN_FILTERS[k].label} checked={show.has(k)} onChange={toggle(k)} />
        ))}
        <Checkbox label="Rocket Gizle" checked={hideRocket} onChange={(v) => (setPage(1), setHideRocket(v))} />
        <Checkbox label="Sid Free Gizle" checked={hideFree} onChange={(v) => (setPage(1), setHideFree(v))} />
      </div>
      <p>{`Showing ${data?.result.length ?? 0} / Total ${data?.all ?? 0}`}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="staff-screens">
        {data?.result.map((s) => (
          <ScreenTile key={s.id} screen={s} />
        ))}
      </div>
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil((data?.total ?? 0) / PAGE))}
        onChange={setPage}
        summary={countOf(data?.total ?? 0, 'screen')}
      />
    </Card>
  );
}
