import type { Config } from '../config';
import type { BillingProviders } from '../services/billing/port';
import type { DialogflowPort } from '../services/dialogflow/port';
import type { MailTransport } from '../services/mail/outbox';
import type { PostWebhook } from '../services/webhooks/port';
import { startBillingDue } from './billing-due';
import { startCampaigns } from './campaigns';
import { startCartRecovery } from './cart-recovery';
import { startDialogflow } from './dialogflow';
import { startHousekeeping } from './housekeeping';
import { startLivePresence } from './live-presence';
import { startLiveSnooze } from './live-snooze';
import { startMailSender } from './mail-sender';
import type { Stop } from '../services/run-again';
import type { Job, JobOptions } from './job';
import { startWarming } from './warming';
import { startWebhookDeliverer } from './webhook-deliverer';

/** What the entries hand the jobs: the services and log, and the ports the jobs call out through. */
export interface JobPorts {
  post: PostWebhook;
  dialogflow: DialogflowPort;
  /** The mail transport; without one (no SMTP_URL) e-mails stay in the outbox. */
  mail?: MailTransport;
}

/** Which process is starting its jobs: the server (`src/node.ts`) or a runner (`src/phone-runner.ts`). */
export interface JobHost {
  entry: 'server' | 'runner';
  config: Config;
}

/** A process hosts phones, and the jobs that go with them, unless it is a server with RUN_PHONES=false. */
const hostsPhones = (h: JobHost) => h.entry === 'runner' || h.config.RUN_PHONES;

interface JobEntry {
  name: string;
  /** Whether this process runs the job. */
  runsIn: (h: JobHost, ports: JobPorts) => boolean;
  start: Job<JobPorts>;
}

/** Every background job, and where it runs. Both entries start this one list through `startJobs`. */
export const JOBS: readonly JobEntry[] = [
  { name: 'webhooks', runsIn: hostsPhones, start: startWebhookDeliverer },
  { name: 'warming', runsIn: hostsPhones, start: startWarming },
  { name: 'dialogflow', runsIn: hostsPhones, start: startDialogflow },
  { name: 'campaigns', runsIn: hostsPhones, start: startCampaigns },
  { name: 'billing-due', runsIn: hostsPhones, start: startBillingDue },
  { name: 'cart-recovery', runsIn: hostsPhones, start: startCartRecovery },
  { name: 'live-snooze', runsIn: hostsPhones, start: startLiveSnooze },
  { name: 'live-presence', runsIn: hostsPhones, start: startLivePresence },
  { name: 'housekeeping', runsIn: (h) => h.entry === 'server' && hostsPhones(h), start: startHousekeeping },
  {
    name: 'mail',
    runsIn: (h, p) => h.entry === 'server' && p.mail !== undefined,
    start: (o) => startMailSender({ ...o, mail: o.mail! }),
  },
];

/** Starts the jobs of the list this process runs; the stop function stops them all and waits for their passes. */
export function startJobs(host: JobHost, o: JobOptions & JobPorts & { ctx: { billing: BillingProviders } }): Stop {
  const stops = JOBS.filter((j) => j.runsIn(host, o)).map((j) => j.start(o));
  return async () => {
    await Promise.allSettled(stops.map((stop) => stop()));
  };
}
