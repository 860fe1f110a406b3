import { Chip } from '../../components/Badge';
import { statusLabel, statusTone } from '../../lib/phones';

/** A phone's status as a coloured chip; conn-retry reads 'no internet'. */
export function StatusChip({ status }: { status: string }) {
  return (
    <Chip tone={statusTone(status)} dot>
      {statusLabel(status)}
    </Chip>
  );
}
