import { ApiError } from '../../errors';
import type { GoogleContact, NewGoogleContact } from '../../shared/schemas/integrations';
import { PERSON_ALREADY_EXISTS, PERSON_ALREADY_EXISTS_MESSAGE } from '../../shared/google-messages';
import type { ServiceCtx } from '../context';
import { asGoogleAccount, googleError } from './accounts';

/** Pages of connections read when looking for a number already in the address book. */
const PAGES_MAX = 10;
const PAGE_SIZE = 1000;

interface Person {
  resourceName?: string;
  names?: { displayName?: string; givenName?: string; familyName?: string }[];
  phoneNumbers?: { value?: string; canonicalForm?: string }[];
}

function peopleBase(ctx: ServiceCtx): string {
  return `${ctx.config.GOOGLE_PEOPLE_URL.replace(/\/+$/, '')}/v1`;
}

function digits(value: string | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** Two spellings of one number: equal digits, or one is the other without its country code. */
function sameNumber(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 7 && long.endsWith(short);
}

function toContact(p: Person): GoogleContact {
  const name = p.names?.[0] ?? {};
  return {
    resourceName: p.resourceName ?? '',
    name: name.displayName ?? [name.givenName, name.familyName].filter(Boolean).join(' '),
    givenName: name.givenName ?? '',
    familyName: name.familyName ?? '',
    number: p.phoneNumbers?.[0]?.value ?? '',
  };
}

async function connectionsPage(
  ctx: ServiceCtx,
  pid: string,
  pageToken?: string,
): Promise<{ people: Person[]; next?: string }> {
  const url = new URL(`${peopleBase(ctx)}/people/me/connections`);
  url.searchParams.set('personFields', 'names,phoneNumbers');
  url.searchParams.set('pageSize', String(PAGE_SIZE));
  if (pageToken) url.searchParams.set('pageToken', pageToken);
  const res = await asGoogleAccount(ctx, pid, url.toString());
  if (!res.ok) throw new ApiError('UNAVAILABLE', await googleError(res));
  const body = (await res.json()) as { connections?: Person[]; nextPageToken?: string };
  return { people: body.connections ?? [], ...(body.nextPageToken ? { next: body.nextPageToken } : {}) };
}

/** The first page of the linked account's contacts, as name and number. */
export async function listGoogleContacts(ctx: ServiceCtx, pid: string): Promise<GoogleContact[]> {
  return (await connectionsPage(ctx, pid)).people.map(toContact);
}

/** Whether a number is already in the address book (the People API itself would add a twin). */
async function numberKnown(ctx: ServiceCtx, pid: string, number: string): Promise<boolean> {
  let token: string | undefined;
  for (let page = 0; page < PAGES_MAX; page++) {
    const { people, next } = await connectionsPage(ctx, pid, token);
    if (
      people.some((p) =>
        (p.phoneNumbers ?? []).some(
          (n) => sameNumber(digits(n.value), number) || sameNumber(digits(n.canonicalForm), number),
        ),
      )
    )
      return true;
    if (!next) return false;
    token = next;
  }
  return false;
}

/** Adds a contact; a number already there answers PERSON_ALREADY_EXISTS (3-developer §8). */
export async function addGoogleContact(
  ctx: ServiceCtx,
  pid: string,
  contact: NewGoogleContact,
): Promise<GoogleContact> {
  if (await numberKnown(ctx, pid, contact.number)) {
    throw new ApiError('DUPLICATE', PERSON_ALREADY_EXISTS_MESSAGE, undefined, { code: PERSON_ALREADY_EXISTS });
  }
  const res = await asGoogleAccount(
    ctx,
    pid,
    `${peopleBase(ctx)}/people:createContact?personFields=names,phoneNumbers`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        names: [{ givenName: contact.givenName, familyName: contact.familyName }],
        phoneNumbers: [{ value: contact.number }],
      }),
    },
  );
  if (!res.ok) throw new ApiError('UNAVAILABLE', await googleError(res));
  return toContact((await res.json()) as Person);
}
