import { PhoneList } from './PhoneList';

/** `/yta/phones`: every phone, with Only Subs and Hide Idle-Free. */
export default function PhonesPage() {
  return <PhoneList kind="all" />;
}
