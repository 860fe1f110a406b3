import { SingleCheckPage } from './SingleCheckPage';

/** /tools/get-whatsapp-profile-picture. */
export default function ProfilePicturePage() {
  return <SingleCheckPage mode="picture" />;
}
