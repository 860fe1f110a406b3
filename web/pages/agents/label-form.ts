import type { InboxLabel, LabelValues } from '../../stores/inbox-owner/labels';

/** The few colours a label may take, named for the swatches' accessible names. */
export const SWATCHES = [
  { color: '#0d7468', name: 'Teal' },
  { color: '#2563eb', name: 'Blue' },
  { color: '#6d4bc4', name: 'Purple' },
  { color: '#c026d3', name: 'Pink' },
  { color: '#dc2626', name: 'Red' },
  { color: '#ea580c', name: 'Orange' },
  { color: '#a16207', name: 'Amber' },
  { color: '#64748b', name: 'Gray' },
] as const;

export const LABEL_NAME_MAX = 40;

/** The label screen's texts (ours: issue 42 names only `{name, color}`). */
export const LABEL_TEXT = {
  title: 'Labels',
  empty: 'No labels yet.',
  nameRequired: 'Label name is required.',
  nameTooLong: `A label name can be at most ${LABEL_NAME_MAX} characters.`,
  duplicate: 'A label with this name exists.',
  deleted: 'Label deleted.',
  saved: 'Label saved.',
} as const;

/** The form's error on the name, if any (the colour always comes from a swatch). */
export function validateLabel(v: LabelValues, others: readonly InboxLabel[]): { name?: string } {
  const name = v.name.trim();
  if (!name) return { name: LABEL_TEXT.nameRequired };
  if (name.length > LABEL_NAME_MAX) return { name: LABEL_TEXT.nameTooLong };
  if (others.some((l) => l.name.toLowerCase() === name.toLowerCase())) return { name: LABEL_TEXT.duplicate };
  return {};
}
