import { apiPost } from '../lib/api';
import type { CompanyValues, ProfileValues } from '../lib/validation';
import type { User } from '../lib/bootstrap';
import { $user, setUser } from './session';

function currentUser(): User {
  const user = $user.get();
  if (!user) throw new Error('Not signed in');
  return user;
}

/** Saves name, company name and phone (`POST /api/auth/updateInfo`). */
export async function saveProfile(v: ProfileValues): Promise<void> {
  const body = await apiPost<{ data: User }>('/api/auth/updateInfo', {
    name: v.name.trim(),
    phone: v.phone.trim(),
    company: v.company.trim(),
  });
  setUser(body.data);
}

/** Changes the password, confirming the current one (`POST /api/auth/updatePassword`); resolves to the server's message. */
export async function changePassword(currentpassword: string, newpassword: string): Promise<string> {
  const body = await apiPost<{ message?: string }>('/api/auth/updatePassword', { currentpassword, newpassword });
  return body.message ?? '';
}

/** Saves the company block (`POST /api/auth/updateInfo` with `extra.company` and the company name). */
export async function saveCompany(v: CompanyValues): Promise<void> {
  const user = currentUser();
  // The company name is edited in personal info; the company block carries it for invoices.
  const company = {
    name: user.company ?? '',
    vatNumber: v.vatNumber.trim(),
    country: v.country,
    state: v.state.trim(),
    city: v.city.trim(),
    street: v.street.trim(),
    postcode: v.postcode.trim(),
  };
  const body = await apiPost<{ data: User }>('/api/auth/updateInfo', {
    id: user.id,
    company: company.name,
    extra: { company },
  });
  setUser(body.data);
}
