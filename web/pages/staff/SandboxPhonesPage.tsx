import { PhoneList } from './PhoneList';

/** `/yta/sandboxphones`: the sandbox phones, with a CSV download. */
export default function SandboxPhonesPage() {
  return <PhoneList kind="sandbox" />;
}
