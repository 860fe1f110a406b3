import { PhoneList } from './PhoneList';

/** `/yta/instagrams`: the Instagram accounts (phones of type instagram). */
export default function InstagramsPage() {
  return <PhoneList kind="instagram" />;
}
