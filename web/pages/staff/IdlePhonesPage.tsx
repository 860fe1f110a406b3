import { PhoneList } from './PhoneList';

/** `/yta/idlephones`: the idle phones. */
export default function IdlePhonesPage() {
  return <PhoneList kind="idle" />;
}
