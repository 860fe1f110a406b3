import { useStore } from '@nanostores/react';
import type { User } from '../../lib/bootstrap';
import type { CompanyValues, ProfileValues } from '../../lib/validation';
import { changePassword, saveCompany, saveProfile } from '../../stores/account';
import { $user } from '../../stores/session';
import { CompanyForm } from './CompanyForm';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

/** The personal-info form's starting values. */
function profileValues(user: User): ProfileValues {
  return { name: user.name ?? '', company: user.company ?? '', phone: user.phone ?? '' };
}

/** The company form's starting values. */
function companyValues(user: User): CompanyValues {
  const c = user.extra?.company ?? {};
  return {
    vatNumber: c.vatNumber ?? '',
    country: (c.country ?? '').toUpperCase(),
    state: c.state ?? '',
    city: c.city ?? '',
    street: c.street ?? '',
    postcode: c.postcode ?? '',
  };
}

/** /settings and /settings/account: personal info, password, company info. */
export default function SettingsPage() {
  const user = useStore($user);
  if (!user) return null;
  return (
    <div className="w-settings">
      <ProfileForm key={`p${user.id}`} initial={profileValues(user)} email={user.email} onSave={saveProfile} />
      <PasswordForm isGoogle={user.isGoogle} onSave={async (current, p) => void (await changePassword(current, p))} />
      <CompanyForm key={`c${user.id}`} initial={companyValues(user)} onSave={saveCompany} />
    </div>
  );
}
