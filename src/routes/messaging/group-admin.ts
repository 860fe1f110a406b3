import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../env';
import {
  changeParticipants,
  configureGroup,
  setProfileImage,
  type ParticipantAction,
} from '../../services/groups/admin';
import {
  groupConfigBody,
  groupParticipantBody,
  PROFILE_IMAGE_MAX,
  setProfileImageBody,
} from '../../shared/schemas/messaging/requests';
import { groupConfigResponse, justSuccess } from '../../shared/schemas/messaging/answers';
import { failWith, ok, routes } from '../kit/declare';
import { answer } from './answer';
import { phoneOf, phonePost } from './per-phone';
import { TAGS } from './params';

const participantsRoute = (action: ParticipantAction, summary: string) =>
  phonePost(TAGS.groups, `/group/${action}`, summary, groupParticipantBody, ok(justSuccess));
/** The body carries the image itself when it is a data URI. */
const PROFILE_IMAGE_BODY_MAX = PROFILE_IMAGE_MAX + 4 * 1024;
const profileImage = phonePost(
  TAGS.groups,
  '/setProfileImage',
  'Set the picture of a group, or of the phone itself',
  setProfileImageBody,
  ok(justSuccess),
  PROFILE_IMAGE_BODY_MAX,
);
const config = phonePost(
  TAGS.groups,
  '/group/config',
  'Who may edit the group and send to it; disappearing messages',
  groupConfigBody,
  ok(groupConfigResponse),
);

type ParticipantCtx = Context<
  AppEnv,
  string,
  { out: { param: { phone_id: string }; json: z.output<typeof groupParticipantBody> } }
>;

/** The handler of a participant action. */
function participants(action: ParticipantAction) {
  return async (c: ParticipantCtx) => {
    const input = c.req.valid('json');
    await changeParticipants(c.get('ctx'), await phoneOf(c), input.conversation_id, action, input.number);
    return answer(c, { success: true });
  };
}

/** Members, settings and pictures of one phone's groups: `/api/{productId}/{phone_id}/...`. */
export const groupAdminRoutes = routes()
  .openapi(participantsRoute('add', 'Add participants'), participants('add'))
  .openapi(participantsRoute('remove', 'Remove participants'), participants('remove'))
  .openapi(participantsRoute('promote', 'Make participants admins'), participants('promote'))
  .openapi(participantsRoute('demote', 'Take admin rights away'), participants('demote'))
  .openapi(config, async (c) => {
    const input = c.req.valid('json');
    return answer(c, {
      success: true,
      data: await configureGroup(c.get('ctx'), await phoneOf(c), input.conversation_id, input.config),
    });
  })
  .openapi(
    profileImage,
    async (c) => {
      await setProfileImage(c.get('ctx'), await phoneOf(c), c.req.valid('json'));
      return answer(c, { success: true });
    },
    failWith('BAD_REQUEST'),
  );
