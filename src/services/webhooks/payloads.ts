import type { GroupEvent, IncomingMessage } from '../../engines/types';
import { webhookStatus } from '../phones/status-map';
import { digits } from '../../shared/jid';
import { quotedView, senderView } from '../messages/quoted';

interface PhoneLike {
  id: number;
  pid: string;
  number: string | null;
}

/** Ack codes and their names (reference: webhook-ack-data). */
const ACK_TYPES = { 1: 'delivered', 2: 'reached', 3: 'seen', 4: 'played', 5: 'deleted' } as const;

/** An incoming message as the webhook receives it (reference: incomingMessageType). */
export function messagePayload(phone: PhoneLike, id: string, m: IncomingMessage, publicUrl: string, mediaUrl?: string) {
  const { media: _media, ...rest } = m;
  void _media;
  return {
    product_id: phone.pid,
    phone_id: phone.id,
    message: { ...rest.message, id, _serialized: id, ...(mediaUrl ? { url: mediaUrl } : {}) },
    user: senderView(m.from),
    conversation: m.key.chatId,
    ...(m.chatName ? { conversation_name: m.chatName } : {}),
    receiver: phone.number ?? '',
    timestamp: m.timestamp,
    type: 'message',
    reply: `${publicUrl}/api/${phone.pid}/${phone.id}/sendMessage`,
    ...(m.quoted ? { quoted: quotedView(m.quoted) } : {}),
  };
}

/** A group membership event as an info message (reference: info-message). */
export function groupInfoPayload(phone: PhoneLike, e: GroupEvent, participant: string, publicUrl: string) {
  const id = `false_${e.groupId}_${e.subtype}_${e.time}_${digits(participant)}`;
  return {
    product_id: phone.pid,
    phone_id: phone.id,
    message: { type: 'info', id, subtype: `group/${e.subtype}`, participant, fromMe: false },
    user: { id: e.by ?? participant, name: digits(e.by ?? participant), phone: digits(e.by ?? participant) },
    conversation: e.groupId,
    ...(e.groupName ? { conversation_name: e.groupName } : {}),
    receiver: phone.number ?? '',
    timestamp: Math.floor(e.time / 1000),
    type: 'message',
    reply: `${publicUrl}/api/${phone.pid}/${phone.id}/sendMessage`,
  };
}

/** An ack notification (reference: webhook-ack-body). */
export function ackPayload(phone: PhoneLike, msgId: string, ack: 1 | 2 | 3 | 4 | 5, chatId: string, time: number) {
  return {
    type: 'ack',
    product_id: phone.pid,
    phone_id: phone.id,
    data: [{ ackType: ACK_TYPES[ack], ackCode: ack, chatId, msgId, time }],
  };
}

/**
 * An official number's message Meta refused or gave up on (e.g. 131047 outside the 24-hour window):
 * an ack whose type is `failed`, with Meta's reason (ours: the reference's acks only go forward).
 */
export function failedAckPayload(phone: PhoneLike, msgId: string, chatId: string, reason: string, time: number) {
  return {
    type: 'ack',
    product_id: phone.pid,
    phone_id: phone.id,
    data: [{ ackType: 'failed', ackCode: -1, chatId, msgId, time, reason }],
  };
}

/** A message that could not be sent after its last attempt (ours: the reference has no such event); `time` in seconds. */
export function sendFailedPayload(phone: PhoneLike, msgId: string, chatId: string, reason: string, time: number) {
  return { type: 'error', product_id: phone.pid, phone_id: phone.id, data: [{ msgId, chatId, reason, time }] };
}

/** A status change (reference: webhook-status-body). */
export function statusPayload(phone: PhoneLike, status: string) {
  return { type: 'status', pid: phone.pid, phone_id: phone.id, status: webhookStatus(status) };
}

/** A customer opted out with a keyword (issue 41, ours); `time` in seconds. */
export function optoutPayload(
  phone: PhoneLike,
  data: { number: string; chatId: string; msgId: string; word: string; time: number },
) {
  return { type: 'optout', product_id: phone.pid, phone_id: phone.id, data };
}
