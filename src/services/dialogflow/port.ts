import type { ServiceAccount } from '../../shared/schemas/integrations';

/** One question to an agent: a customer's text in a conversation (the session). */
interface DetectIntentRequest {
  account: ServiceAccount;
  projectId: string;
  languageCode: string;
  /** Stable per conversation, so the agent keeps its context (at most 36 characters). */
  sessionId: string;
  text: string;
  now: number;
}

/** The Dialogflow ES port: the texts the agent answers with (empty when it has nothing to say). */
export interface DialogflowPort {
  detectIntent(req: DetectIntentRequest): Promise<string[]>;
}
