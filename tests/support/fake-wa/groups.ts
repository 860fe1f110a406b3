import { randomBytes, randomInt } from 'node:crypto';
import { getBinaryNodeChildren, type BinaryNode } from 'baileys';

/** A person in a group, addressed by LID with the phone number alongside (as in LID-addressed groups). */
export interface Member {
  lid: string;
  pn: string;
  admin?: 'admin' | 'superadmin';
}

export interface FakeGroup {
  id: string;
  subject: string;
  creation: number;
  creator: Member;
  members: Member[];
  announce: boolean;
  locked: boolean;
  ephemeral: number;
  invite: string;
}

export type MemberAction = 'add' | 'remove' | 'promote' | 'demote';

const now = () => Math.floor(Date.now() / 1000);

function error(iq: BinaryNode, code: number, text: string): BinaryNode {
  return {
    tag: 'iq',
    attrs: { id: iq.attrs.id!, type: 'error', from: iq.attrs.to ?? '@g.us' },
    content: [{ tag: 'error', attrs: { code: String(code), text } }],
  };
}

function result(iq: BinaryNode, content?: BinaryNode[]): BinaryNode {
  return {
    tag: 'iq',
    attrs: { id: iq.attrs.id!, type: 'result', from: iq.attrs.to ?? '@g.us' },
    ...(content ? { content } : {}),
  };
}

/** The group part of the fake server: the `w:g2` queries and the group of each notification. */
export class FakeGroups {
  readonly groups = new Map<string, FakeGroup>();

  /** `who` finds a member by LID or phone-number JID. */
  constructor(private readonly who: (jid: string) => Member | undefined) {}

  /** The `<group>` node WhatsApp answers metadata queries with. */
  node(g: FakeGroup): BinaryNode {
    const flags: BinaryNode[] = [
      ...(g.announce ? [{ tag: 'announcement', attrs: {} }] : []),
      ...(g.locked ? [{ tag: 'locked', attrs: {} }] : []),
      ...(g.ephemeral ? [{ tag: 'ephemeral', attrs: { expiration: String(g.ephemeral) } }] : []),
    ];
    return {
      tag: 'group',
      attrs: {
        id: g.id.split('@')[0]!,
        subject: g.subject,
        s_t: String(g.creation),
        creation: String(g.creation),
        creator: g.creator.lid,
        creator_pn: g.creator.pn,
        addressing_mode: 'lid',
        size: String(g.members.length),
      },
      content: [
        ...g.members.map((m) => ({
          tag: 'participant',
          attrs: { jid: m.lid, phone_number: m.pn, ...(m.admin ? { type: m.admin } : {}) },
        })),
        ...flags,
      ],
    };
  }

  /** Applies an admin's change to the members; returns the `<participant>`s it affected. */
  apply(g: FakeGroup, action: MemberAction, people: Member[]): Member[] {
    for (const p of people) {
      const inGroup = g.members.find((m) => m.lid === p.lid);
      if (action === 'add' && !inGroup) g.members.push({ lid: p.lid, pn: p.pn });
      if (action === 'remove') g.members = g.members.filter((m) => m.lid !== p.lid);
      if (action === 'promote' && inGroup) inGroup.admin = 'admin';
      if (action === 'demote' && inGroup) delete inGroup.admin;
    }
    return people;
  }

  /** Answers a `w:g2` query from `caller`. */
  answer(iq: BinaryNode, caller: Member): BinaryNode {
    const first = Array.isArray(iq.content) ? iq.content[0] : undefined;
    if (!first) return result(iq);
    if (first.tag === 'create') return this.create(iq, first, caller);
    if (first.tag === 'participating')
      return result(iq, [{ tag: 'groups', attrs: {}, content: this.of(caller).map((g) => this.node(g)) }]);
    if (first.tag === 'leave') {
      for (const id of getBinaryNodeChildren(first, 'group').map((n) => n.attrs.id!)) {
        const g = this.groups.get(id);
        if (g) g.members = g.members.filter((m) => m.lid !== caller.lid);
      }
      return result(iq);
    }
    const g = this.groups.get(iq.attrs.to ?? '');
    if (!g) return error(iq, 404, 'item-not-found');
    const me = g.members.find((m) => m.lid === caller.lid);
    if (!me) return error(iq, 403, 'forbidden');
    if (first.tag === 'query') return result(iq, [this.node(g)]);
    if (!me.admin) return error(iq, 401, 'not-authorized');
    switch (first.tag) {
      case 'invite':
        return result(iq, [{ tag: 'invite', attrs: { code: g.invite } }]);
      case 'add':
      case 'remove':
      case 'promote':
      case 'demote': {
        const asked = getBinaryNodeChildren(first, 'participant').map((p) => p.attrs.jid!);
        const known = asked.map((jid) => this.who(jid));
        this.apply(
          g,
          first.tag,
          known.filter((m): m is Member => Boolean(m)),
        );
        const affected = asked.map((jid, i) => ({
          tag: 'participant',
          attrs: { jid, ...(known[i] ? {} : { error: '404' }) },
        }));
        return result(iq, [{ tag: first.tag, attrs: {}, content: affected }]);
      }
      case 'announcement':
      case 'not_announcement':
        g.announce = first.tag === 'announcement';
        return result(iq);
      case 'locked':
      case 'unlocked':
        g.locked = first.tag === 'locked';
        return result(iq);
      case 'ephemeral':
        g.ephemeral = Number(first.attrs.expiration);
        return result(iq);
      case 'not_ephemeral':
        g.ephemeral = 0;
        return result(iq);
      default:
        return result(iq);
    }
  }

  /** A `w:gp2` notification of a group change made by `actor`. */
  notification(g: FakeGroup, actor: Member, change: BinaryNode): BinaryNode {
    return {
      tag: 'notification',
      attrs: {
        from: g.id,
        type: 'w:gp2',
        id: String(randomInt(1e9, 9e9)),
        t: String(now()),
        participant: actor.lid,
        participant_pn: actor.pn,
      },
      content: [change],
    };
  }

  private of(member: Member): FakeGroup[] {
    return [...this.groups.values()].filter((g) => g.members.some((m) => m.lid === member.lid));
  }

  private create(iq: BinaryNode, create: BinaryNode, caller: Member): BinaryNode {
    const others = getBinaryNodeChildren(create, 'participant')
      .map((p) => this.who(p.attrs.jid!))
      .filter((m): m is Member => Boolean(m));
    const g: FakeGroup = {
      id: `1203630${randomInt(1e9, 9e9)}@g.us`,
      subject: create.attrs.subject ?? '',
      creation: now(),
      creator: caller,
      members: [{ ...caller, admin: 'superadmin' }, ...others.map((m) => ({ lid: m.lid, pn: m.pn }))],
      announce: false,
      locked: false,
      ephemeral: 0,
      invite: randomBytes(11).toString('base64url'),
    };
    this.groups.set(g.id, g);
    return result(iq, [this.node(g)]);
  }
}
