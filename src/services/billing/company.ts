import { eq } from 'drizzle-orm';
import { checkouts, users } from '../../../db/schema';
import { updateUser } from '../auth/users';
import type { ServiceCtx } from '../context';

/**
 * The company details given at a paid checkout become the buyer's Settings company (User.extra.company,
 * and the company name), so the next purchase and the settings page start from them (issue 22). A
 * staff member's custom link (its own title) leaves the customer's settings as they are.
 */
export async function saveCheckoutCompany(ctx: ServiceCtx, checkoutId: string): Promise<void> {
  const c = await ctx.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).get();
  const co = c?.company;
  if (!c || !co || c.title) return;
  const user = await ctx.db.select().from(users).where(eq(users.id, c.uid)).get();
  if (!user) return;
  const company = {
    name: co.companyName ?? '',
    vatNumber: co.vatNumber ?? '',
    street: co.companyStreet ?? '',
    city: co.companyCity ?? '',
    state: co.companyState ?? '',
    country: co.companyCountry ?? '',
    postcode: co.companyPostCode ?? '',
    ...(user.extra.company?.phonenumber ? { phonenumber: user.extra.company.phonenumber } : {}),
  };
  await updateUser(ctx, user.id, { company: company.name || user.company, extra: { company } });
}
