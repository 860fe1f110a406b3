import { SingleCheckPage } from './SingleCheckPage';

/** /tools/whatsapp-check-numbers (also /tools/whatsapp-number-checker). */
export default function NumberCheckerPage() {
  return <SingleCheckPage mode="number" />;
}
