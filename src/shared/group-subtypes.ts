/** Kinds of group membership events the group action logs hold (no zod here: the console imports it). */
export const GROUP_SUBTYPES = ['add', 'demote', 'invite', 'leave', 'name', 'promote', 'remove'] as const;
export type GroupSubtype = (typeof GROUP_SUBTYPES)[number];
